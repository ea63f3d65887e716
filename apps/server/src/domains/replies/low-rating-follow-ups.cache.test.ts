import { describe, expect, it } from 'vitest';
import { createLowRatingFollowUps } from './low-rating-follow-ups.cache.ts';

describe('low-rating follow-ups', () => {
  const start = new Date('2026-11-20T10:00:00Z').getTime();
  const clock = (offsetMs: { value: number }) => () => new Date(start + offsetMs.value);

  it('covers an owner while its queued follow-up is more than a minute away', () => {
    const elapsed = { value: 0 };
    const followUps = createLowRatingFollowUps(clock(elapsed));
    expect(followUps.covered(7)).toBe(false);
    followUps.scheduled(7, new Date(start + 10 * 60_000));
    expect(followUps.covered(7)).toBe(true);
    expect(followUps.covered(8)).toBe(false);
    elapsed.value = 8 * 60_000;
    expect(followUps.covered(7)).toBe(true);
    // Within the last minute a review might commit after the follow-up read: queue a job again.
    elapsed.value = 9 * 60_000 + 1;
    expect(followUps.covered(7)).toBe(false);
    elapsed.value = 11 * 60_000;
    expect(followUps.covered(7)).toBe(false);
  });

  it('ignores a follow-up that is already too close to rely on', () => {
    const followUps = createLowRatingFollowUps(clock({ value: 0 }));
    followUps.scheduled(3, new Date(start + 30_000));
    expect(followUps.covered(3)).toBe(false);
  });

  it('holds a bounded number of owners', () => {
    const followUps = createLowRatingFollowUps(clock({ value: 0 }), { maxOwners: 2 });
    for (const owner of [1, 2, 3]) followUps.scheduled(owner, new Date(start + 10 * 60_000));
    expect([1, 2, 3].map((owner) => followUps.covered(owner))).toEqual([false, true, true]);
  });
});
