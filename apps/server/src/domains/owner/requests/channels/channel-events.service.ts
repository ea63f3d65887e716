import { forgetChannelWebhookEvent, recordChannelWebhookEvent, type TMessagingChannel } from '@starloop/db';
import type { TDeps } from '../../../../context.ts';
import type { TChannelName, TDeliveryEvent } from './channel.types.ts';

/**
 * Where provider webhooks report what they learnt: `recordDeliveryEvent`
 * (delivery-events.service.ts) and `optOutContact` (opt-out.service.ts). Passed in, so the parsing
 * and verification of each provider's webhook is tested on its own.
 */
export interface TChannelEventSink {
  recordDeliveryEvent(deps: TDeps, event: TDeliveryEvent): Promise<unknown>;
  optOutContact(
    deps: TDeps,
    input: {
      channel: TChannelName;
      phoneE164?: string;
      email?: string;
      ownerId?: number;
      source: 'stop-reply' | 'unsubscribe' | 'owner';
    },
  ): Promise<unknown>;
}

/**
 * A reply that asks to stop: the whole message, or its first word, is STOP or UNSUBSCRIBE (or
 * their usual spellings, and Hindi "बंद" / "रोकें"). Anything less clear is not taken as an opt-out.
 */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'OPTOUT', 'OPT-OUT', 'बंद', 'रोकें', 'रोको']);
export function isStopReply(text: string | undefined | null): boolean {
  if (!text) return false;
  const words = text
    .normalize('NFC')
    .toUpperCase()
    .replace(/[.!,;:?"'()]/g, ' ')
    .trim()
    .split(/\s+/);
  const first = words[0] ?? '';
  if (STOP_WORDS.has(first)) return true;
  return words.length <= 2 && STOP_WORDS.has(words.join(''));
}

/**
 * Runs `effect` once per provider event id (a status of a message, an inbound reply): false when
 * the id was handled before. A failed effect forgets the id, so the provider's retry runs it.
 */
export async function oncePerEvent(
  deps: Pick<TDeps, 'db'>,
  channel: TMessagingChannel,
  eventId: string,
  effect: () => Promise<void>,
): Promise<boolean> {
  if (!(await recordChannelWebhookEvent(deps.db, channel, eventId))) return false;
  try {
    await effect();
    return true;
  } catch (error) {
    await forgetChannelWebhookEvent(deps.db, channel, eventId).catch(() => undefined);
    throw error;
  }
}

/** A provider's report on one of our messages as the event the requests service records. */
export function deliveryEvent(
  channel: TMessagingChannel,
  providerMessageId: string,
  report: { status: string; at: Date; error: string | undefined },
): TDeliveryEvent {
  return {
    channel,
    providerMessageId,
    status: report.status as TDeliveryEvent['status'],
    at: report.at,
    ...(report.error ? { error: report.error } : {}),
  };
}
