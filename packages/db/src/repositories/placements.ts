import type { TPlacementKind } from '@starloop/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TPlacement } from '../database.ts';
import { insertWithinLimit } from './owner-limits.ts';
import { countOf } from './paging.ts';
import { positiveRating } from './rating-sql.ts';
import { ownerRowsFinder } from './records.ts';

/**
 * Placements (migration 0014): an owner's named QR codes. Default is not a row: a review or a scan
 * without a known placement has placement_id NULL. Deleting only sets deleted_at, so reviews and
 * scans keep their placement; deleted placements no longer take reviews or scans, nor count
 * against the plan's limit.
 */

/** One of the owner's live placements (the system's "Requests" is never among them). */
const liveOf = (ownerId: number) => (eb: ExpressionBuilder<Database, 'placements'>) =>
  eb.and([eb('ownerId', '=', ownerId), eb('deletedAt', 'is', null), eb('system', 'is', null)]);

/** The owner's live placements, in the order they were added (the system's "Requests" not among them). */
export async function listPlacements(db: TDb, ownerId: number): Promise<TPlacement[]> {
  return db
    .selectFrom('placements')
    .selectAll()
    .where(liveOf(ownerId))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/**
 * Adds a placement unless the owner already has `limit` live ones (null = no limit), under the
 * owner's row lock. A name already live for this owner fails with a unique violation on
 * placements_owner_name_idx.
 */
export async function insertPlacement(
  db: TDb,
  placement: { ownerId: number; key: string; name: string; kind?: TPlacementKind | undefined },
  limit: number | null,
): Promise<TPlacement | 'limit'> {
  return insertWithinLimit(db, placement.ownerId, limit, {
    countLive: (trx) => countOf(trx.selectFrom('placements').where(liveOf(placement.ownerId))),
    insert: (trx) =>
      trx
        .insertInto('placements')
        .values({
          ownerId: placement.ownerId,
          key: placement.key,
          name: placement.name,
          ...(placement.kind ? { kind: placement.kind } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
  });
}

/**
 * Renames one of the owner's live placements (its key stays), and changes its kind when given;
 * undefined when it has none by that id.
 */
export async function renamePlacement(
  db: TDb,
  ownerId: number,
  id: number,
  name: string,
  kind?: TPlacementKind,
): Promise<TPlacement | undefined> {
  return db
    .updateTable('placements')
    .set({ name, updatedAt: new Date(), ...(kind ? { kind } : {}) })
    .where('id', '=', id)
    .where(liveOf(ownerId))
    .returningAll()
    .executeTakeFirst();
}

/** Marks one of the owner's live placements deleted; false when it has none by that id. */
export async function deletePlacement(db: TDb, ownerId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('placements')
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where('id', '=', id)
    .where(liveOf(ownerId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface TPlacementScanCount {
  ownerId: number;
  /** As the URL carried it; unknown, deleted or another owner's keys count for Default. */
  placementKey: string | null;
  /** 'YYYY-MM-DD' (IST). */
  day: string;
  scans: number;
}

/**
 * Adds review page views in ONE statement: keys are resolved to the owner's live placements in
 * the statement itself (no lookup per view), rows of owners that no longer exist are skipped,
 * and rows are written in key order so two instances flushing at once lock alike.
 */
export async function addPlacementScans(db: TDb, counts: TPlacementScanCount[]): Promise<void> {
  if (counts.length === 0) return;
  const input = counts.map((c) => ({
    owner_id: c.ownerId,
    placement_key: c.placementKey,
    day: c.day,
    scans: c.scans,
  }));
  await sql`
    insert into placement_scans (owner_id, placement_id, day, scans)
    select owner_id, placement_id, day, sum(scans)
      from (select i.owner_id, coalesce(p.id, sp.id) as placement_id, i.day, i.scans
              from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
                     as i(owner_id bigint, placement_key text, day date, scans integer)
              join owners o on o.id = i.owner_id
              left join placements p
                on p.key = i.placement_key and p.owner_id = i.owner_id and p.deleted_at is null
              -- A review request's token counts for the owner's system placement "Requests".
              left join review_requests rq
                on p.id is null and rq.token = i.placement_key and rq.owner_id = i.owner_id
              left join placements sp
                on rq.id is not null and sp.owner_id = i.owner_id and sp.system = 'requests') resolved
     group by owner_id, day, placement_id
     order by owner_id, day, coalesce(placement_id, 0)
    on conflict (owner_id, day, (coalesce(placement_id, 0)))
    do update set scans = placement_scans.scans + excluded.scans`.execute(db);
}

export interface TPlacementActivity {
  /** null = Default. */
  placementId: number | null;
  scans: number;
  ratings: number;
  ratingSum: number;
  positive: number;
  /**
   * Ratings that came with a scan: on each IST day, at most as many of the placement's ratings as
   * it had scans that day (a rating with no scan of its placement that day came another way: a
   * shared link, a preview, the API). Never more than `scans` nor `ratings`.
   */
  scanRatings: number;
}

/** The IST day ('YYYY-MM-DD') of a timestamptz column, in SQL (the same day as contract's istDay). */
const istDayOf = (column: string) =>
  sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

/**
 * Scans and ratings of one owner per placement over IST days `from`..`to` (both included): two
 * grouped range reads (the scan counters by owner and day, the reviews by the owner's date index),
 * per placement and day, so that a rating is matched with a scan of the same placement and day.
 * `reviewsFrom`/`reviewsBefore` are the instants the days start and end.
 */
export async function placementActivity(
  db: TDb,
  ownerId: number,
  range: { from: string; to: string; reviewsFrom: Date; reviewsBefore: Date },
): Promise<TPlacementActivity[]> {
  const [scans, reviews] = await Promise.all([
    db
      .selectFrom('placementScans')
      .select([
        'placementId',
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
        sql<number>`sum(scans)::bigint`.as('scans'),
      ])
      .where('ownerId', '=', ownerId)
      .where(sql<boolean>`day between ${range.from}::date and ${range.to}::date`)
      .groupBy(['placementId', 'day'])
      .execute(),
    db
      .selectFrom('reviews')
      .select([
        'placementId',
        istDayOf('created_at').as('day'),
        sql<number>`count(*)::int`.as('ratings'),
        sql<number>`coalesce(sum(rating), 0)::bigint`.as('ratingSum'),
        sql<number>`(count(*) filter (where ${positiveRating()}))::int`.as('positive'),
      ])
      .where('ownerId', '=', ownerId)
      .where('createdAt', '>=', range.reviewsFrom)
      .where('createdAt', '<', range.reviewsBefore)
      .groupBy(['placementId', istDayOf('created_at')])
      .execute(),
  ]);
  const byPlacement = new Map<number | null, TPlacementActivity>();
  const entry = (placementId: number | null) => {
    let row = byPlacement.get(placementId);
    if (!row) {
      row = { placementId, scans: 0, ratings: 0, ratingSum: 0, positive: 0, scanRatings: 0 };
      byPlacement.set(placementId, row);
    }
    return row;
  };
  const scansOn = new Map<string, number>();
  for (const row of scans) {
    const count = Number(row.scans);
    entry(row.placementId).scans += count;
    scansOn.set(`${row.placementId ?? ''}|${row.day}`, count);
  }
  for (const row of reviews) {
    const target = entry(row.placementId);
    target.ratings += row.ratings;
    target.ratingSum += Number(row.ratingSum);
    target.positive += row.positive;
    target.scanRatings += Math.min(row.ratings, scansOn.get(`${row.placementId ?? ''}|${row.day}`) ?? 0);
  }
  return [...byPlacement.values()];
}

export interface TStaffActivity {
  placementId: number;
  reviews: number;
  ratingSum: number;
  positive: number;
  cases: number;
}

/**
 * Reviews through the owner's live staff placements over [reviewsFrom, reviewsBefore), with their
 * sum of stars, 4-5 star count and the cases they opened: one grouped read over the owner's date
 * index of reviews. Placements without reviews are not in it.
 */
export async function staffPlacementActivity(
  db: TDb,
  ownerId: number,
  range: { reviewsFrom: Date; reviewsBefore: Date },
): Promise<TStaffActivity[]> {
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('placements', 'placements.id', 'reviews.placementId')
    .leftJoin('cases', 'cases.reviewId', 'reviews.id')
    .select([
      'reviews.placementId',
      sql<number>`count(*)::int`.as('reviews'),
      sql<number>`coalesce(sum(reviews.rating), 0)::bigint`.as('ratingSum'),
      sql<number>`(count(*) filter (where ${positiveRating('reviews.rating')}))::int`.as('positive'),
      sql<number>`count(cases.id)::int`.as('cases'),
    ])
    .where('reviews.ownerId', '=', ownerId)
    .where('reviews.createdAt', '>=', range.reviewsFrom)
    .where('reviews.createdAt', '<', range.reviewsBefore)
    .where('placements.ownerId', '=', ownerId)
    .where('placements.kind', '=', 'staff')
    .where('placements.deletedAt', 'is', null)
    .groupBy('reviews.placementId')
    .execute();
  return rows.map((row) => ({
    placementId: Number(row.placementId),
    reviews: Number(row.reviews),
    ratingSum: Number(row.ratingSum),
    positive: Number(row.positive),
    cases: Number(row.cases),
  }));
}

/** The owner's placements by id, deleted ones included (names for history). */
export const findOwnerPlacementsByIds = ownerRowsFinder('placements', 'id');

/**
 * The owner's system placement "Requests" (reviews and views through review request links), made
 * on first use. Not in the owner's list: it cannot be renamed, deleted or printed, and does not
 * count against the plan's limit.
 */
export async function ensureRequestsPlacement(db: TDb, ownerId: number, key: string): Promise<void> {
  await sql`insert into placements (owner_id, key, name, system)
    values (${ownerId}, ${key}, 'Requests', 'requests')
    on conflict (owner_id, system) where system is not null do nothing`.execute(db);
}
