import { ZPlacementList } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { listPlacements } from './placements.service.ts';

/** The signed-in owner. Their own live placements and their plan's limit. */
export const listPlacementsOperation = ownerProcedure('manage')
  .output(ZPlacementList)
  .query(({ ctx }) => listPlacements(ctx.deps, ctx.session.owner));
