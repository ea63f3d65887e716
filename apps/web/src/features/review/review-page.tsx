import styles from './review-page.module.css';

/** Texts of spec section 2 (/review/{code}), verbatim. */
export const REVIEW_TEXT = {
  loading: 'Loading review form...',
  noCode: 'No business code provided',
} as const;

export interface TReviewPageProps {
  /** The business code from the URL; undefined on /review/ without one. */
  code: string | undefined;
}

/**
 * The customer review page. It must stay free of Mantine and of other heavy libraries: it is the
 * one screen customers see, on phones and slow networks. `npm run check:bundle` fails the build
 * check if Mantine reaches this page's chunks.
 */
export function ReviewPage({ code }: TReviewPageProps) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        {code ? (
          <p className={styles.status} role="status">
            {REVIEW_TEXT.loading}
          </p>
        ) : (
          <p className={styles.error} role="alert">
            {REVIEW_TEXT.noCode}
          </p>
        )}
      </div>
    </main>
  );
}
