import { createFileRoute } from '@tanstack/react-router';
import { ReviewsScreen } from '../../../features/admin/reviews/reviews-screen.tsx';
import { reviewsList } from '../../../features/admin/shared/admin-lists.ts';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/reviews')({
  head: titleHead('Reviews Management'),
  ...reviewsList.route,
  component: ReviewsScreen,
});
