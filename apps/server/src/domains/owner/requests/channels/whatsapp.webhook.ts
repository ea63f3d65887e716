import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  adoptProviderMessage,
  findOwnerIdByWhatsAppNumber,
  optOutOfOperatorWhatsApp,
  recordCaseMessageDelivery,
  setSendAttemptStatus,
} from '@starloop/db';
import type { TDeps } from '../../../../context.ts';
import { AppError, unauthorized } from '../../../../lib/errors.ts';
import { secretsMatch } from '../../../../lib/local-access.ts';
import { threadCustomerAnswer } from '../../../cases/case-messages.service.ts';
import {
  deliveryEvent,
  isStopReply,
  oncePerEvent,
  type TChannelEventSink,
} from './channel-events.service.ts';
import { recipientHash } from './send-attempts.service.ts';

/**
 * The WhatsApp Cloud API webhook (https://developers.facebook.com/docs/graph-api/webhooks/getting-started,
 * .../whatsapp/cloud-api/webhooks/components). StarLoop's Meta app receives it for every owner's
 * WhatsApp Business Account:
 * - GET: the subscription handshake (`hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`).
 * - POST: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`, checked
 *   timing-safe before the body is parsed. Message statuses (sent, delivered, read, failed) go to
 *   recordDeliveryEvent; a customer's STOP reply opts them out of that owner's requests, and an
 *   owner's STOP to StarLoop's own number (OPERATOR_WHATSAPP_PHONE_NUMBER_ID) ends its renewal
 *   reminders by WhatsApp. Each status (message id + status) and each inbound message id is
 *   handled once.
 */

export function whatsappSignatureValid(
  appSecret: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The challenge to echo when the handshake is ours, else undefined (answered 403). */
export function whatsappHandshake(
  verifyToken: string | undefined,
  query: Record<string, unknown>,
): string | undefined {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') {
    return undefined;
  }
  if (challenge.length > 200 || !secretsMatch(verifyToken, token)) return undefined;
  return challenge;
}

export interface TWhatsAppStatus {
  id: string;
  status: string;
  at: Date;
  recipient: string | undefined;
  callbackData: string | undefined;
  error: string | undefined;
}

export interface TWhatsAppInbound {
  id: string;
  phoneNumberId: string | undefined;
  from: string;
  text: string | undefined;
}

type TJson = Record<string, unknown>;
const obj = (value: unknown): TJson | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as TJson) : undefined;
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function timestamp(value: unknown, fallback: Date): Date {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : fallback;
}

/** The statuses and inbound messages of a webhook body (anything else in it is ignored). */
export function parseWhatsAppWebhook(
  body: unknown,
  now: Date,
): { statuses: TWhatsAppStatus[]; messages: TWhatsAppInbound[] } {
  const statuses: TWhatsAppStatus[] = [];
  const messages: TWhatsAppInbound[] = [];
  if (obj(body)?.object !== 'whatsapp_business_account') return { statuses, messages };
  for (const entry of arr(obj(body)?.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      if (obj(change)?.field !== 'messages') continue;
      const value = obj(obj(change)?.value);
      const phoneNumberId = str(obj(value?.metadata)?.phone_number_id);
      for (const raw of arr(value?.statuses)) {
        const status = obj(raw);
        const id = str(status?.id);
        const name = str(status?.status);
        if (!id || !name) continue;
        const firstError = obj(arr(status?.errors)[0]);
        const details = str(obj(firstError?.error_data)?.details);
        statuses.push({
          id,
          status: name,
          at: timestamp(status?.timestamp, now),
          recipient: str(status?.recipient_id),
          callbackData: str(status?.biz_opaque_callback_data),
          error: firstError
            ? `WhatsApp ${String(firstError.code ?? '')}: ${str(firstError.title) ?? str(firstError.message) ?? 'failed'}${details ? ` (${details})` : ''}`.slice(
                0,
                500,
              )
            : undefined,
        });
      }
      for (const raw of arr(value?.messages)) {
        const message = obj(raw);
        const id = str(message?.id);
        const from = str(message?.from);
        if (!id || !from) continue;
        const text =
          str(obj(message?.text)?.body) ??
          str(obj(message?.button)?.text) ??
          str(obj(message?.button)?.payload) ??
          str(obj(obj(message?.interactive)?.button_reply)?.title);
        messages.push({ id, phoneNumberId, from, text });
      }
    }
  }
  return { statuses, messages };
}

