import { randomInt } from 'node:crypto';
import {
  addDays,
  daysInRange,
  istDay,
  istDayStart,
  PLACEMENT_KEY_LENGTH,
  PLACEMENT_LIMITS,
  PLACEMENT_STATS_DEFAULT_DAYS,
  PLACEMENT_STATS_MAX_DAYS,
  PLACEMENT_TEXTS,
  type TPlacement,
  type TPlacementCreate,
  type TPlacementFigures,
  type TPlacementList,
  type TPlacementRename,
  type TPlacementStats,
  type TPlacementStatsInput,
  type TPlacementStatsRow,
  type TStaffLeaderboard,
  type TStaffLeaderboardInput,
  type TStaffLeaderboardRow,
} from '@starloop/contract';
import {
  deletePlacement as deletePlacementRow,
  findOwnerPlacementsByIds,
  insertPlacement,
  isUniqueViolation,
  listPlacements as listPlacementRows,
  placementActivity,
  renamePlacement as renamePlacementRow,
  staffPlacementActivity,
  type TOwnerPublic,
  type TPlacement as TPlacementRow,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { badRequest, conflict, forbidden, foundOr404 } from '../../../lib/errors.ts';
import { ownedRecordRemoval } from '../owned-records.service.ts';

/**
 * An owner's placements (named QR codes) and their By-placement figures. Every call is scoped to
 * the signed-in owner: another owner's placement id is "not found", exactly like a missing one.
 */

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 12 base62 characters from crypto's uniform randomInt: about 71 bits, not guessable from others. */
export function newPlacementKey(): string {
  let key = '';
  for (let i = 0; i < PLACEMENT_KEY_LENGTH; i += 1) key += BASE62[randomInt(BASE62.length)];
  return key;
}

const toPlacement = (row: TPlacementRow): TPlacement => ({
  id: row.id,
  key: row.key,
  name: row.name,
  kind: row.kind,
  createdAt: row.createdAt.toISOString(),
});

export const placementLimit = (owner: Pick<TOwnerPublic, 'plan'>) => PLACEMENT_LIMITS[owner.plan] ?? null;

const NAME_INDEX = 'placements_owner_name_idx';
const nameTaken = () => conflict(PLACEMENT_TEXTS.nameTaken, 'name');

export async function listPlacements(deps: Pick<TDeps, 'db'>, owner: TOwnerPublic): Promise<TPlacementList> {
  const rows = await listPlacementRows(deps.db, owner.id);
  return { placements: rows.map(toPlacement), limit: placementLimit(owner) };
}

export async function createPlacement(
  deps: Pick<TDeps, 'db' | 'log'>,
  owner: TOwnerPublic,
  input: TPlacementCreate,
): Promise<TPlacement> {
  const limit = placementLimit(owner);
  // A key collision (2^-71 per pair) gets a fresh key; a taken name is the owner's to fix.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const row = await insertPlacement(
        deps.db,
        { ownerId: owner.id, key: newPlacementKey(), name: input.name, kind: input.kind },
        limit,
      );
      if (row === 'limit') throw forbidden(PLACEMENT_TEXTS.limitReached(limit ?? 0));
      deps.log.info({ ownerId: owner.id, placementId: row.id }, 'placement created');
      return toPlacement(row);
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken();
      if (isUniqueViolation(error, 'placements_key_key') && attempt < 3) continue;
      throw error;
    }
  }
}

export async function renamePlacement(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
  input: TPlacementRename,
): Promise<TPlacement> {
  try {
    const row = foundOr404(
      await renamePlacementRow(deps.db, owner.id, input.id, input.name, input.kind),
      PLACEMENT_TEXTS.notFound,
    );
    return toPlacement(row);
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken();
    throw error;
  }
}

export const deletePlacement = ownedRecordRemoval({
  remove: deletePlacementRow,
  notFound: PLACEMENT_TEXTS.notFound,
  removed: PLACEMENT_TEXTS.deleted,
  logId: 'placementId',
  logMessage: 'placement deleted',
});

