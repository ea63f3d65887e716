import { prefetchReviewInfo } from '@starloop/review-page';
import { createFileRoute } from '@tanstack/react-router';
import { ReviewPage } from '../../features/review/review-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

/*
 * The fallback of the server-rendered review page (the server answers every full load of
 * /review/{code}; this route serves the Vite dev server and in-app navigation). No Mantine here or
 * in anything this imports (scripts/check-review-bundle.mjs checks the build).
 */
export const Route = createFileRoute('/review/$code')({
  head: titleHead('Rate your experience'),
  // Starts the page's data request while its code is still downloading; the page takes it over.
  loader: ({ params }) => {
    prefetchReviewInfo(params.code);
  },
  component: ReviewRoute,
});

function ReviewRoute() {
  const { code } = Route.useParams();
  return <ReviewPage code={code} />;
}