const DELIVERY_STATUSES = new Set(['delivered', 'read', 'failed']);

/** POST /api/webhooks/whatsapp proves itself: Meta's signature over the raw body (401 otherwise). */
export function verifyWhatsAppWebhook(
  deps: Pick<TDeps, 'config' | 'log'>,
  input: { rawBody: Buffer; signature: string | undefined },
): Buffer {
  const secret = deps.config.channels.whatsapp.appSecret;
  if (!secret) deps.log.warn('WhatsApp webhook received but WHATSAPP_APP_SECRET is not set');
  if (!secret || !whatsappSignatureValid(secret, input.rawBody, input.signature)) {
    throw unauthorized('Invalid signature');
  }
  return input.rawBody;
}

/** A verified webhook body (verifyWhatsAppWebhook): message statuses and customer replies. */
export async function handleWhatsAppWebhook(
  deps: TDeps,
  input: { rawBody: Buffer },
  sink: TChannelEventSink,
): Promise<{ statuses: number; optOuts: number; duplicates: number }> {
  let body: unknown;
  try {
    body = JSON.parse(input.rawBody.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON');
  }
  const { statuses, messages } = parseWhatsAppWebhook(body, deps.now());
  const result = { statuses: 0, optOuts: 0, duplicates: 0 };

  for (const status of statuses) {
    const handled = await oncePerEvent(deps, 'whatsapp', `status:${status.id}:${status.status}`, async () => {
      // A send whose answer was lost learns its message id here (send-attempts.service.ts).
      const adopted = status.callbackData
        ? await adoptProviderMessage(deps.db, {
            channel: 'whatsapp',
            providerMessageId: status.id,
            status: status.status,
            idempotencyKey: status.callbackData,
            at: status.at,
          })
        : undefined;
      if (!adopted) await setSendAttemptStatus(deps.db, 'whatsapp', status.id, status.status);
      // A case reply (sent from StarLoop's number) has its own delivery state.
      await recordCaseMessageDelivery(deps.db, {
        channel: 'whatsapp',
        providerMessageId: status.id,
        status: status.status,
        at: status.at,
        ...(status.error ? { error: status.error } : {}),
      });
      if (!DELIVERY_STATUSES.has(status.status)) return;
      await sink.recordDeliveryEvent(deps, deliveryEvent('whatsapp', status.id, status));
      result.statuses += 1;
    });
    if (!handled) result.duplicates += 1;
  }

  for (const message of messages) {
    const handled = await oncePerEvent(deps, 'whatsapp', `message:${message.id}`, async () => {
      const from = `+${message.from.replace(/^\+/, '')}`;
      if (!isStopReply(message.text)) {
        // Any other text answers the case whose reply went to this number last.
        if (message.text) {
          await threadCustomerAnswer(deps, {
            channel: 'whatsapp',
            from,
            text: message.text,
            providerMessageId: message.id,
          });
        }
        return;
      }
      if (!message.phoneNumberId) return;
      if (message.phoneNumberId === deps.config.operatorWhatsApp?.phoneNumberId) {
        // To StarLoop's own number: an owner asks for no more renewal reminders by WhatsApp, or a
        // customer of any business for no more case replies (the shared number cannot tell which).
        await optOutOfOperatorWhatsApp(deps.db, recipientHash(from));
        await sink.optOutContact(deps, { channel: 'whatsapp', phoneE164: from, source: 'stop-reply' });
        result.optOuts += 1;
        deps.log.info({ channel: 'whatsapp' }, "STOP reply to StarLoop's WhatsApp number");
        return;
      }
      const ownerId = await findOwnerIdByWhatsAppNumber(deps.db, message.phoneNumberId);
      // A number no owner has set up is not ours to act on.
      if (ownerId === undefined) return;
      await sink.optOutContact(deps, {
        channel: 'whatsapp',
        phoneE164: `+${message.from.replace(/^\+/, '')}`,
        ownerId,
        source: 'stop-reply',
      });
      result.optOuts += 1;
      deps.log.info({ ownerId, channel: 'whatsapp' }, 'customer opted out by STOP reply');
    });
    if (!handled) result.duplicates += 1;
  }
  return result;
}