/** The asked range with its defaults (the last 30 IST days, today included). */
export function statsRange(input: TPlacementStatsInput, now: Date): { from: string; to: string } {
  const to = input.to ?? (input.from ? maxDay(istDay(now), input.from) : istDay(now));
  const from = input.from ?? addDays(to, -(PLACEMENT_STATS_DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(PLACEMENT_TEXTS.rangeReversed, 'from');
  if (daysInRange(from, to) > PLACEMENT_STATS_MAX_DAYS)
    throw badRequest(PLACEMENT_TEXTS.rangeTooLong, 'from');
  return { from, to };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);

/**
 * A placement's (or the total's) figures. Conversion is the ratings that came with a scan over the
 * scans, same placement and days: never above 100%; the ratings without a scan are counted apart.
 */
export function figures(sums: {
  scans: number;
  ratings: number;
  ratingSum: number;
  positive: number;
  scanRatings: number;
}): TPlacementFigures {
  const scanRatings = Math.min(sums.scanRatings, sums.scans, sums.ratings);
  return {
    scans: sums.scans,
    ratings: sums.ratings,
    averageRating: sums.ratings === 0 ? 0 : sums.ratingSum / sums.ratings,
    positive: sums.positive,
    positiveShare: sums.ratings === 0 ? null : sums.positive / sums.ratings,
    scanRatings,
    ratingsWithoutScan: sums.ratings - scanRatings,
    conversion: sums.scans === 0 ? null : scanRatings / sums.scans,
  };
}

/**
 * By placement over IST days: scans, ratings, average, share of 4-5 stars and conversion. Default
 * first, then the live placements (with or without activity), then deleted placements that had
 * activity in the range, under their old names.
 */
export async function getPlacementStats(
  deps: Pick<TDeps, 'db' | 'now'>,
  owner: TOwnerPublic,
  input: TPlacementStatsInput,
): Promise<TPlacementStats> {
  const { from, to } = statsRange(input, deps.now());
  const [live, activity] = await Promise.all([
    listPlacementRows(deps.db, owner.id),
    placementActivity(deps.db, owner.id, {
      from,
      to,
      reviewsFrom: istDayStart(from),
      reviewsBefore: istDayStart(addDays(to, 1)),
    }),
  ]);
  const liveIds = new Set(live.map((p) => p.id));
  const goneIds = activity
    .map((a) => a.placementId)
    .filter((id): id is number => id !== null && !liveIds.has(id));
  const gone = (await findOwnerPlacementsByIds(deps.db, owner.id, goneIds)).sort(
    (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  );
  const empty = { scans: 0, ratings: 0, ratingSum: 0, positive: 0, scanRatings: 0 };
  const byId = new Map(activity.map((a) => [a.placementId, a]));
  const rows: TPlacementStatsRow[] = [
    {
      placement: { id: null, name: PLACEMENT_TEXTS.defaultName, key: null, deleted: false },
      ...figures(byId.get(null) ?? empty),
    },
    ...[...live, ...gone].map((p) => ({
      placement: { id: p.id, name: p.name, key: p.key, deleted: p.deletedAt !== null },
      ...figures(byId.get(p.id) ?? empty),
    })),
  ];
  const total = activity.reduce(
    (sum, a) => ({
      scans: sum.scans + a.scans,
      ratings: sum.ratings + a.ratings,
      ratingSum: sum.ratingSum + a.ratingSum,
      positive: sum.positive + a.positive,
      scanRatings: sum.scanRatings + a.scanRatings,
    }),
    empty,
  );
  return { from, to, rows, totals: figures(total) };
}

/** Higher is better: 4-5 star reviews, then the average (none is below any). */
const leaderboardOrder = (a: TStaffLeaderboardRow, b: TStaffLeaderboardRow) =>
  b.positive - a.positive || (b.averageRating ?? -1) - (a.averageRating ?? -1);

/**
 * The staff leaderboard over IST days: each live staff placement of the branch with its reviews,
 * average, share of 4-5 stars and the cases its reviews opened, ranked by 4-5 star reviews (what a
 * staff member's code brings in), then average; equal figures share a rank, names break the order.
 * Deleted staff placements are left out (they have left the team or the board).
 */
export async function getStaffLeaderboard(
  deps: Pick<TDeps, 'db' | 'now'>,
  owner: TOwnerPublic,
  input: TStaffLeaderboardInput,
): Promise<TStaffLeaderboard> {
  const { from, to } = statsRange(input, deps.now());
  const [live, activity] = await Promise.all([
    listPlacementRows(deps.db, owner.id),
    staffPlacementActivity(deps.db, owner.id, {
      reviewsFrom: istDayStart(from),
      reviewsBefore: istDayStart(addDays(to, 1)),
    }),
  ]);
  const byId = new Map(activity.map((a) => [a.placementId, a]));
  const rows: TStaffLeaderboardRow[] = live
    .filter((p) => p.kind === 'staff')
    .map((p) => {
      const a = byId.get(Number(p.id));
      const reviews = a?.reviews ?? 0;
      const positive = a?.positive ?? 0;
      return {
        rank: 0,
        placement: { id: Number(p.id), name: p.name, key: p.key },
        reviews,
        averageRating: reviews === 0 ? null : (a?.ratingSum ?? 0) / reviews,
        positive,
        positiveShare: reviews === 0 ? null : positive / reviews,
        cases: a?.cases ?? 0,
      };
    })
    .sort((a, b) => leaderboardOrder(a, b) || a.placement.name.localeCompare(b.placement.name));
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    row.rank = previous && leaderboardOrder(previous, row) === 0 ? previous.rank : i + 1;
  });
  return { from, to, rows };
}
