import { SUBSCRIPTION_GRACE_DAYS } from '@starloop/contract';
import { formatDate } from '../../../lib/format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TPlanPeriod {
  subscriptionStart: string | null;
  subscriptionEnd: string | null;
  daysLeft: number | null;
}

/** 'dd MMM yyyy – dd MMM yyyy', or null without a subscription. */
export function periodLabel({ subscriptionStart, subscriptionEnd }: TPlanPeriod): string | null {
  if (!subscriptionStart && !subscriptionEnd) return null;
  return `${formatDate(subscriptionStart)} – ${formatDate(subscriptionEnd)}`;
}

/** Whole days since the end (0 on the day it ended), or null while it runs / without an end. */
export function daysSinceEnd(subscriptionEnd: string | null, now: Date = new Date()): number | null {
  if (!subscriptionEnd) return null;
  const end = new Date(subscriptionEnd).getTime();
  if (Number.isNaN(end) || now.getTime() < end) return null;
  return Math.floor((now.getTime() - end) / DAY_MS);
}

/** '12 days left', '1 day left', 'Ended 3 days ago', 'Ended today'; null without an end. */
export function remainingLabel(period: TPlanPeriod, now: Date = new Date()): string | null {
  const since = daysSinceEnd(period.subscriptionEnd, now);
  if (since !== null) {
    if (since === 0) return 'Ended today';
    return `Ended ${since} ${since === 1 ? 'day' : 'days'} ago`;
  }
  if (period.daysLeft === null) return null;
  return `${period.daysLeft} ${period.daysLeft === 1 ? 'day' : 'days'} left`;
}

/** The last day the review page keeps working after the end. */
export function graceEndDate(subscriptionEnd: string): string {
  return formatDate(new Date(new Date(subscriptionEnd).getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS));
}

export const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  pending: 'yellow',
  inactive: 'gray',
  captured: 'green',
  failed: 'red',
};
