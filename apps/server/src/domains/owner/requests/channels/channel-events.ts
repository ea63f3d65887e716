import { timingSafeEqual } from 'node:crypto';
import type { TDeps } from '../../../../context.ts';
import type { TChannelName, TDeliveryEvent } from './channel.ts';

/**
 * Where provider webhooks report what they learnt: the requests service's `recordDeliveryEvent`
 * and `optOutContact` (requests.service.ts). Passed in, so the parsing and verification of each
 * provider's webhook is tested on its own.
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

/** Compares two secrets in constant time (different lengths are simply unequal). */
export function secretsMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
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
