import { ZMessageResult } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { disconnectGoogle } from './google.service.ts';

/** The signed-in owner, for itself. Revokes the grant at Google and deletes tokens and imported reviews. */
export const disconnectGoogleOperation = ownerProcedure('manage')
  .output(ZMessageResult)
  .mutation(({ ctx }) => disconnectGoogle(ctx.deps, ctx.session.owner.id, ctx));
