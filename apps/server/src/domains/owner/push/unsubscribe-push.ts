import { ZPushSubscriptionDelete, ZSuccess } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { unsubscribeFromPush } from '../../alerts/push-subscriptions.service.ts';

/** Any member, for themselves (an API key acts for no person: 403). This browser stops getting their pushes. */
export const unsubscribePushOperation = accountProcedure('read')
  .meta({
    person: true,
    rest: {
      method: 'DELETE',
      path: '/v1/me/push-subscriptions',
      summary: 'Turn off push notifications on this browser',
      description:
        "Removes the signed-in person's subscription of this endpoint (the browser's PushSubscription.endpoint, in the query): 404 when they have none there. An API key acts for no person: 403.",
      tags: ['cases'],
    },
  })
  .input(ZPushSubscriptionDelete)
  .output(ZSuccess)
  .mutation(({ ctx, input }) => unsubscribeFromPush(ctx.deps, ctx.session, input.endpoint));
