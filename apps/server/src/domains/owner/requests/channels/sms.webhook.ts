import { createHash } from 'node:crypto';
import {
  adoptProviderMessage,
  findSendAttemptByProviderId,
  recordCaseMessageDelivery,
  setSendAttemptStatus,
} from '@starloop/db';
import type { TDeps } from '../../../../context.ts';
import { notFound } from '../../../../lib/errors.ts';
import { secretsMatch } from '../../../../lib/local-access.ts';
import { threadCustomerAnswer } from '../../../cases/case-messages.service.ts';
import { smsWebhookToken } from '../../channels/channel-settings.service.ts';
import {
  deliveryEvent,
  isStopReply,
  oncePerEvent,
  type TChannelEventSink,
} from './channel-events.service.ts';
import { recipientHash } from './send-attempts.service.ts';

/**
 * Gupshup's callbacks to an owner's own URLs (channel-settings.service.ts, `smsWebhookUrls`):
 * - delivery reports (https://docs.gupshup.io/docs/real-time-delivery-reports): GET
 *   `?externalId&deliveredTS&status(SUCCESS|FAILURE|UNKNOWN)&cause&phoneNo&errCode…`, or a POST of
 *   a JSON array of up to 20 events (`externalId`, `eventType` DELIVERED|FAILED, `eventTs`, `destAddr`,
 *   `cause`, `errCode`);
 * - keyword replies on the owner's long code (docs.gupshup.io "Keyword Response URL"): GET
 *   `?phonecode&keyword&location&carrier&content&msisdn&timestamp`; STOP opts the customer out.
 * Gupshup signs nothing, so the URL's token (HMAC of the owner id with SMS_WEBHOOK_SECRET) is the
 * proof, compared in constant time. Reports are handled once per message id and status.
 */

/**
 * The owner id in StarLoop's own SMS sender's callback URLs (/webhooks/sms/0/<token>/…): its
 * delivery reports and keyword replies are the platform's, for every business.
 */
export const PLATFORM_SMS_OWNER_ID = 0;

export function assertSmsWebhookToken(
  deps: Pick<TDeps, 'config'>,
  ownerIdText: string,
  token: string,
): number {
  const secret = deps.config.channels.sms.webhookSecret;
  const ownerId = /^\d{1,15}$/.test(ownerIdText) ? Number(ownerIdText) : Number.NaN;
  if (!secret || !Number.isSafeInteger(ownerId) || !secretsMatch(smsWebhookToken(secret, ownerId), token)) {
    throw notFound('Not found');
  }
  return ownerId;
}

export interface TSmsReport {
  externalId: string;
  status: 'delivered' | 'failed' | 'other';
  at: Date;
  phoneE164: string | undefined;
  error: string | undefined;
}

const str = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** India's numbers come as 91XXXXXXXXXX (or the bare 10 digits). */
export function gupshupPhone(value: unknown): string | undefined {
  const digits = str(value)?.replace(/\D/g, '');
  if (!digits) return undefined;
  if (digits.length === 10) return `+91${digits}`;
  return digits.length >= 7 && digits.length <= 15 ? `+${digits}` : undefined;
}

function time(value: unknown, fallback: Date): Date {
  const n = Number(str(value));
  if (!Number.isFinite(n) || n <= 0) return fallback;
  // Milliseconds, as Gupshup sends them; a seconds value is taken as such.
  return new Date(n > 1e12 ? n : n * 1000);
}

const errorText = (cause: unknown, code: unknown) => {
  const text = [str(code), str(cause)].filter(Boolean).join(' ');
  return text ? `Gupshup ${text}`.slice(0, 500) : undefined;
};

/** One report of the GET form. */
export function parseGupshupReportQuery(query: Record<string, unknown>, now: Date): TSmsReport | undefined {
  const externalId = str(query.externalId);
  if (!externalId) return undefined;
  const status = (str(query.status) ?? '').toUpperCase();
  const mapped =
    status === 'SUCCESS' ? 'delivered' : status === 'FAILURE' || status === 'FAIL' ? 'failed' : 'other';
  return {
    externalId: externalId.slice(0, 200),
    status: mapped,
    at: time(query.deliveredTS, now),
    phoneE164: gupshupPhone(query.phoneNo),
    error: mapped === 'failed' ? errorText(query.cause, query.errCode) : undefined,
  };
}

