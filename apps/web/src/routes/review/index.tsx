import { createFileRoute } from '@tanstack/react-router';
import { ReviewPage } from '../../features/review/review-page.tsx';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/review/')({
  head: titleHead('Rate your experience'),
  component: () => <ReviewPage code={undefined} />,
});
