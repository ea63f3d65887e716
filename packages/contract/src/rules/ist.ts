/**
 * India Standard Time, the product's clock for days and months (request quotas, scans per day,
 * digests, imported dates) and for the hours promotional messages may go in. IST is UTC+05:30 all
 * year: no daylight saving, so a fixed offset is exact.
 */

export const IST_OFFSET_MINUTES = 5 * 60 + 30;
export const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
/** The offset as ISO 8601 writes it after a time. */
export const IST_OFFSET = '+05:30';
/** The IANA zone, for Intl formatters. */
export const IST_TIME_ZONE = 'Asia/Kolkata';

/** A calendar day, 'YYYY-MM-DD' (whether it exists is `isCalendarDay`). */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' and a day the calendar has (not 2026-02-30). */
export const isCalendarDay = (day: string): boolean => {
  if (!DAY_PATTERN.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

const DAY_MS = 24 * 60 * 60_000;

/** The IST calendar day of an instant, 'YYYY-MM-DD': the day scans are counted under. */
export const istDay = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The instant an IST day ('YYYY-MM-DD') begins. */
export const istDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);

/** The IST month ('YYYY-MM') an instant falls in: the request quota's month. */
export const istMonth = (at: Date): string => istDay(at).slice(0, 7);

/** Milliseconds since the IST midnight of `at`. */
export const istTimeOfDay = (at: Date): number =>
  (((at.getTime() + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;

/**
 * The IST hours ([from, to)) in which promotional review requests (campaigns, reminders) may go
 * out (TRAI: 9 am to 9 pm); otherwise they wait. The default of REQUESTS_PROMOTIONAL_HOURS, which
 * may only narrow it.
 */
export const PROMOTIONAL_HOURS_IST = { from: 9, to: 21 } as const;
