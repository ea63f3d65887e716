import {
  ACCOUNT_TEXTS,
  PUSH_TEXTS,
  type TPushSubscription,
  type TPushSubscriptionCreate,
  type TPushSubscriptions,
} from '@starloop/contract';
import {
  deletePushSubscription,
  listPushSubscriptions,
  savePushSubscription,
  type TPersonPublic,
  type TPushSubscriptionRow,
} from '@starloop/db';
import type { TAccountSession } from '../../auth/authenticate.ts';
import type { TDeps } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';

/**
 * A person's own Web Push subscriptions (owner.push.*, issue 34): any signed-in member turns
 * notifications on for the phone or browser in hand, and off again; nobody sees or ends another's.
 *
 * The endpoint is where the server will POST, so it is held to the browsers' push services
 * (https, a known host): a member cannot make the server call an address of their choosing. Only
 * a test server (OUTBOUND_WEBHOOKS_ALLOW_LOCAL=on, as for webhooks) also takes loopback addresses,
 * where the fake push service listens.
 */

type TPushDeps = Pick<TDeps, 'config' | 'db' | 'now'>;

/** The push services of the browsers people use (Chrome, Edge, Firefox, Safari, Samsung, Opera). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether the server may POST pushes to this endpoint. */
export function pushEndpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (allowLocal && LOOPBACK_HOSTS.has(host) && (url.protocol === 'http:' || url.protocol === 'https:'))
    return true;
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

function personOf(session: TAccountSession): TPersonPublic {
  if (!session.person) throw forbidden(ACCOUNT_TEXTS.personOnly);
  return session.person;
}

const toSubscription = (row: TPushSubscriptionRow): TPushSubscription => ({
  id: Number(row.id),
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
});

/** GET /api/v1/me/push-subscriptions: the VAPID public key and the person's subscriptions. */
export async function listOwnPushSubscriptions(
  deps: TPushDeps,
  session: TAccountSession,
): Promise<TPushSubscriptions> {
  const person = personOf(session);
  const rows = await listPushSubscriptions(deps.db, Number(person.id));
  return { publicKey: deps.config.webPush?.publicKey ?? null, subscriptions: rows.map(toSubscription) };
}

/** POST /api/v1/me/push-subscriptions: this browser's subscription, saved for the person. */
export async function subscribeToPush(
  deps: TPushDeps,
  session: TAccountSession,
  input: TPushSubscriptionCreate,
  userAgent: string | undefined,
): Promise<TPushSubscription> {
  const person = personOf(session);
  if (!deps.config.webPush) throw badRequest(PUSH_TEXTS.notConfigured);
  if (!pushEndpointAllowed(input.endpoint, deps.config.outboundWebhooks.allowLocal))
    throw badRequest(PUSH_TEXTS.endpointInvalid, 'endpoint');
  const row = await savePushSubscription(
    deps.db,
    Number(person.id),
    {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: userAgent ? userAgent.slice(0, 300) : null,
    },
    deps.now(),
  );
  return toSubscription(row);
}

/** DELETE /api/v1/me/push-subscriptions?endpoint=…: this browser stops getting the person's pushes. */
export async function unsubscribeFromPush(
  deps: TPushDeps,
  session: TAccountSession,
  endpoint: string,
): Promise<{ success: true }> {
  const person = personOf(session);
  if (!(await deletePushSubscription(deps.db, Number(person.id), endpoint)))
    throw notFound(PUSH_TEXTS.notFound);
  return { success: true };
}
