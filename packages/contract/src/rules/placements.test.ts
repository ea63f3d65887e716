import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './ist.ts';
import { dayRangeProblem, PLACEMENT_STATS_MAX_DAYS, PLACEMENT_TEXTS } from './placements.ts';

describe('isCalendarDay', () => {
  it('takes days the calendar has, as YYYY-MM-DD', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const day of ['2026-02-29', '2026-13-01', '2026-2-1', '2026-02-28T00:00', '', 'today'])
      expect(isCalendarDay(day), day).toBe(false);
  });
});

describe('dayRangeProblem', () => {
  it('has none for an open or a valid range', () => {
    expect(dayRangeProblem({})).toBeNull();
    expect(dayRangeProblem({ from: '2026-03-01' })).toBeNull();
    expect(dayRangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
  });

  it('names each problem the stats API refuses', () => {
    expect(dayRangeProblem({ from: '2026-02-30' })).toBe(PLACEMENT_TEXTS.dateInvalid);
    expect(dayRangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe(PLACEMENT_TEXTS.rangeReversed);
    // 2025-01-01 to 2026-01-02 is 367 days, both ends included.
    expect(PLACEMENT_STATS_MAX_DAYS).toBe(366);
    expect(dayRangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
    expect(dayRangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe(PLACEMENT_TEXTS.rangeTooLong);
  });
});
