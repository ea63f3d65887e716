import { router } from '../../trpc/init.ts';
import { ownerReviewProcedure, ownerReviewsProcedure, ownerStatsProcedure } from './dashboard.procedures.ts';

/** Owner dashboard: stats and reviews. */
export const ownerDashboardRouter = router({
  stats: ownerStatsProcedure,
  reviews: ownerReviewsProcedure,
  review: ownerReviewProcedure,
});
