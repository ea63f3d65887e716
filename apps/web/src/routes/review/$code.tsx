import { createFileRoute } from '@tanstack/react-router';
import { prefetchReviewInfo } from '../../features/review/review-info.ts';
import { ReviewPage } from '../../features/review/review-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

// No Mantine here or in anything this imports (scripts/check-review-bundle.mjs checks the build).
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
