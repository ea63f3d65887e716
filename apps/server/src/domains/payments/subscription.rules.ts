import { SUBSCRIPTION_GRACE_DAYS, type TOwnerStatus } from '@starloop/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TSubscriptionState {
  status: TOwnerStatus;
  deletedAt: Date | null;
  subscriptionEnd: Date | null;
}

/**
 * The one rule of whether an owner's public review page works now: active, not deleted, and the
 * subscription open-ended or ended less than SUBSCRIPTION_GRACE_DAYS ago (it closes the moment the
 * grace period ends). Pure: the review page (review-page.rules.ts) and the owner's plan both read it.
 */
export function isReviewPageOpen(owner: TSubscriptionState, now: Date): boolean {
  if (owner.status !== 'active' || owner.deletedAt) return false;
  if (!owner.subscriptionEnd) return true;
  return now.getTime() < graceEnd(owner.subscriptionEnd).getTime();
}

/** The moment the grace period after an end runs out. */
export const graceEnd = (subscriptionEnd: Date): Date =>
  new Date(subscriptionEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS);

/** Ended, but still within the grace period. */
export function isInGrace(subscriptionEnd: Date | null, now: Date): boolean {
  if (!subscriptionEnd) return false;
  const t = now.getTime();
  return t >= subscriptionEnd.getTime() && t < graceEnd(subscriptionEnd).getTime();
}

/** Whole days until the end, rounded up, 0 once ended; null without an end. */
export function daysLeft(subscriptionEnd: Date | null, now: Date): number | null {
  if (!subscriptionEnd) return null;
  return Math.max(0, Math.ceil((subscriptionEnd.getTime() - now.getTime()) / DAY_MS));
}

/**
 * Calendar months in UTC, clamped to the last day of the target month
 * (31 Jan + 1 month = 28/29 Feb, never 3 March).
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** Months a self-service payment buys (spec: plans are priced per month). */
export const MONTHS_PER_PAYMENT = 1;

/**
 * The period a captured payment pays for: it starts when the current period ends if that has not
 * happened yet (a renewal, an upgrade, or a second payment for one registration), otherwise now.
 */
export function nextPeriod(
  currentEnd: Date | null,
  now: Date,
): { start: Date; end: Date; continues: boolean } {
  const continues = currentEnd !== null && currentEnd.getTime() > now.getTime();
  const start = continues ? currentEnd : now;
  return { start, end: addMonths(start, MONTHS_PER_PAYMENT), continues };
}
