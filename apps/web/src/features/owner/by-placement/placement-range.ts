import { addDays, istDay } from '@starloop/contract';

/** The By-placement range picker's choices: the last N days (IST), today included, or the owner's own. */
export const RANGE_PRESETS = [
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '12 months', days: 365 },
  { value: 'custom', label: 'Custom', days: null },
] as const;
export type TRangePreset = (typeof RANGE_PRESETS)[number]['value'];
export const DEFAULT_RANGE_PRESET: TRangePreset = '30';

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
