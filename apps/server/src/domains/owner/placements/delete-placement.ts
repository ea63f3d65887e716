import { ZMessageResult, ZPlacementDelete } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { deletePlacement } from './placements.service.ts';

/** The signed-in owner. Deletes one of their own placements; its reviews and scans stay in the stats. */
export const deletePlacementOperation = ownerProcedure('manage')
  .input(ZPlacementDelete)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => deletePlacement(ctx.deps, ctx.session.owner, input.id, ctx));
