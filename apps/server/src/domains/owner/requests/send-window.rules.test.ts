import { describe, expect, it } from 'vitest';
import { isWithinHours, nextOpening, sendTimeFor } from './send-window.rules.ts';

const HOURS = { from: 9, to: 21 };
/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('the promotional window (9 am to 9 pm IST)', () => {
  it('is open from 09:00 up to, not including, 21:00 IST', () => {
    expect(isWithinHours(ist('2026-11-25T08:59:59'), HOURS)).toBe(false);
    expect(isWithinHours(ist('2026-11-25T09:00:00'), HOURS)).toBe(true);
    expect(isWithinHours(ist('2026-11-25T20:59:59'), HOURS)).toBe(true);
    expect(isWithinHours(ist('2026-11-25T21:00:00'), HOURS)).toBe(false);
    expect(isWithinHours(ist('2026-11-25T00:30:00'), HOURS)).toBe(false);
  });

  it('moves a time outside it to the next 09:00 IST: the same morning or the next one', () => {
    expect(nextOpening(ist('2026-11-25T06:15:00'), HOURS)).toEqual(ist('2026-11-25T09:00:00'));
    expect(nextOpening(ist('2026-11-25T21:00:00'), HOURS)).toEqual(ist('2026-11-26T09:00:00'));
    expect(nextOpening(ist('2026-11-25T23:59:00'), HOURS)).toEqual(ist('2026-11-26T09:00:00'));
    // 00:10 IST is still the previous UTC day: the morning is the same IST day.
    expect(nextOpening(ist('2026-11-26T00:10:00'), HOURS)).toEqual(ist('2026-11-26T09:00:00'));
    expect(nextOpening(ist('2026-12-31T22:00:00'), HOURS)).toEqual(ist('2027-01-01T09:00:00'));
    const inside = ist('2026-11-25T13:37:00');
    expect(nextOpening(inside, HOURS)).toBe(inside);
  });

  it('holds promotional requests only; service requests go at any hour', () => {
    const night = ist('2026-11-25T22:30:00');
    expect(sendTimeFor('service', night, HOURS)).toBe(night);
    expect(sendTimeFor('promotional', night, HOURS)).toEqual(ist('2026-11-26T09:00:00'));
  });
});