/** The reports of the POST form (a JSON array, or `{ "response": [...] }`). */
export function parseGupshupReportBatch(body: unknown, now: Date): TSmsReport[] {
  const list = Array.isArray(body)
    ? body
    : Array.isArray((body as { response?: unknown } | null)?.response)
      ? ((body as { response: unknown[] }).response as unknown[])
      : [];
  const reports: TSmsReport[] = [];
  for (const item of list.slice(0, 100)) {
    if (!item || typeof item !== 'object') continue;
    const event = item as Record<string, unknown>;
    const externalId = str(event.externalId);
    if (!externalId) continue;
    const type = (str(event.eventType) ?? '').toUpperCase();
    const mapped = type === 'DELIVERED' ? 'delivered' : type === 'FAILED' ? 'failed' : 'other';
    reports.push({
      externalId: externalId.slice(0, 200),
      status: mapped,
      at: time(event.eventTs, now),
      phoneE164: gupshupPhone(event.destAddr),
      error: mapped === 'failed' ? errorText(event.cause, event.errCode) : undefined,
    });
  }
  return reports;
}

export async function handleSmsReports(
  deps: TDeps,
  ownerId: number,
  reports: TSmsReport[],
  sink: TChannelEventSink,
): Promise<{ recorded: number; ignored: number; duplicates: number }> {
  const result = { recorded: 0, ignored: 0, duplicates: 0 };
  for (const report of reports) {
    if (report.status === 'other') {
      result.ignored += 1;
      continue;
    }
    const eventId = `dlr:${ownerId}:${report.externalId}:${report.status}`;
    const handled = await oncePerEvent(deps, 'sms', eventId, async () => {
      // StarLoop's own sender (owner id 0) also carries case replies: theirs is one update.
      if (ownerId === PLATFORM_SMS_OWNER_ID) {
        const caseId = await recordCaseMessageDelivery(deps.db, {
          channel: 'sms',
          providerMessageId: report.externalId,
          status: report.status,
          at: report.at,
        });
        if (caseId !== undefined) {
          result.recorded += 1;
          return;
        }
      }
      const attempt = await findSendAttemptByProviderId(deps.db, 'sms', report.externalId);
      let ours = attempt?.ownerId === ownerId;
      if (!attempt && report.phoneE164) {
        // A send whose answer was lost: the report of this owner to that number settles it.
        ours =
          (await adoptProviderMessage(deps.db, {
            channel: 'sms',
            providerMessageId: report.externalId,
            status: report.status,
            ownerId,
            recipientHash: recipientHash(report.phoneE164),
            at: report.at,
          })) !== undefined;
      }
      // The owner's gateway account may send other messages too (or another owner's id was sent
      // to this URL): only our own messages are recorded.
      if (!ours) {
        result.ignored += 1;
        return;
      }
      await setSendAttemptStatus(deps.db, 'sms', report.externalId, report.status);
      await sink.recordDeliveryEvent(deps, deliveryEvent('sms', report.externalId, report));
      result.recorded += 1;
    });
    if (!handled) result.duplicates += 1;
  }
  return result;
}

/** A keyword reply on the owner's long code: STOP (as keyword or text) opts the sender out. */
export async function handleSmsInbound(
  deps: TDeps,
  ownerId: number,
  query: Record<string, unknown>,
  sink: TChannelEventSink,
): Promise<{ optedOut: boolean }> {
  const phone = gupshupPhone(query.msisdn);
  const keyword = str(query.keyword);
  const content = str(query.content);
  if (!phone) return { optedOut: false };
  // StarLoop's shared sender cannot tell which business a STOP meant: it counts for all of them.
  const scope = ownerId === PLATFORM_SMS_OWNER_ID ? {} : { ownerId };
  if (!(isStopReply(keyword) || isStopReply(content))) {
    const text = [keyword, content].filter(Boolean).join(' ');
    if (text) {
      const id = createHash('sha256')
        .update(`${phone}|${str(query.timestamp) ?? ''}|${text}`)
        .digest('hex');
      await oncePerEvent(deps, 'sms', `answer:${ownerId}:${id}`, async () => {
        await threadCustomerAnswer(deps, {
          channel: 'sms',
          from: phone,
          text,
          providerMessageId: `in:${id}`,
        });
      });
    }
    return { optedOut: false };
  }
  // The callback has no message id: the sender, the time and the text identify one reply.
  const id = createHash('sha256')
    .update(`${phone}|${str(query.timestamp) ?? ''}|${keyword ?? ''}|${content ?? ''}`)
    .digest('hex');
  let optedOut = false;
  await oncePerEvent(deps, 'sms', `inbound:${ownerId}:${id}`, async () => {
    await sink.optOutContact(deps, { channel: 'sms', phoneE164: phone, ...scope, source: 'stop-reply' });
    optedOut = true;
    deps.log.info({ ownerId, channel: 'sms' }, 'customer opted out by STOP reply');
  });
  return { optedOut };
}
