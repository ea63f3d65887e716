import { ZMessageResult } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { syncGoogleNow } from './google.service.ts';

/** The signed-in owner, for itself. A full sync with Google now (edits and deletions included). */
export const syncGoogleOperation = ownerProcedure('manage')
  .output(ZMessageResult)
  .mutation(({ ctx }) => syncGoogleNow(ctx.deps, ctx.session.owner.id));
