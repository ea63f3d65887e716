import { BRAND } from '../../lib/brand.ts';
import classes from './brand-mark.module.css';

/** The StarLoop logo: a star in a loop, then the name. Decorative icon; the name is the text. */
export function BrandMark({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return (
    <span className={classes.mark} data-size={size}>
      <svg className={classes.icon} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle
          cx="16"
          cy="16"
          r="14"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeDasharray="70 18"
        />
        <path fill="#f59e0b" d="M16 8.5l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5-3.6-3.5 5-.7z" />
      </svg>
      <span className={classes.name}>{BRAND}</span>
    </span>
  );
}
