import { describe, expect, it } from 'vitest';
import { lastDays, presetRange, todayInIndia } from './placement-range.ts';

describe('By-placement ranges', () => {
  it('takes today in India, not in the reader’s time zone', () => {
    // 19:00 UTC on 24 November is 00:30 on 25 November in India.
    expect(todayInIndia(new Date('2026-11-24T19:00:00Z'))).toBe('2026-11-25');
    expect(todayInIndia(new Date('2026-11-24T18:29:00Z'))).toBe('2026-11-24');
  });

  it('counts today in the last N days', () => {
    expect(lastDays(7, '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(lastDays(30, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('uses the owner’s own dates for Custom', () => {
    const custom = { from: '2026-01-01', to: '2026-01-31' };
    expect(presetRange('custom', '2026-11-25', custom)).toBe(custom);
    expect(presetRange('12m', '2026-11-25', custom)).toEqual({ from: '2025-11-26', to: '2026-11-25' });
  });
});
