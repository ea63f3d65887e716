import { router } from '../../../trpc/init.ts';
import { adminOverviewActivityProcedure } from './activity.procedure.ts';
import { adminOverviewStatsProcedure } from './stats.procedure.ts';

/** Admin overview: stat cards, charts and recent activity. */
export const adminOverviewRouter = router({
  stats: adminOverviewStatsProcedure,
  activity: adminOverviewActivityProcedure,
});
