import { ZPushSubscription, ZPushSubscriptionCreate } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { subscribeToPush } from '../../alerts/push-subscriptions.service.ts';

/** Any member, for themselves (an API key acts for no person: 403). This browser gets their pushes. */
export const subscribePushOperation = accountProcedure('read')
  .meta({
    person: true,
    rest: {
      method: 'POST',
      path: '/v1/me/push-subscriptions',
      status: 201,
      summary: 'Turn on push notifications on this browser',
      description:
        "Saves the browser's push subscription (PushSubscription.toJSON(): endpoint and keys) for the signed-in person: new low ratings and cases, overdue cases and renewal reminders then come as push notifications, as their alert preferences say. The endpoint must be a browser push service's https address. Subscribing an endpoint again moves it to this person and turns it back on. 400 when push is not set up on the server. An API key acts for no person: 403.",
      tags: ['cases'],
    },
  })
  .input(ZPushSubscriptionCreate)
  .output(ZPushSubscription)
  .mutation(({ ctx, input }) => subscribeToPush(ctx.deps, ctx.session, input, ctx.userAgent));
