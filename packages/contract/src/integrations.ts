import { z } from 'zod';
import { ZIsoDate } from './dto.ts';
import type { TPlanKey } from './plans.ts';
import { ZRequestSent, ZSendRequest } from './requests.ts';
import { cappedText, withMessage, ZRecordId } from './schema-helpers.ts';

/**
 * Review-request channels an owner sets up (WhatsApp Business Cloud API, an Indian DLT SMS
 * gateway) and the integrations of issue 19 item 5: API keys for `POST /api/v1/review-requests`
 * and outbound webhooks signed with HMAC-SHA256. Secrets (access token, gateway password) are
 * write-only: the answers say only whether one is saved.
 */

// ------------------------------------------------------------------------------ channel settings

/** What fills each `{#var#}` of a DLT template, in order. */
export const SMS_TEMPLATE_VARIABLES = ['customerName', 'businessName', 'link'] as const;
export type TSmsTemplateVariable = (typeof SMS_TEMPLATE_VARIABLES)[number];
/** The DLT placeholder, as registered on every operator's portal. */
export const DLT_VARIABLE = '{#var#}';
/** The operators' DLT scrubbing takes at most 30 characters per variable. */
export const DLT_VARIABLE_MAX = 30;
export const SMS_TEMPLATE_MAX = 1000;

export const CHANNEL_TEXTS = {
  saved: 'Channel settings saved',
  phoneNumberIdInvalid: 'Enter the phone number ID from WhatsApp Manager (digits only)',
  templateNameInvalid: 'Template names use lower-case letters, digits and underscores',
  templateLanguageInvalid: 'Enter the template language code, such as en, en_US or hi',
  accessTokenInvalid: 'Paste the whole access token (no spaces)',
  userIdInvalid: 'Enter the Gupshup account user ID (digits only)',
  passwordInvalid: 'Enter the Gupshup account password',
  entityIdInvalid: 'Enter the DLT principal entity ID (digits only)',
  headerInvalid: 'Enter the 6-character sender ID (header) registered on DLT',
  dltTemplateIdInvalid: 'Enter the DLT content template ID (digits only)',
  templateTextInvalid: `Paste the template text exactly as registered on DLT, with ${DLT_VARIABLE} for each variable`,
  variablesMismatch: `Choose what fills each ${DLT_VARIABLE} of the template, in order`,
  variablesNeedLink: 'One variable must be the review link',
  incomplete: (what: string) => `Fill in ${what} before turning this channel on`,
  phoneNumberTaken: 'This WhatsApp phone number is already connected to another StarLoop account',
} as const;

const digits = (min: number, max: number, message: string) =>
  cappedText(64, message)
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), message);

/** Empty is "not set yet" (null); a channel may be saved half-filled while it is off. */
const nullable = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : (v as string)));

/** A write-only secret: left out keeps the saved one, '' keeps it too, null removes it. */
const writeOnly = (max: number, message: string) =>
  z
    .union([cappedText(max, message).trim().regex(/^\S*$/, message), z.null()])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const ZWhatsAppSettingsUpdate = z.object({
  channel: z.literal('whatsapp'),
  enabled: z.boolean(),
  phoneNumberId: nullable(digits(5, 30, CHANNEL_TEXTS.phoneNumberIdInvalid)),
  templateName: nullable(
    cappedText(512, CHANNEL_TEXTS.templateNameInvalid)
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, CHANNEL_TEXTS.templateNameInvalid),
  ),
  templateLanguage: nullable(
    cappedText(16, CHANNEL_TEXTS.templateLanguageInvalid)
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, CHANNEL_TEXTS.templateLanguageInvalid),
  ),
  accessToken: writeOnly(2048, CHANNEL_TEXTS.accessTokenInvalid),
});
export type TWhatsAppSettingsUpdate = z.infer<typeof ZWhatsAppSettingsUpdate>;

