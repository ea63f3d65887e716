import { type ReactNode, useId } from 'react';
import { BRAND } from '../../lib/brand.ts';
import { pageTitle } from '../../lib/page-title.ts';
import { StarMark } from '../star-mark/star-mark.tsx';
import styles from './status-page.module.css';

export interface TStatusPageProps {
  /** A big decorative code above the title, e.g. "404" (hidden from screen readers). */
  code?: string;
  title: string;
  message: ReactNode;
  /** Buttons and links; use `statusPageButtonClass()` for their look. */
  actions?: ReactNode;
}

/**
 * A full-page message with a heading and actions: the 404 page and the route error page.
 * Plain React and a CSS module, no Mantine: it renders outside every Mantine area.
 */
export function StatusPage({ code, title, message, actions }: TStatusPageProps) {
  const titleId = useId();
  return (
    <main className={styles.page} aria-labelledby={titleId}>
      <title>{pageTitle(title)}</title>
      <div className={styles.card}>
        <p className={styles.brand}>
          <StarMark className={styles.brandMark} />
          {BRAND}
        </p>
        {code ? (
          <p className={styles.code} aria-hidden="true">
            {code}
          </p>
        ) : null}
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        <p className={styles.message}>{message}</p>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </main>
  );
}

export function statusPageButtonClass(variant: 'primary' | 'secondary'): string {
  return `${styles.button} ${styles[variant]}`;
}

export const statusPageIconClass = styles.icon;
