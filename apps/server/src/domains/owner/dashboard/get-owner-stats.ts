import { ZOwnerStats, ZOwnerStatsInput } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getOwnerStats } from './dashboard.service.ts';

/** The signed-in owner. Cards and charts of their own reviews, of every source unless one is chosen. */
export const getOwnerStatsOperation = ownerProcedure('read')
  .input(ZOwnerStatsInput)
  .output(ZOwnerStats)
  .query(({ ctx, input }) => getOwnerStats(ctx.deps, ctx.session.owner.id, input?.source ?? 'all'));