export const ZSmsSettingsUpdate = z.object({
  channel: z.literal('sms'),
  enabled: z.boolean(),
  userId: nullable(digits(4, 20, CHANNEL_TEXTS.userIdInvalid)),
  password: writeOnly(128, CHANNEL_TEXTS.passwordInvalid),
  principalEntityId: nullable(digits(10, 25, CHANNEL_TEXTS.entityIdInvalid)),
  header: nullable(
    cappedText(16, CHANNEL_TEXTS.headerInvalid)
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6}$/, CHANNEL_TEXTS.headerInvalid),
  ),
  dltTemplateId: nullable(digits(10, 25, CHANNEL_TEXTS.dltTemplateIdInvalid)),
  templateText: nullable(
    cappedText(SMS_TEMPLATE_MAX, CHANNEL_TEXTS.templateTextInvalid)
      .trim()
      .refine((v) => v.includes(DLT_VARIABLE), CHANNEL_TEXTS.templateTextInvalid),
  ),
  variables: z.array(z.enum(SMS_TEMPLATE_VARIABLES)).max(10, CHANNEL_TEXTS.variablesMismatch).optional(),
});
export type TSmsSettingsUpdate = z.infer<typeof ZSmsSettingsUpdate>;

export const ZChannelSettingsUpdate = z.discriminatedUnion('channel', [
  ZWhatsAppSettingsUpdate,
  ZSmsSettingsUpdate,
]);
export type TChannelSettingsUpdate = z.infer<typeof ZChannelSettingsUpdate>;

export const ZWhatsAppSettings = z.object({
  enabled: z.boolean(),
  phoneNumberId: z.string().nullable(),
  templateName: z.string().nullable(),
  templateLanguage: z.string().nullable(),
  /** Whether an access token is saved (it is never sent back). */
  accessTokenSet: z.boolean(),
  secretUpdatedAt: ZIsoDate.nullable(),
  /** Everything a send needs is filled in. */
  ready: z.boolean(),
  /** This server can receive WhatsApp statuses and STOP replies (its Meta app secret is set). */
  webhookReady: z.boolean(),
});
export type TWhatsAppSettings = z.infer<typeof ZWhatsAppSettings>;

export const ZSmsSettings = z.object({
  enabled: z.boolean(),
  provider: z.literal('gupshup'),
  userId: z.string().nullable(),
  passwordSet: z.boolean(),
  secretUpdatedAt: ZIsoDate.nullable(),
  principalEntityId: z.string().nullable(),
  header: z.string().nullable(),
  dltTemplateId: z.string().nullable(),
  templateText: z.string().nullable(),
  variables: z.array(z.enum(SMS_TEMPLATE_VARIABLES)),
  ready: z.boolean(),
  /** The owner's own URLs to paste into the gateway (null until the server has SMS_WEBHOOK_SECRET). */
  deliveryReportUrl: z.string().nullable(),
  inboundUrl: z.string().nullable(),
});
export type TSmsSettings = z.infer<typeof ZSmsSettings>;

export const ZChannelSettings = z.object({ whatsapp: ZWhatsAppSettings, sms: ZSmsSettings });
export type TChannelSettingsView = z.infer<typeof ZChannelSettings>;

// ------------------------------------------------------------------------------ integrations

/** API keys and webhooks are Professional features (issue 19 item 5). */
export const INTEGRATION_PLANS: readonly TPlanKey[] = ['professional'];
export const integrationsAllowed = (plan: TPlanKey): boolean => INTEGRATION_PLANS.includes(plan);
export const API_KEY_LIMIT = 10;
export const WEBHOOK_ENDPOINT_LIMIT = 5;
export const API_KEY_NAME_MAX = 60;
export const IDEMPOTENCY_KEY_MAX = 255;
/** The events an endpoint can subscribe to. */
export const OUTBOUND_EVENT_TYPES = ['review.created', 'request.clicked'] as const;
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
