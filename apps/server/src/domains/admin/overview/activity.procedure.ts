import { ZAdminActivityQuery, ZAdminActivityResponse } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listAdminActivity } from './overview.service.ts';

/** Who: any admin. Recent activity, newest first, paged (limit 10 by default). */
export const adminOverviewActivityProcedure = adminProcedure
  .input(ZAdminActivityQuery.prefault({}))
  .output(ZAdminActivityResponse)
  .query(({ ctx, input }) => listAdminActivity(ctx.deps, input));
