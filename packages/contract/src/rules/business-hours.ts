import { IST_OFFSET_MS } from './ist.ts';

/**
 * Business hours in IST, the clock of a feedback case's first-response target (issue 33): a
 * target of "2 business hours" counts only the minutes the branch is open. Public holidays are not
 * known to StarLoop and count as working days (decisions.md, Feedback cases).
 */

/** Monday to Saturday (getUTCDay of the IST wall clock: 0 is Sunday), 09:00 to 18:00 IST. */
export const CASE_BUSINESS_HOURS = { days: [1, 2, 3, 4, 5, 6], from: 9 * 60, to: 18 * 60 } as const;
export interface TBusinessHours {
  /** Working weekdays, 0 (Sunday) to 6. */
  days: readonly number[];
  /** Minutes after IST midnight: opening ([from) and closing (to)). */
  from: number;
  to: number;
}

/** The first-response target of an account that chose none: 2 business hours. */
export const DEFAULT_FIRST_RESPONSE_MINUTES = 120;
/** The longest first-response target an account may choose: 5 working days of 9 hours. */
export const MAX_FIRST_RESPONSE_MINUTES = 5 * 9 * 60;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The instant `minutes` business minutes after `start`: time outside the hours does not count, so
 * a case opened after closing (or on a Sunday) starts counting at the next opening. A target that
 * ends exactly at closing is due at closing, not at the next opening.
 */
export function addBusinessMinutes(
  start: Date,
  minutes: number,
  hours: TBusinessHours = CASE_BUSINESS_HOURS,
): Date {
  if (hours.days.length === 0 || hours.to <= hours.from) throw new Error('business hours are empty');
  // The IST wall clock as if it were UTC: whole days then start at multiples of DAY_MS.
  let wall = start.getTime() + IST_OFFSET_MS;
  let left = Math.max(0, minutes) * MINUTE_MS;
  for (;;) {
    const dayStart = Math.floor(wall / DAY_MS) * DAY_MS;
    const open = dayStart + hours.from * MINUTE_MS;
    const close = dayStart + hours.to * MINUTE_MS;
    if (!hours.days.includes(new Date(dayStart).getUTCDay()) || wall >= close) {
      wall = dayStart + DAY_MS;
      continue;
    }
    if (wall < open) wall = open;
    if (left <= close - wall) return new Date(wall + left - IST_OFFSET_MS);
    left -= close - wall;
    wall = dayStart + DAY_MS;
  }
}
