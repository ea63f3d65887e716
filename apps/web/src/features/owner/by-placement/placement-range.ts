import { addDays, istDay } from '@starloop/contract';
import type { TRangePreset } from '../dashboard/dashboard-search.ts';

/**
 * The By-placement range picker's choices: the last N days (IST), today included, or the owner's
 * own. `shown` is what the label counts ('12 months' is 365 days); the words are the catalog's.
 */
export const RANGE_PRESETS = [
  { value: '7d', days: 7, shown: { n: 7, unit: 'days' } },
  { value: '30d', days: 30, shown: { n: 30, unit: 'days' } },
  { value: '90d', days: 90, shown: { n: 90, unit: 'days' } },
  { value: '12m', days: 365, shown: { n: 12, unit: 'months' } },
  { value: 'custom', days: null, shown: null },
] as const satisfies readonly {
  value: TRangePreset;
  days: number | null;
  shown: { n: number; unit: 'days' | 'months' } | null;
}[];

export interface TDayRange {
  from: string;
  to: string;
}

/** Today in India (scans are counted per IST day, whatever the reader's time zone). */
export const todayInIndia = (now: Date = new Date()) => istDay(now);

/** The last `days` days ending `today`, both included. */
export function lastDays(days: number, today: string): TDayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The range a preset stands for; a custom range is the owner's own. */
export function presetRange(preset: TRangePreset, today: string, custom: TDayRange): TDayRange {
  const found = RANGE_PRESETS.find((p) => p.value === preset);
  return found?.days ? lastDays(found.days, today) : custom;
}
