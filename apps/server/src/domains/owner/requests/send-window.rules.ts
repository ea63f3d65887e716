import { istTimeOfDay, type TRequestCategory } from '@starloop/contract';

/**
 * When a request may go. Promotional messages (campaigns, reminders) go only within the IST hours
 * of REQUESTS_PROMOTIONAL_HOURS (TRAI: 9 am to 9 pm); otherwise they wait for the next opening.
 * Service messages (one request right after a visit) go at once. The IST clock is the contract's
 * (rules/ist.ts: UTC+05:30, no daylight saving).
 */

export interface THours {
  from: number;
  to: number;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export function isWithinHours(at: Date, hours: THours): boolean {
  const ms = istTimeOfDay(at);
  return ms >= hours.from * HOUR_MS && ms < hours.to * HOUR_MS;
}

/** `at` itself inside the hours; else the next time they open (today's or tomorrow's IST morning). */
export function nextOpening(at: Date, hours: THours): Date {
  if (isWithinHours(at, hours)) return at;
  const ms = istTimeOfDay(at);
  const midnight = at.getTime() - ms;
  const opening = midnight + hours.from * HOUR_MS;
  return new Date(ms < hours.from * HOUR_MS ? opening : opening + DAY_MS);
}

/** When a request of this category asked for `at` may go. */
export function sendTimeFor(category: TRequestCategory, at: Date, hours: THours): Date {
  return category === 'promotional' ? nextOpening(at, hours) : at;
}
