import { router } from '../../../trpc/init.ts';
import { adminReviewsListProcedure } from './list.procedure.ts';

/** Admin reviews management (view only). */
export const adminReviewsRouter = router({
  list: adminReviewsListProcedure,
});
