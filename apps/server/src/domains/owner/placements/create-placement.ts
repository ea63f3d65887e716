import { ZPlacement, ZPlacementCreate } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { createPlacement } from './placements.service.ts';

/** The signed-in owner. Adds a placement with a new key (403 past the plan's limit, 409 on a taken name). */
export const createPlacementOperation = ownerProcedure('manage')
  .input(ZPlacementCreate)
  .output(ZPlacement)
  .mutation(({ ctx, input }) => createPlacement(ctx.deps, ctx.session.owner, input));
