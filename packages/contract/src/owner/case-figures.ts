import { z } from 'zod';
import { MAX_FIRST_RESPONSE_MINUTES } from '../rules/business-hours.ts';
import { daysInRange, PLACEMENT_STATS_MAX_DAYS, PLACEMENT_TEXTS } from '../rules/placements.ts';
import { wholeNumberInput } from '../schema-helpers.ts';
import { ZIstDay } from './placements.ts';

/**
 * What the owner learns from feedback cases (issue 33 item 8; owner.cases.figures,
 * `GET /api/v1/cases/figures`) and the account's first-response target (owner.cases.getSettings /
 * updateSettings, `GET|PUT /api/v1/cases/settings`).
 */

export const CASE_FIGURES_TEXTS = {
  minutesInvalid: `The first-response target must be a whole number of minutes from 1 to ${MAX_FIRST_RESPONSE_MINUTES.toLocaleString('en-IN')}.`,
  businessIdInvalid: 'businessId must be the id of one of your branches.',
  unassigned: 'Unassigned',
} as const;

/** The cases opened over a range of IST days (both included; the last 30 when left out), of one branch or all. */
export const ZCaseFiguresQuery = z
  .object({
    businessId: wholeNumberInput(
      z
        .number({ message: CASE_FIGURES_TEXTS.businessIdInvalid })
        .int(CASE_FIGURES_TEXTS.businessIdInvalid)
        .positive(CASE_FIGURES_TEXTS.businessIdInvalid)
        .max(Number.MAX_SAFE_INTEGER, CASE_FIGURES_TEXTS.businessIdInvalid),
    ).optional(),
    from: ZIstDay.optional(),
    to: ZIstDay.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: PLACEMENT_TEXTS.rangeReversed,
    path: ['from'],
  })
  .refine((v) => !v.from || !v.to || daysInRange(v.from, v.to) <= PLACEMENT_STATS_MAX_DAYS, {
    message: PLACEMENT_TEXTS.rangeTooLong,
    path: ['from'],
  });
export type TCaseFiguresQuery = z.infer<typeof ZCaseFiguresQuery>;

/** The four figures of a set of cases, with the counts they come from. */
export const ZCaseFigureValues = z.object({
  /** Cases opened in the range. */
  cases: z.number().int(),
  /** Of those, how many have had a first response. */
  responded: z.number().int(),
  /** Median minutes from opening to the first response (wall clock), of those responded; null without any. */
  medianFirstResponseMinutes: z.number().nullable(),
  /** Of the cases opened in the range, how many are resolved now. */
  resolved: z.number().int(),
  /** resolved / cases (0 to 1); null without cases. */
  resolutionRate: z.number().nullable(),
  /** Of the resolved, how many with the outcome recovered. */
  recovered: z.number().int(),
  /** recovered / resolved (0 to 1); null without resolved cases. */
  recoveryRate: z.number().nullable(),
  /** Overdue now (no first response and past due), whenever they were opened. */
  overdue: z.number().int(),
});
export type TCaseFigureValues = z.infer<typeof ZCaseFigureValues>;

export const ZCaseBranchFigures = ZCaseFigureValues.extend({
  businessId: z.number().int(),
  name: z.string(),
});
export type TCaseBranchFigures = z.infer<typeof ZCaseBranchFigures>;

export const ZCasePersonFigures = ZCaseFigureValues.extend({
  /** The assignee; null: cases nobody is assigned to. */
  personId: z.number().int().nullable(),
  /** The assignee's name; null for unassigned cases. */
  name: z.string().nullable(),
});
export type TCasePersonFigures = z.infer<typeof ZCasePersonFigures>;

export const ZCaseFigures = z.object({
  /** The range, IST days, both included. */
  from: z.string(),
  to: z.string(),
  overall: ZCaseFigureValues,
  /** Each branch in the caller's scope with a case in the range or overdue now, by name. */
  branches: z.array(ZCaseBranchFigures),
  /** Each assignee (and unassigned) with a case in the range or overdue now, by name, unassigned last. */
  people: z.array(ZCasePersonFigures),
});
export type TCaseFigures = z.infer<typeof ZCaseFigures>;

/** The account's first-response target, in IST business minutes (Mon-Sat 09:00-18:00). */
export const ZCaseSettings = z.object({
  firstResponseMinutes: z.number().int(),
});
export type TCaseSettings = z.infer<typeof ZCaseSettings>;

export const ZCaseSettingsUpdate = z.object({
  firstResponseMinutes: z
    .number({ message: CASE_FIGURES_TEXTS.minutesInvalid })
    .int(CASE_FIGURES_TEXTS.minutesInvalid)
    .min(1, CASE_FIGURES_TEXTS.minutesInvalid)
    .max(MAX_FIRST_RESPONSE_MINUTES, CASE_FIGURES_TEXTS.minutesInvalid),
});
export type TCaseSettingsUpdate = z.infer<typeof ZCaseSettingsUpdate>;
