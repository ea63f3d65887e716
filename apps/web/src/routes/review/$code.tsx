import { createFileRoute } from '@tanstack/react-router';
import { ReviewPage } from '../../features/review/review-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

// No Mantine here or in anything this imports (scripts/check-review-bundle.mjs checks the build).
export const Route = createFileRoute('/review/$code')({
  head: titleHead('Rate your experience'),
  component: ReviewRoute,
});

function ReviewRoute() {
  const { code } = Route.useParams();
  return <ReviewPage code={code} />;
}
