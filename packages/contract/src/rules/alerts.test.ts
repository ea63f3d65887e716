import { describe, expect, it } from 'vitest';
import {
  alertChannelOn,
  clockText,
  DEFAULT_ALERT_CHOICES,
  inQuietHours,
  parseClock,
  quietHoursEnd,
  wantsAlert,
} from './alerts.ts';

/** An instant given as IST wall-clock time. */
const ist = (text: string) => new Date(`${text}+05:30`);

describe('case alert choices and quiet hours', () => {
  it('reads and writes 24-hour IST clock times', () => {
    expect(parseClock('22:00')).toBe(1320);
    expect(parseClock('08:05')).toBe(485);
    expect(parseClock('00:00')).toBe(0);
    for (const bad of ['24:00', '8:00', '22:60', '22.00', ' 22:00', ''])
      expect(parseClock(bad)).toBeUndefined();
    expect(clockText(1320)).toBe('22:00');
    expect(clockText(485)).toBe('08:05');
  });

  it('is quiet from start to end on the IST clock, across midnight too', () => {
    const night = { start: parseClock('22:00')!, end: parseClock('08:00')! };
    expect(inQuietHours(ist('2026-11-29T21:59'), night)).toBe(false);
    expect(inQuietHours(ist('2026-11-29T22:00'), night)).toBe(true);
    expect(inQuietHours(ist('2026-11-30T01:48'), night)).toBe(true);
    expect(inQuietHours(ist('2026-11-30T07:59'), night)).toBe(true);
    expect(inQuietHours(ist('2026-11-30T08:00'), night)).toBe(false);
    const lunch = { start: parseClock('13:00')!, end: parseClock('14:30')! };
    expect(inQuietHours(ist('2026-11-30T12:59'), lunch)).toBe(false);
    expect(inQuietHours(ist('2026-11-30T14:00'), lunch)).toBe(true);
    expect(inQuietHours(ist('2026-11-30T14:30'), lunch)).toBe(false);
    expect(inQuietHours(ist('2026-11-30T03:00'), null)).toBe(false);
  });

  it('ends the quiet hours at the next IST end time', () => {
    const night = { start: 22 * 60, end: 8 * 60 };
    expect(quietHoursEnd(ist('2026-11-29T23:10'), night)).toEqual(ist('2026-11-30T08:00'));
    expect(quietHoursEnd(ist('2026-11-30T01:48'), night)).toEqual(ist('2026-11-30T08:00'));
    expect(quietHoursEnd(ist('2026-11-30T08:00'), night)).toEqual(ist('2026-12-01T08:00'));
  });

  it('alerts by default on both channels, and only on channels chosen and reachable', () => {
    expect(DEFAULT_ALERT_CHOICES.quietHours).toBeNull();
    const emailOnly = { ...DEFAULT_ALERT_CHOICES, newCase: { email: true, whatsapp: false, push: false } };
    expect(alertChannelOn(emailOnly, 'new', 'whatsapp')).toBe(false);
    expect(alertChannelOn(emailOnly, 'overdue', 'whatsapp')).toBe(true);
    expect(wantsAlert(emailOnly, 'new', { email: false, whatsapp: true, push: false })).toBe(false);
    expect(wantsAlert(emailOnly, 'overdue', { email: false, whatsapp: true, push: false })).toBe(true);
    expect(wantsAlert(DEFAULT_ALERT_CHOICES, 'new', { email: false, whatsapp: false, push: false })).toBe(
      false,
    );
    // Push counts as a channel of its own: a person reached only by push still hears of cases.
    expect(wantsAlert(DEFAULT_ALERT_CHOICES, 'new', { email: false, whatsapp: false, push: true })).toBe(
      true,
    );
    expect(wantsAlert(emailOnly, 'new', { email: false, whatsapp: false, push: true })).toBe(false);
  });
});
