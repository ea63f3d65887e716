import { ZIntegrationId, ZMessageResult } from '@starloop/contract';
import { ownerProcedure } from '../../../../trpc/init.ts';
import { deleteWebhookEndpoint } from '../integrations.service.ts';

/** The signed-in owner, for its own endpoint (another owner's id is a 404). Its log stays readable. */
export const deleteWebhookEndpointOperation = ownerProcedure('account')
  .input(ZIntegrationId)
  .output(ZMessageResult)
  .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.deps, ctx.session.owner, input.id, ctx));
