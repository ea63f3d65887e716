import { describe, expect, it } from 'vitest';
import {
  IST_OFFSET,
  IST_OFFSET_MINUTES,
  IST_OFFSET_MS,
  istDay,
  istDayStart,
  istMonth,
  istTimeOfDay,
  PROMOTIONAL_HOURS_IST,
} from './ist.ts';

describe('the IST clock', () => {
  it('is UTC+05:30, all year', () => {
    expect([IST_OFFSET_MINUTES, IST_OFFSET_MS, IST_OFFSET]).toEqual([330, 19_800_000, '+05:30']);
    expect(new Date(`2026-06-01T00:00:00${IST_OFFSET}`).toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });

  it('names the day and month an instant falls in, in India', () => {
    expect(istDay(new Date('2026-11-30T18:29:59Z'))).toBe('2026-11-30');
    expect(istDay(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12-01');
    expect(istMonth(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12');
    expect(istDayStart('2026-12-01').toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(istTimeOfDay(new Date('2026-11-30T18:30:00Z'))).toBe(0);
    expect(istTimeOfDay(new Date('2026-12-01T03:30:00Z'))).toBe(9 * 3_600_000);
  });

  it('lets promotional messages go from 9 am to 9 pm', () => {
    expect(PROMOTIONAL_HOURS_IST).toEqual({ from: 9, to: 21 });
  });
});
