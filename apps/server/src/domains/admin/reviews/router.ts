import { router } from '../../../trpc/init.ts';

/** Admin reviews. */
export const adminReviewsRouter = router({});
