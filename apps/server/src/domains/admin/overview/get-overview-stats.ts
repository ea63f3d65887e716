import { ZAdminOverview } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { getAdminOverview } from './overview.service.ts';

/** Any admin. The overview's stat cards (revenue in rupees) and 12-month charts. */
export const getOverviewStatsOperation = adminProcedure
  .output(ZAdminOverview)
  .query(({ ctx }) => getAdminOverview(ctx.deps));
