import type { SVGProps } from 'react';
import { LineIcon } from '../line-icon/line-icon.tsx';

/** Small stroke icons for table toolbars and row actions. */
function Icon({ size = 18, ...props }: TIconProps) {
  return <LineIcon size={size} {...props} />;
}

type TIconProps = Omit<SVGProps<SVGSVGElement>, 'path'> & { size?: number; path?: string };

export const IconEye = (props: TIconProps) => (
  <Icon {...props} path="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0" />
);
export const IconPencil = (props: TIconProps) => (
  <Icon {...props} path="M4 20h4L18.5 9.5a2.1 2.1 0 0 0-4-4L4 16v4zM13.5 6.5l4 4" />
);
export const IconTrash = (props: TIconProps) => (
  <Icon {...props} path="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);
export const IconSearch = (props: TIconProps) => (
  <Icon {...props} path="M4 11a7 7 0 1 0 14 0a7 7 0 1 0-14 0M20 20l-3.5-3.5" />
);
export const IconRefresh = (props: TIconProps) => (
  <Icon {...props} path="M20 11a8 8 0 0 0-14.8-4M4 4v4h4M4 13a8 8 0 0 0 14.8 4M20 20v-4h-4" />
);

export const IconSort = ({ sorted, ...props }: TIconProps & { sorted: 'asc' | 'desc' | null }) => (
  <Icon size={14} {...props}>
    {sorted === 'asc' ? <path d="M6 15l6-6 6 6" /> : null}
    {sorted === 'desc' ? <path d="M6 9l6 6 6-6" /> : null}
    {sorted === null ? <path d="M8 10l4-4 4 4M8 14l4 4 4-4" /> : null}
  </Icon>
);
