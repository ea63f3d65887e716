import { ZGoogleLocations } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { listGoogleLocations } from './google.service.ts';

/** The signed-in owner, for itself. The accounts and locations its own Google grant manages. */
export const listGoogleLocationsOperation = ownerProcedure('manage')
  .output(ZGoogleLocations)
  .query(({ ctx }) => listGoogleLocations(ctx.deps, ctx.session.owner.id));
