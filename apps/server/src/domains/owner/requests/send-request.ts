import { ZRequestSent, ZSendRequest } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { sendRequest } from './request-creation.service.ts';

/**
 * The signed-in owner. Sends one review request now to one of their customers or one typed in
 * (403 with the reason: opted out, no consent, asked too recently, unreachable, quota used).
 */
export const sendRequestOperation = ownerProcedure('manage')
  .input(ZSendRequest)
  .output(ZRequestSent)
  .mutation(({ ctx, input }) => sendRequest(ctx.deps, ctx.session.owner, input));
