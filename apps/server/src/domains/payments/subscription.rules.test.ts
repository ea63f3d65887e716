import { SUBSCRIPTION_GRACE_DAYS } from '@starloop/contract';
import { describe, expect, it } from 'vitest';
import { addMonths, daysLeft, isInGrace, isReviewPageOpen, nextPeriod } from './subscription.rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-10T12:00:00.000Z');
const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY);
const owner = (over: Partial<Parameters<typeof isReviewPageOpen>[0]> = {}) => ({
  status: 'active' as const,
  deletedAt: null,
  subscriptionEnd: at(10),
  ...over,
});

describe('isReviewPageOpen', () => {
  it('is on for an active owner inside the period or with no end', () => {
    expect(isReviewPageOpen(owner(), now)).toBe(true);
    expect(isReviewPageOpen(owner({ subscriptionEnd: null }), now)).toBe(true);
  });

  it(`keeps working ${SUBSCRIPTION_GRACE_DAYS} days past the end, then stops`, () => {
    expect(SUBSCRIPTION_GRACE_DAYS).toBe(7);
    expect(isReviewPageOpen(owner({ subscriptionEnd: at(-1) }), now)).toBe(true);
    expect(isReviewPageOpen(owner({ subscriptionEnd: at(-6.99) }), now)).toBe(true);
    expect(isReviewPageOpen(owner({ subscriptionEnd: at(-7) }), now)).toBe(false);
    expect(isReviewPageOpen(owner({ subscriptionEnd: at(-30) }), now)).toBe(false);
  });

  it('is off at once for pending, inactive or deleted owners', () => {
    expect(isReviewPageOpen(owner({ status: 'pending' }), now)).toBe(false);
    expect(isReviewPageOpen(owner({ status: 'inactive' }), now)).toBe(false);
    expect(isReviewPageOpen(owner({ deletedAt: at(-1) }), now)).toBe(false);
  });
});

describe('grace and days left', () => {
  it('reports the grace window only after the end', () => {
    expect(isInGrace(at(1), now)).toBe(false);
    expect(isInGrace(at(0), now)).toBe(true);
    expect(isInGrace(at(-3), now)).toBe(true);
    expect(isInGrace(at(-7), now)).toBe(false);
    expect(isInGrace(null, now)).toBe(false);
  });

  it('counts whole days left, rounding up, never below 0', () => {
    expect(daysLeft(at(10), now)).toBe(10);
    expect(daysLeft(at(0.2), now)).toBe(1);
    expect(daysLeft(at(-2), now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });
});

describe('periods', () => {
  it('adds calendar months, clamping to the month end', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T00:00:00Z'), 1).toISOString()).toBe('2026-04-15T00:00:00.000Z');
    expect(addMonths(new Date('2026-12-20T00:00:00Z'), 1).toISOString()).toBe('2027-01-20T00:00:00.000Z');
  });

  it('starts a new period when the current one ends if it has not ended yet, otherwise now', () => {
    const running = nextPeriod(at(5), now);
    expect(running.continues).toBe(true);
    expect(running.start).toEqual(at(5));
    expect(running.end).toEqual(addMonths(at(5), 1));

    const ended = nextPeriod(at(-3), now);
    expect(ended.continues).toBe(false);
    expect(ended.start).toEqual(now);
    expect(ended.end).toEqual(addMonths(now, 1));

    expect(nextPeriod(null, now).start).toEqual(now);
  });
});
