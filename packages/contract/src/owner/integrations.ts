import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { PLAN_FEATURES, planAllows, type TPlanKey } from '../plans.ts';
import { cappedText, withMessage, ZRecordId } from '../schema-helpers.ts';
import { ZRequestSent, ZSendRequest } from './requests.ts';

/**
 * The integrations of issue 19 item 5 (owner.integrations): API keys for
 * `POST /api/v1/review-requests` and outbound webhooks signed with HMAC-SHA256.
 */

/** API keys and webhooks are Professional features (issue 19 item 5): PLAN_FEATURES (plans.ts). */
export const INTEGRATION_PLANS: readonly TPlanKey[] = PLAN_FEATURES.integrations;
export const integrationsAllowed = (plan: TPlanKey): boolean => planAllows(plan, 'integrations');
export const API_KEY_LIMIT = 10;
export const WEBHOOK_ENDPOINT_LIMIT = 5;
export const API_KEY_NAME_MAX = 60;
export const IDEMPOTENCY_KEY_MAX = 255;
/**
 * The events an endpoint can subscribe to. `case.created` and `case.resolved` (issue 33) carry the
 * case as `GET /api/v1/cases/{id}` answers it, without its timeline.
 */
export const OUTBOUND_EVENT_TYPES = [
  'review.created',
  'request.clicked',
  'case.created',
  'case.resolved',
] as const;
export type TOutboundEventType = (typeof OUTBOUND_EVENT_TYPES)[number];
/** The header of every outbound webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'X-StarLoop-Signature';
/** Receivers should refuse a signature older than this. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const INTEGRATION_TEXTS = {
  professionalOnly: 'API keys and webhooks are part of the Professional plan.',
  apiKeyNameRequired: 'Please enter a name for this key',
  apiKeyNameMax: `Key name must be at most ${API_KEY_NAME_MAX} characters`,
  apiKeyLimit: `You can have at most ${API_KEY_LIMIT} active keys. Revoke one you no longer use.`,
  apiKeyCreated: 'Key created. Copy it now: it will not be shown again.',
  apiKeyRevoked: 'Key revoked. Calls with it are refused from now on.',
  apiKeyNotFound: 'Key not found',
  apiKeyInvalid: 'Invalid or revoked API key',
  idempotencyKeyRequired: 'Send an Idempotency-Key header (up to 255 characters) with every request',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request',
  idempotencyKeyRunning: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
  webhookUrlInvalid: 'Enter an https:// URL',
  webhookUrlPrivate: 'This URL points to a private or local address',
  webhookEventsRequired: 'Choose at least one event',
  webhookLimit: `You can have at most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints.`,
  webhookCreated: 'Endpoint added. Copy its signing secret now: it will not be shown again.',
  webhookDeleted: 'Endpoint removed. Its delivery log stays below.',
  webhookNotFound: 'Endpoint not found',
} as const;

export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (`sl_live_AbCd…`). */
  prefix: z.string(),
  createdAt: ZIsoDate,
  lastUsedAt: ZIsoDate.nullable(),
  revokedAt: ZIsoDate.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ keys: z.array(ZApiKey), allowed: z.boolean() });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

export const ZApiKeyCreate = z.object({
  name: cappedText(API_KEY_NAME_MAX * 4, INTEGRATION_TEXTS.apiKeyNameRequired)
    .trim()
    .min(1, INTEGRATION_TEXTS.apiKeyNameRequired)
    .max(API_KEY_NAME_MAX, INTEGRATION_TEXTS.apiKeyNameMax),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;

/** The one answer that carries the key itself. */
export const ZApiKeyCreated = withMessage({ apiKey: ZApiKey, key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZIntegrationId = z.object({ id: ZRecordId });
export type TIntegrationId = z.infer<typeof ZIntegrationId>;

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(OUTBOUND_EVENT_TYPES)),
  createdAt: ZIsoDate,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointList = z.object({
  endpoints: z.array(ZWebhookEndpoint),
  allowed: z.boolean(),
  events: z.array(z.enum(OUTBOUND_EVENT_TYPES)),
});
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

export const ZWebhookEndpointCreate = z.object({
  url: cappedText(2048, INTEGRATION_TEXTS.webhookUrlInvalid)
    .trim()
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, INTEGRATION_TEXTS.webhookUrlInvalid),
  events: z
    .array(z.enum(OUTBOUND_EVENT_TYPES))
    .min(1, INTEGRATION_TEXTS.webhookEventsRequired)
    .max(OUTBOUND_EVENT_TYPES.length)
    .transform((list) => [...new Set(list)]),
});
export type TWebhookEndpointCreate = z.infer<typeof ZWebhookEndpointCreate>;

/** The one answer that carries the signing secret. */
export const ZWebhookEndpointCreated = withMessage({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookEndpointCreated = z.infer<typeof ZWebhookEndpointCreated>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  url: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: ZIsoDate,
  lastAttemptAt: ZIsoDate.nullable(),
  deliveredAt: ZIsoDate.nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryQuery = z
  .object({ endpointId: ZRecordId.optional(), beforeId: ZRecordId.optional() })
  .prefault({});
export type TWebhookDeliveryQuery = z.infer<typeof ZWebhookDeliveryQuery>;

export const ZWebhookDeliveryList = z.object({
  deliveries: z.array(ZWebhookDelivery),
  /** Pass as `beforeId` for older deliveries; null at the end. */
  nextBeforeId: z.number().int().nullable(),
});
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;

// ------------------------------------------------------------------------------ public API

/** `POST /api/v1/review-requests`: the same body as the owner's "Send now". */
export const ZApiReviewRequestCreate = ZSendRequest;
export type TApiReviewRequestCreate = z.infer<typeof ZApiReviewRequestCreate>;
export const ZApiReviewRequestCreated = ZRequestSent;
