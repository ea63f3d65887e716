import { ZGoogleConnectStart } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { startGoogleConnect } from './google.service.ts';

/** The signed-in owner, for itself. Google's consent URL (PKCE S256, a state bound to this owner, 10 minutes). */
export const startGoogleConnectOperation = ownerProcedure('manage')
  .output(ZGoogleConnectStart)
  .mutation(({ ctx }) => startGoogleConnect(ctx.deps, ctx.session.owner));
