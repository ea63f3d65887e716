import { ZPushSubscriptions } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { listOwnPushSubscriptions } from '../../alerts/push-subscriptions.service.ts';

/** Any member, for themselves (an API key acts for no person: 403). The key to subscribe with, and their phones. */
export const listPushSubscriptionsOperation = accountProcedure('read')
  .meta({
    person: true,
    rest: {
      method: 'GET',
      path: '/v1/me/push-subscriptions',
      summary: 'Your push notification subscriptions',
      description:
        "The server's VAPID public key (the applicationServerKey a browser subscribes with; null when push is not set up) and the signed-in person's subscriptions: the phones and browsers that get their alerts as push notifications. An API key acts for no person: 403.",
      tags: ['cases'],
    },
  })
  .output(ZPushSubscriptions)
  .query(({ ctx }) => listOwnPushSubscriptions(ctx.deps, ctx.session));
