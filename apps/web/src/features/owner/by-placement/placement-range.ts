import { addDays, istDay } from '@starloop/contract';
import type { TRangePreset } from '../dashboard/dashboard-search.ts';

/** The By-placement range picker's choices: the last N days (IST), today included, or the owner's own. */
export const RANGE_PRESETS = [
  { value: '7d', label: '7 days', days: 7 },
  { value: '30d', label: '30 days', days: 30 },
  { value: '90d', label: '90 days', days: 90 },
  { value: '12m', label: '12 months', days: 365 },
  { value: 'custom', label: 'Custom', days: null },
] as const satisfies readonly { value: TRangePreset; label: string; days: number | null }[];

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
