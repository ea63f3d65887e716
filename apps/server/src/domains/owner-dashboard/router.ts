import { router } from '../../trpc/init.ts';

/** Owner dashboard: stats and reviews. */
export const ownerDashboardRouter = router({});
