import { ZWebhookDeliveryList, ZWebhookDeliveryQuery } from '@starloop/contract';
import { ownerProcedure } from '../../../../trpc/init.ts';
import { listWebhookDeliveries } from '../integrations.service.ts';

/** The signed-in owner, for itself. Its webhook delivery log, newest first, 50 at a time. */
export const listWebhookDeliveriesOperation = ownerProcedure('account')
  .input(ZWebhookDeliveryQuery)
  .output(ZWebhookDeliveryList)
  .query(({ ctx, input }) => listWebhookDeliveries(ctx.deps, ctx.session.owner, input));
