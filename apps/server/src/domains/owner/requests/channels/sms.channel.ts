import { parseVariables, renderDltMessage } from './dlt-template.rules.ts';
import { phoneChannel } from './phone.channel.ts';
import type { TProviderOutcome } from './send-attempts.service.ts';

/**
 * SMS through Gupshup's Enterprise SMS API (`{SMS_API_BASE}` = https://enterprise.smsgupshup.com/
 * GatewayAPI/rest, method SendMessage; https://docs.gupshup.io/docs/send-message-to-single-number).
 * Chosen because its request carries every DLT field itself: `principalEntityId`, `dltTemplateId`,
 * `mask` (the registered header) and the full text, so the text is rendered and checked against
 * the registered template here (dlt-template.rules.ts). Each owner brings their own Gupshup account
 * (user id, password sealed at rest) and DLT registration. Delivery reports and STOP keywords come
 * back through domains/webhooks/sms-webhook.route.ts. The form is POSTed, so the password never sits in a URL.
 */

export const SMS_SETTING_KEYS = [
  'userId',
  'password',
  'principalEntityId',
  'header',
  'dltTemplateId',
  'templateText',
  'variables',
] as const;

/** Gupshup answers `success | 919xxxxxxxxx | <id>` (format=text) or `{"response": {...}}` (format=json). */
export function parseGupshupAnswer(
  body: string,
): { status: 'success'; id: string } | { status: 'error'; code: string; details: string } | undefined {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const response = (JSON.parse(trimmed) as { response?: Record<string, unknown> }).response;
      const status = String(response?.status ?? '').toLowerCase();
      if (status === 'success' && response?.id) return { status: 'success', id: String(response.id) };
      if (status === 'error') {
        return {
          status: 'error',
          code: String(response?.id ?? ''),
          details: String(response?.details ?? ''),
        };
      }
    } catch {
      return undefined;
    }
    return undefined;
  }
  const [status, second, ...rest] = trimmed.split('|').map((part) => part.trim());
  if (status?.toLowerCase() === 'success' && rest[0]) return { status: 'success', id: rest[0] };
  if (status?.toLowerCase() === 'error')
    return { status: 'error', code: second ?? '', details: rest.join(' | ') };
  return undefined;
}

/** Gupshup's error texts that mean "not now"; every other error answer is a refusal. */
const TRANSIENT = /rate|throttl|too many|try again|temporar|timeout|busy|unavailable|internal error/i;

export function gupshupOutcome(status: number, body: string, retryAfterSeconds?: number): TProviderOutcome {
  if (status === 429 || status >= 500) {
    return { kind: 'refused', retry: true, error: `Gupshup: HTTP ${status}`, retryAfterSeconds };
  }
  const answer = parseGupshupAnswer(body);
  if (status >= 200 && status < 300 && answer?.status === 'success') {
    return { kind: 'accepted', providerMessageId: answer.id };
  }
  if (answer?.status === 'error') {
    const error = `Gupshup ${answer.code}: ${answer.details}`.slice(0, 500);
    return { kind: 'refused', retry: TRANSIENT.test(answer.details), error };
  }
  // A 2xx without a readable answer may still have been taken: wait for the delivery report.
  if (status >= 200 && status < 300) return { kind: 'in-doubt', error: 'Gupshup: unreadable answer' };
  return { kind: 'refused', retry: false, error: `Gupshup: HTTP ${status}` };
}

export const smsChannel = phoneChannel({
  name: 'sms',
  provider: 'Gupshup',
  settingKeys: SMS_SETTING_KEYS,
  notSetUp: 'SMS is not set up for this business',
  request(deps, settings, message, phone) {
    // Validated before anything is recorded or sent: a text DLT would reject is never paid for.
    const rendered = renderDltMessage(settings.templateText ?? '', parseVariables(settings.variables), {
      customerName: message.contact.name ?? '',
      businessName: message.businessName,
      link: message.link,
    });
    if (!rendered.ok) return { error: rendered.error };
    const form = new URLSearchParams({
      method: 'SendMessage',
      send_to: phone.replace(/^\+/, ''),
      msg: rendered.text,
      msg_type: rendered.unicode ? 'Unicode_text' : 'TEXT',
      userid: settings.userId ?? '',
      auth_scheme: 'plain',
      password: settings.password ?? '',
      v: '1.1',
      format: 'json',
      mask: settings.header ?? '',
      principalEntityId: settings.principalEntityId ?? '',
      dltTemplateId: settings.dltTemplateId ?? '',
    });
    return {
      url: deps.config.channels.sms.apiBase,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    };
  },
  outcome: gupshupOutcome,
});
