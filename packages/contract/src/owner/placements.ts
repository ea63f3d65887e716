import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { isCalendarDay } from '../rules/ist.ts';
import {
  dayRangeProblem,
  PLACEMENT_KINDS,
  PLACEMENT_NAME_MAX,
  PLACEMENT_TEXTS,
} from '../rules/placements.ts';
import { cappedText, ZRecordId } from '../schema-helpers.ts';

/**
 * Placements: named QR codes of one business ("Table 4", "Billing counter", "Swiggy bag insert"),
 * each with its own key in the review URL, `/review/{code}?p={key}`. The original QR code (no `p`)
 * is the Default placement. How many an owner may have is PLACEMENT_LIMITS (plans.ts).
 */

const ZPlacementName = cappedText(PLACEMENT_NAME_MAX * 4, PLACEMENT_TEXTS.nameRequired)
  .trim()
  .min(1, PLACEMENT_TEXTS.nameRequired)
  .max(PLACEMENT_NAME_MAX, PLACEMENT_TEXTS.nameMax)
  .refine((name) => name.toLowerCase() !== PLACEMENT_TEXTS.defaultName.toLowerCase(), {
    message: PLACEMENT_TEXTS.nameReserved,
  });

/** A live placement, as its owner sees it. */
export const ZPlacement = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  kind: z.enum(PLACEMENT_KINDS),
  createdAt: ZIsoDate,
});
export type TPlacement = z.infer<typeof ZPlacement>;

export const ZPlacementList = z.object({
  placements: z.array(ZPlacement),
  /** The owner's plan limit (null = unlimited); placements.length may exceed it after a downgrade. */
  limit: z.number().int().nullable(),
});
export type TPlacementList = z.infer<typeof ZPlacementList>;

const ZPlacementKind = z.enum(PLACEMENT_KINDS, { message: PLACEMENT_TEXTS.kindInvalid });

/** A new placement; a place unless it says staff. */
export const ZPlacementCreate = z.object({ name: ZPlacementName, kind: ZPlacementKind.optional() });
export type TPlacementCreate = z.infer<typeof ZPlacementCreate>;
/** A new name (the key and QR code stay) and, if given, a new kind. */
export const ZPlacementRename = z.object({
  id: ZRecordId,
  name: ZPlacementName,
  kind: ZPlacementKind.optional(),
});
export type TPlacementRename = z.infer<typeof ZPlacementRename>;
export const ZPlacementDelete = z.object({ id: ZRecordId });
export type TPlacementDelete = z.infer<typeof ZPlacementDelete>;

/** A calendar date 'YYYY-MM-DD' (India Standard Time days). */
export const ZIstDay = z
  .string()
  .max(10, { message: PLACEMENT_TEXTS.dateInvalid, abort: true })
  .refine(isCalendarDay, PLACEMENT_TEXTS.dateInvalid);

/** The By-placement stats' range (IST days, both included); the last 30 days when left out. */
export const ZPlacementStatsInput = z
  .object({ from: ZIstDay.optional(), to: ZIstDay.optional() })
  .superRefine((range, ctx) => {
    const problem = dayRangeProblem(range);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['from'] });
  });
export type TPlacementStatsInput = z.infer<typeof ZPlacementStatsInput>;

const ZPlacementFigures = z.object({
  /** Review page views. */
  scans: z.number().int(),
  /** Reviews (ratings) given. */
  ratings: z.number().int(),
  /** Not rounded; 0 without ratings. */
  averageRating: z.number(),
  /** Ratings of 4 or 5 stars. */
  positive: z.number().int(),
  /** positive / ratings (0 to 1), null without ratings. */
  positiveShare: z.number().nullable(),
  /**
   * Ratings that came with a scan: per IST day, at most as many of the placement's ratings as it
   * had scans that day (issue 34: conversion is reviews over scans of the same placement and period).
   */
  scanRatings: z.number().int(),
  /** Ratings with no scan of their placement that day (a shared link, the API...): counted apart. */
  ratingsWithoutScan: z.number().int(),
  /** scanRatings / scans (0 to 1, never above), null without scans. */
  conversion: z.number().min(0).max(1).nullable(),
});
export type TPlacementFigures = z.infer<typeof ZPlacementFigures>;

export const ZPlacementStatsRow = ZPlacementFigures.extend({
  placement: z.object({
    /** null = Default (the original QR code, and any unknown key). */
    id: z.number().int().nullable(),
    name: z.string(),
    key: z.string().nullable(),
    deleted: z.boolean(),
  }),
});
export type TPlacementStatsRow = z.infer<typeof ZPlacementStatsRow>;

export const ZPlacementStats = z.object({
  from: z.string(),
  to: z.string(),
  /** Default first, then live placements in the order they were added, then deleted ones with activity. */
  rows: z.array(ZPlacementStatsRow),
  totals: ZPlacementFigures,
});
export type TPlacementStats = z.infer<typeof ZPlacementStats>;

/**
 * The staff leaderboard (owner.placements.staffLeaderboard): the branch's live staff placements
 * over a range of IST days (the last 30 by default), ranked by 4-5 star reviews, then average.
 */
export const ZStaffLeaderboardInput = ZPlacementStatsInput;
export type TStaffLeaderboardInput = z.infer<typeof ZStaffLeaderboardInput>;

export const ZStaffLeaderboardRow = z.object({
  /** 1 for the first; equal figures share a rank. */
  rank: z.number().int(),
  placement: z.object({ id: z.number().int(), name: z.string(), key: z.string() }),
  /** Reviews (ratings) through this staff member's code. */
  reviews: z.number().int(),
  /** Not rounded; null without reviews. */
  averageRating: z.number().nullable(),
  /** Reviews of 4 or 5 stars. */
  positive: z.number().int(),
  /** positive / reviews (0 to 1), null without reviews. */
  positiveShare: z.number().nullable(),
  /** Feedback cases opened from those reviews. */
  cases: z.number().int(),
});
export type TStaffLeaderboardRow = z.infer<typeof ZStaffLeaderboardRow>;

export const ZStaffLeaderboard = z.object({
  from: z.string(),
  to: z.string(),
  /** Every live staff placement, with or without reviews; empty when the branch has none. */
  rows: z.array(ZStaffLeaderboardRow),
});
export type TStaffLeaderboard = z.infer<typeof ZStaffLeaderboard>;
