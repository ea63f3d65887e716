import { ZPlacement, ZPlacementRename } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { renamePlacement } from './placements.service.ts';

/** The signed-in owner. Renames one of their own placements; its key (and printed QR code) stays. */
export const renamePlacementOperation = ownerProcedure('manage')
  .input(ZPlacementRename)
  .output(ZPlacement)
  .mutation(({ ctx, input }) => renamePlacement(ctx.deps, ctx.session.owner, input));
