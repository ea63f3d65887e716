import { ZGoogleSelectLocation, ZGoogleStatus } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { selectGoogleLocation } from './google.service.ts';

/** The signed-in owner, for itself. Picks one of its own Google locations and starts the import. */
export const selectGoogleLocationOperation = ownerProcedure('manage')
  .input(ZGoogleSelectLocation)
  .output(ZGoogleStatus)
  .mutation(({ ctx, input }) => selectGoogleLocation(ctx.deps, ctx.session.owner, input));
