import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { cappedText, DAY_PATTERN, ZRecordId } from '../schema-helpers.ts';

/**
 * Placements: named QR codes of one business ("Table 4", "Billing counter", "Swiggy bag insert"),
 * each with its own key in the review URL, `/review/{code}?p={key}`. The original QR code (no `p`)
 * is the Default placement. How many an owner may have is PLACEMENT_LIMITS (plans.ts).
 */

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
  .regex(DAY_PATTERN, PLACEMENT_TEXTS.dateInvalid)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, PLACEMENT_TEXTS.dateInvalid);

const DAY_MS = 24 * 60 * 60 * 1000;
// istDay and istDayStart (the IST calendar) live in rules/ist.ts.

/** `day` moved by `days` calendar days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The By-placement stats' range (IST days, both included); the last 30 days when left out. */
export const ZPlacementStatsInput = z
  .object({ from: ZIstDay.optional(), to: ZIstDay.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: PLACEMENT_TEXTS.rangeReversed,
    path: ['from'],
  })
  .refine((v) => !v.from || !v.to || daysInRange(v.from, v.to) <= PLACEMENT_STATS_MAX_DAYS, {
    message: PLACEMENT_TEXTS.rangeTooLong,
    path: ['from'],
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
