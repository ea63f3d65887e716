import { ZPlacementStats, ZPlacementStatsInput } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getPlacementStats } from './placements.service.ts';

/** The signed-in owner. Their By-placement figures over a range of IST days (the last 30 by default). */
export const getPlacementStatsOperation = ownerProcedure('manage')
  .input(ZPlacementStatsInput.prefault({}))
  .output(ZPlacementStats)
  .query(({ ctx, input }) => getPlacementStats(ctx.deps, ctx.session.owner, input));
