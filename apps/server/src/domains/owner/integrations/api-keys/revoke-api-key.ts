import { ZIntegrationId, ZMessageResult } from '@starloop/contract';
import { ownerProcedure } from '../../../../trpc/init.ts';
import { revokeApiKey } from '../integrations.service.ts';

/** The signed-in owner, for its own key (another owner's id is a 404). Calls with it are refused at once. */
export const revokeApiKeyOperation = ownerProcedure('account')
  .input(ZIntegrationId)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => revokeApiKey(ctx.deps, ctx.session.owner, input.id, ctx));
