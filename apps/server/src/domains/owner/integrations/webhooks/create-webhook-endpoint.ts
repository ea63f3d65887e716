import { ZWebhookEndpointCreate, ZWebhookEndpointCreated } from '@starloop/contract';
import { ownerProcedure } from '../../../../trpc/init.ts';
import { createWebhookEndpoint } from '../integrations.service.ts';

/** The signed-in owner on Professional (else 403). An https endpoint and its signing secret, answered once. */
export const createWebhookEndpointOperation = ownerProcedure('account')
  .input(ZWebhookEndpointCreate)
  .output(ZWebhookEndpointCreated)
  .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.deps, ctx.session.owner, input, ctx));
