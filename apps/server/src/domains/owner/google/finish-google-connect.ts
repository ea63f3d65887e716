import { ZGoogleConnectFinish, ZGoogleStatus } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { finishGoogleConnect } from './google.service.ts';

/**
 * The signed-in owner, for itself: only the owner who started the consent can spend its state
 * (a wrong, used, expired or another owner's state is a 400). Exchanges the code with the verifier.
 */
export const finishGoogleConnectOperation = ownerProcedure('manage')
  .input(ZGoogleConnectFinish)
  .output(ZGoogleStatus)
  .mutation(({ ctx, input }) => finishGoogleConnect(ctx.deps, ctx.session.owner, input, ctx));
