import { hydrateRoot } from 'react-dom/client';
import { ReviewApp, type TReviewPageData } from './page-data.tsx';
import { REVIEW_DATA_ID, REVIEW_ROOT_ID } from './paths.ts';

/**
 * Takes over the server-rendered page: the same component tree, from the data the server inlined.
 * Nothing is fetched and nothing re-renders visibly; taps made before this ran were plain form
 * posts and already reached the server.
 */
export function hydrateReviewPage(): void {
  const root = document.getElementById(REVIEW_ROOT_ID);
  const json = document.getElementById(REVIEW_DATA_ID)?.textContent;
  if (!root || !json) return;
  const data = JSON.parse(json) as TReviewPageData;
  // In a task of its own: evaluating React and hydrating in one go would be one long task on a
  // slow phone, holding up a tap; two shorter ones leave room for it in between.
  setTimeout(() => {
    hydrateRoot(root, <ReviewApp data={data} />, {
      // A mismatch means the server and this bundle disagree (a stale build): say so in the console.
      onRecoverableError: (error) => console.error('review page hydration:', error),
    });
  }, 0);
}
