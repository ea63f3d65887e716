/**
 * Placements' plain values: named QR codes of one business, each with its own key in the review
 * URL (`/review/{code}?p={key}`); the schemas are owner/placements.ts.
 */

import { isCalendarDay } from './ist.ts';

/**
 * What a placement stands for: a place (a table, a counter, a bag insert) or a staff member, whose
 * own QR code ranks them on the dashboard's staff leaderboard.
 */
export const PLACEMENT_KINDS = ['place', 'staff'] as const;
export type TPlacementKind = (typeof PLACEMENT_KINDS)[number];

/** The review URL's query parameter that carries the placement key. */
export const PLACEMENT_PARAM = 'p';
/** Keys are 12 base62 characters from a cryptographic random source; the database accepts 10 to 32. */
export const PLACEMENT_KEY_LENGTH = 12;
export const PLACEMENT_KEY_PATTERN = /^[A-Za-z0-9]{10,32}$/;
export const PLACEMENT_NAME_MAX = 60;
/** The longest date range of the By-placement stats, in days (both ends included). */
export const PLACEMENT_STATS_MAX_DAYS = 366;
/** The By-placement stats' range when none is given: the last 30 days, today included. */
export const PLACEMENT_STATS_DEFAULT_DAYS = 30;

export const PLACEMENT_TEXTS = {
  defaultName: 'Default',
  deletedLabel: '(deleted placement)',
  nameRequired: 'Please enter a name for this placement',
  nameMax: `Placement name must be at most ${PLACEMENT_NAME_MAX} characters`,
  nameReserved: 'Default is the name of your original QR code. Please choose another name.',
  nameTaken: 'You already have a placement with this name',
  limitReached: (limit: number) =>
    `Your Essential plan includes up to ${limit} placements. Delete one you no longer use, or move to Professional for unlimited placements.`,
  notFound: 'Placement not found',
  kindInvalid: 'Kind must be place or staff',
  created: 'Placement added',
  renamed: 'Placement renamed. Its QR code stays the same.',
  deleted: 'Placement deleted. Its reviews and scans stay in your stats.',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  rangeReversed: 'The start date must be on or before the end date',
  rangeTooLong: `Choose a range of at most ${PLACEMENT_STATS_MAX_DAYS} days`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
// istDay and istDayStart (the IST calendar) live in rules/ist.ts.

/** `day` moved by `days` calendar days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * What is wrong with a By-placement or staff-leaderboard range, or null: each day a calendar day,
 * the start on or before the end, at most PLACEMENT_STATS_MAX_DAYS. ZPlacementStatsInput refuses
 * the same (the dashboard checks a range as it is typed, without zod).
 */
export function dayRangeProblem(range: { from?: string; to?: string }): string | null {
  const { from, to } = range;
  if ((from !== undefined && !isCalendarDay(from)) || (to !== undefined && !isCalendarDay(to)))
    return PLACEMENT_TEXTS.dateInvalid;
  if (!from || !to) return null;
  if (from > to) return PLACEMENT_TEXTS.rangeReversed;
  if (daysInRange(from, to) > PLACEMENT_STATS_MAX_DAYS) return PLACEMENT_TEXTS.rangeTooLong;
  return null;
}
