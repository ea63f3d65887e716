import { router } from '../../../trpc/init.ts';

/** Admin overview. */
export const adminOverviewRouter = router({});
