import { ZWebhookEndpointList } from '@starloop/contract';
import { ownerProcedure } from '../../../../trpc/init.ts';
import { listWebhookEndpoints } from '../integrations.service.ts';

/** The signed-in owner, for itself. Its webhook endpoints (never their signing secrets). */
export const listWebhookEndpointsOperation = ownerProcedure('account')
  .output(ZWebhookEndpointList)
  .query(({ ctx }) => listWebhookEndpoints(ctx.deps, ctx.session.owner));
