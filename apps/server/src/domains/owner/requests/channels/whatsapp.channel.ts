import { findSendAttempt } from '@starloop/db';
import type { TDeps } from '../../../../context.ts';
import { giveBackPlatformQuota, takePlatformQuota } from '../../channels/platform-quota.service.ts';
import type { TChannelSettings, TRequestChannel, TRequestMessage } from './channel.types.ts';
import { phoneChannel, postToProvider, type TProviderRequest } from './phone.channel.ts';
import type { TProviderOutcome } from './send-attempts.service.ts';

/**
 * WhatsApp through Meta's WhatsApp Business Platform Cloud API: an approved template message
 * (`POST {WHATSAPP_API_BASE}/{phone-number-id}/messages`, type `template`) whose body takes two
 * parameters, {{1}} the customer's name and {{2}} the request's link. Each owner brings their own
 * WhatsApp Business Account: phone-number id, template name and language, and an access token
 * (sealed at rest). Statuses and STOP replies come back through domains/webhooks/whatsapp-webhook.route.ts.
 * Cloud API reference: https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 */

export const WHATSAPP_SETTING_KEYS = [
  'phoneNumberId',
  'templateName',
  'templateLanguage',
  'accessToken',
] as const;

/** Cloud API error codes that mean "not now" (throttling, a passing fault); every other refusal is final. */
const RETRY_CODES = new Set([1, 2, 4, 17, 32, 613, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/** Final refusals the owner can act on, in their words. */
const FINAL_TEXTS: Record<number, string> = {
  0: 'WhatsApp refused the access token: update it in Settings',
  190: 'The WhatsApp access token has expired or was revoked: update it in Settings',
  100: 'WhatsApp refused the request: check the phone number ID and the template in Settings',
  131026: 'WhatsApp could not deliver to this number (not on WhatsApp, or an old app)',
  131030: 'This number is not on the allowed list of the WhatsApp test account',
  131031: 'The WhatsApp Business Account is locked',
  131047: 'WhatsApp allows only template messages to this customer (24-hour window closed)',
  131051: 'WhatsApp does not support this message type',
  132000: 'The template does not take 2 body parameters (customer name, link): check it in WhatsApp Manager',
  132001: 'The template does not exist in this language or is not approved yet',
  132005: 'The template text is too long once filled in',
  132007: 'The template breaks a WhatsApp policy',
  132012: 'The template parameters do not match its format',
  132015: 'The template is paused by WhatsApp (low quality)',
  132016: 'The template is disabled by WhatsApp',
  133010: 'The WhatsApp phone number is not registered with the Cloud API',
  368: 'The WhatsApp account is temporarily blocked for policy violations',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A template parameter: no newlines or tabs and at most 4 spaces in a row (Cloud API rules), short. */
export function templateParameter(value: string, max = 60): string {
  const clean = value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return [...clean].slice(0, max).join('').trim();
}

/**
 * A template message to one number: its body parameters in order ({{1}}, {{2}}, …), and a key
 * WhatsApp echoes back in every status webhook (`biz_opaque_callback_data`).
 */
export function whatsappTemplateBody(message: {
  phoneE164: string;
  template: string | null | undefined;
  language: string | null | undefined;
  parameters: string[];
  callbackData: string;
}) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.phoneE164.replace(/^\+/, ''),
    type: 'template',
    biz_opaque_callback_data: message.callbackData,
    template: {
      name: message.template,
      language: { policy: 'deterministic', code: message.language },
      components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
}

export function whatsappRequestBody(settings: TChannelSettings, message: TRequestMessage) {
  const name = templateParameter(message.contact.name ?? '') || 'Customer';
  return whatsappTemplateBody({
    phoneE164: message.contact.phoneE164 ?? '',
    template: settings.templateName,
    language: settings.templateLanguage,
    parameters: [name, message.link],
    // Settles a send whose answer was lost (send-attempts.service.ts).
    callbackData: message.idempotencyKey,
  });
}

/** The Cloud API call that sends one message from this phone-number id with this token. */
export function whatsappMessagesRequest(
  deps: Pick<TDeps, 'config'>,
  sender: { phoneNumberId?: string | null | undefined; accessToken?: string | null | undefined },
  body: unknown,
): TProviderRequest {
  return {
    url: `${deps.config.channels.whatsapp.apiBase}/${encodeURIComponent(sender.phoneNumberId ?? '')}/messages`,
    headers: { authorization: `Bearer ${sender.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** What an answer of the Cloud API means for the send. */
export function whatsappOutcome(status: number, body: string, retryAfterSeconds?: number): TProviderOutcome {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (status >= 200 && status < 300) {
    const id = text((json as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id);
    // Accepted but the id was lost on the way: the status webhook will name it.
    return id
      ? { kind: 'accepted', providerMessageId: id }
      : { kind: 'in-doubt', error: 'accepted without a message id' };
  }
  const error = (
    json as { error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } } }
  )?.error;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const detail = text(error?.error_data?.details) ?? text(error?.message) ?? `HTTP ${status}`;
  const described = `WhatsApp ${code ?? status}: ${detail}`.slice(0, 500);
  if (status === 429 || status >= 500 || (code !== undefined && RETRY_CODES.has(code))) {
    return { kind: 'refused', retry: true, error: described, retryAfterSeconds };
  }
  const known = code !== undefined ? FINAL_TEXTS[code] : undefined;
  return {
    kind: 'refused',
    retry: false,
    error: known ? `${known} (${described})`.slice(0, 500) : described,
  };
}

const ownWhatsApp = phoneChannel({
  name: 'whatsapp',
  provider: 'WhatsApp',
  settingKeys: WHATSAPP_SETTING_KEYS,
  notSetUp: 'WhatsApp is not set up for this business',
  request: (deps, settings, message) =>
    whatsappMessagesRequest(deps, settings, whatsappRequestBody(settings, message)),
  outcome: whatsappOutcome,
});

const configured = (settings: TChannelSettings | undefined): settings is TChannelSettings =>
  Boolean(settings && WHATSAPP_SETTING_KEYS.every((key) => settings[key]));

/**
 * StarLoop's own number as a business's WhatsApp sender (issue 33 item 5): for a business without
 * its own WhatsApp account, when the operator configured an approved request template. `via`
 * marks it so sends count against the branch's platform quota.
 */
export function platformWhatsAppSettings(deps: Pick<TDeps, 'config'>): TChannelSettings | undefined {
  const operator = deps.config.operatorWhatsApp;
  const template = deps.config.platform.whatsapp.requestTemplate;
  if (!operator || !template) return undefined;
  return {
    phoneNumberId: operator.phoneNumberId,
    accessToken: operator.accessToken,
    templateName: template,
    templateLanguage: operator.templateLanguage,
    via: 'platform',
  };
}

/**
 * WhatsApp review requests: the business's own Cloud API account when it set one up, else
 * StarLoop's number within the plan's monthly quota, in the request's page language (the operator
 * approves the template in each of the eight).
 */
export const whatsappChannel: TRequestChannel = {
  ...ownWhatsApp,
  async settings(deps, ownerId) {
    const own = await ownWhatsApp.settings?.(deps, ownerId);
    return configured(own) ? own : (platformWhatsAppSettings(deps) ?? own);
  },
  async send(deps, settings, message) {
    if (settings?.via !== 'platform') return ownWhatsApp.send(deps, settings, message);
    // A replay of a message already sent (or in doubt, or running) answers from its attempt and
    // sends nothing: it must not spend the quota again.
    const earlier = await findSendAttempt(deps.db, message.idempotencyKey);
    if (earlier && earlier.state !== 'not_sent') {
      return ownWhatsApp.send(deps, { ...settings, templateLanguage: message.language }, message);
    }
    const taken = await takePlatformQuota(deps, message.ownerId);
    if (!taken.ok) return { status: 'failed', error: taken.error };
    const result = await ownWhatsApp.send(deps, { ...settings, templateLanguage: message.language }, message);
    // Nothing went out (refused, or to be retried): the message is not spent.
    if (result.status !== 'sent') await giveBackPlatformQuota(deps, message.ownerId, taken.month);
    return result;
  },
};

/**
 * Sends one template message from a sender that is not an owner's (StarLoop's own: renewal
 * reminders). No send attempt is recorded here: the caller keeps its own state and must not send
 * again after an 'in-doubt'.
 */
export function sendWhatsAppTemplate(
  deps: Pick<TDeps, 'config'>,
  sender: { phoneNumberId: string; accessToken: string },
  body: ReturnType<typeof whatsappTemplateBody>,
): Promise<TProviderOutcome> {
  return postToProvider(deps, 'WhatsApp', whatsappMessagesRequest(deps, sender, body), whatsappOutcome);
}
