import { definePagedRoute } from '../../../components/data-table/paged-list.ts';
import { choiceField, dayField } from '../../../lib/search-params.ts';
import { ownerReviewsList } from './owner-reviews-list.ts';

/*
 * The dashboard's URL: the Recent Reviews list's params and the By-placement range
 * (`?range=7d`, or `?range=custom&from=2026-03-01&to=2026-03-31`). Imported by the route file: no
 * Mantine, no zod (see lib/search-params.ts).
 */

/** The By-placement range choices as the URL spells them (placement-range.ts gives their days). */
export const RANGE_PRESET_VALUES = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type TRangePreset = (typeof RANGE_PRESET_VALUES)[number];
export const DEFAULT_RANGE_PRESET: TRangePreset = '30d';

export const dashboardRoute = definePagedRoute([ownerReviewsList], {
  params: {
    range: choiceField(RANGE_PRESET_VALUES, DEFAULT_RANGE_PRESET),
    from: dayField(),
    to: dayField(),
  },
});
