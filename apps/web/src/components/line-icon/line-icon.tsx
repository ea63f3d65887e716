import type { ReactNode, SVGProps } from 'react';

export interface TLineIconProps extends Omit<SVGProps<SVGSVGElement>, 'path'> {
  /** One path's `d`; or pass paths and shapes as children. */
  path?: string;
  /** Width and height in px; leave out to size it with CSS. */
  size?: number;
  children?: ReactNode;
}

/**
 * A decorative stroke icon on a 24x24 grid (no icon library in the bundle). Plain React, no Mantine:
 * the 404 page uses it too.
 */
export function LineIcon({ path, size, strokeWidth = 2, children, ...props }: TLineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {path ? <path d={path} /> : null}
      {children}
    </svg>
  );
}

/** The tick of the plan lists (landing and registration). */
export const CHECK_PATH = 'M5 12.5l4.5 4.5L19 7.5';
