/** The filled star of the StarLoop mark and of star ratings, on a 24x24 grid. */
export const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z';

export interface TStarMarkProps {
  /** Width and height in px; leave out to size it with CSS. */
  size?: number;
  className?: string | undefined;
}

/** A decorative filled star in the current colour. Plain React, no Mantine: the 404 page uses it. */
export function StarMark({ size, className }: TStarMarkProps) {
  return (
    <svg
      width={size}
      height={size}
      className={className}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={STAR_PATH} />
    </svg>
  );
}
