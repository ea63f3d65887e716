import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';

/**
 * Web Push to the owner app (issue 34 item 2; `/api/v1/me/push-subscriptions`): each person's
 * phones and browsers that turned notifications on. A subscription is what the browser's
 * PushManager answers (`PushSubscription.toJSON()`): the push service's endpoint and the two keys
 * the payload is encrypted to. Each person manages their own; an API key acts for no person.
 */

export const PUSH_TEXTS = {
  endpointInvalid: 'The push endpoint must be an https address of a browser push service.',
  keyInvalid: 'The push subscription keys must be URL-safe base64 (as the browser gives them).',
  notConfigured: 'Push notifications are not set up on this StarLoop server yet.',
  notFound: 'This browser has no push subscription here.',
} as const;

const base64url = (min: number, max: number) =>
  z
    .string({ message: PUSH_TEXTS.keyInvalid })
    .min(min, PUSH_TEXTS.keyInvalid)
    .max(max, PUSH_TEXTS.keyInvalid)
    .regex(/^[A-Za-z0-9_-]+=*$/, PUSH_TEXTS.keyInvalid);

const ZEndpoint = z.string({ message: PUSH_TEXTS.endpointInvalid }).url(PUSH_TEXTS.endpointInvalid).max(2000);

/** POST /api/v1/me/push-subscriptions: the browser's subscription as PushSubscription.toJSON() gives it. */
export const ZPushSubscriptionCreate = z.object({
  endpoint: ZEndpoint,
  /** Browsers send it (mostly null); not used. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes). */
    p256dh: base64url(80, 100),
    /** The 16-byte authentication secret. */
    auth: base64url(16, 32),
  }),
});
export type TPushSubscriptionCreate = z.infer<typeof ZPushSubscriptionCreate>;

/** DELETE /api/v1/me/push-subscriptions?endpoint=…: this browser's subscription ends. */
export const ZPushSubscriptionDelete = z.object({ endpoint: ZEndpoint });
export type TPushSubscriptionDelete = z.infer<typeof ZPushSubscriptionDelete>;

/** One of the person's subscriptions (the endpoint stays on the server: it is a capability). */
export const ZPushSubscription = z.object({
  id: z.number().int(),
  /** The browser that subscribed, as its User-Agent said. */
  userAgent: z.string().nullable(),
  createdAt: ZIsoDate,
  /** When a push last reached its push service; null: none yet. */
  lastSuccessAt: ZIsoDate.nullable(),
  /** When the push service said it is gone (404/410); null: live. */
  disabledAt: ZIsoDate.nullable(),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** GET /api/v1/me/push-subscriptions: the key to subscribe with, and the person's subscriptions. */
export const ZPushSubscriptions = z.object({
  /** The server's VAPID public key (applicationServerKey); null: push is not set up on this server. */
  publicKey: z.string().nullable(),
  subscriptions: z.array(ZPushSubscription),
});
export type TPushSubscriptions = z.infer<typeof ZPushSubscriptions>;

/** What a push carries (JSON, encrypted to the subscription); the service worker shows it. */
export interface TPushPayload {
  title: string;
  body: string;
  /** The page a tap opens (a path of the app). */
  url: string;
  /** Notifications with the same tag replace each other on the phone. */
  tag: string;
}
