import type { SVGProps } from 'react';

/** Small stroke icons for table toolbars and row actions (no icon library in the bundle). */
function Icon({ children, size = 18, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

type TIconProps = SVGProps<SVGSVGElement> & { size?: number };

export const IconEye = (props: TIconProps) => (
  <Icon {...props}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const IconPencil = (props: TIconProps) => (
  <Icon {...props}>
    <path d="M4 20h4L18.5 9.5a2.1 2.1 0 0 0-4-4L4 16v4z" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
);

export const IconTrash = (props: TIconProps) => (
  <Icon {...props}>
    <path d="M4 7h16" />
    <path d="M10 11v6M14 11v6" />
    <path d="M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12" />
    <path d="M9 7V4h6v3" />
  </Icon>
);

export const IconSearch = (props: TIconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Icon>
);

export const IconRefresh = (props: TIconProps) => (
  <Icon {...props}>
    <path d="M20 11a8 8 0 0 0-14.8-4M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.8 4M20 20v-4h-4" />
  </Icon>
);

export const IconSort = ({ sorted, ...props }: TIconProps & { sorted: 'asc' | 'desc' | null }) => (
  <Icon size={14} {...props}>
    {sorted === 'asc' ? <path d="M6 15l6-6 6 6" /> : null}
    {sorted === 'desc' ? <path d="M6 9l6 6 6-6" /> : null}
    {sorted === null ? <path d="M8 10l4-4 4 4M8 14l4 4 4-4" /> : null}
  </Icon>
);
