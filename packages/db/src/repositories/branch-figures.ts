import { IST_TIME_ZONE } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import { lowRating, positiveRating } from './rating-sql.ts';

/** A branch's figures over a range of time, as counts (the service turns them into rates). */
export interface TBranchCounts {
  ownerId: number;
  reviews: number;
  ratingSum: number;
  positive: number;
  low: number;
  withMessage: number;
  replied: number;
  fromRequests: number;
  requestsSent: number;
  scans: number;
}

export interface TBranchDay {
  ownerId: number;
  day: string;
  reviews: number;
  ratingSum: number;
}

/**
 * Counts per branch in [from, to) for the All branches view: reviews (their ratings, positives and
 * low ratings, replies), review requests sent and the reviews they brought, and page scans of the
 * IST days `fromDay`..`toDay`. One statement per table, each grouped by branch over the range.
 */
export async function branchCounts(
  db: TDb,
  ownerIds: readonly number[],
  range: { from: Date; to: Date; fromDay: string; toDay: string },
): Promise<TBranchCounts[]> {
  if (ownerIds.length === 0) return [];
  const ids = [...ownerIds];
  const [reviews, requests, scans] = await Promise.all([
    db
      .selectFrom('reviews')
      .select((eb) => [
        'ownerId',
        eb.fn.countAll<number>().as('reviews'),
        sql<number>`coalesce(sum(rating), 0)`.as('ratingSum'),
        sql<number>`count(*) filter (where ${positiveRating()})`.as('positive'),
        sql<number>`count(*) filter (where ${lowRating()})`.as('low'),
        sql<number>`count(*) filter (where message <> '')`.as('withMessage'),
        sql<number>`count(*) filter (where reply_status = 'sent')`.as('replied'),
        sql<number>`count(*) filter (where review_request_id is not null)`.as('fromRequests'),
      ])
      .where('ownerId', 'in', ids)
      .where('createdAt', '>=', range.from)
      .where('createdAt', '<', range.to)
      .groupBy('ownerId')
      .execute(),
    db
      .selectFrom('reviewRequests')
      .select((eb) => ['ownerId', eb.fn.countAll<number>().as('sent')])
      .where('ownerId', 'in', ids)
      .where('sentAt', '>=', range.from)
      .where('sentAt', '<', range.to)
      .groupBy('ownerId')
      .execute(),
    db
      .selectFrom('placementScans')
      .select(['ownerId', sql<number>`coalesce(sum(scans), 0)`.as('scans')])
      .where('ownerId', 'in', ids)
      .where('day', '>=', range.fromDay)
      .where('day', '<=', range.toDay)
      .groupBy('ownerId')
      .execute(),
  ]);
  const byOwner = new Map<number, TBranchCounts>(
    ids.map((ownerId) => [
      ownerId,
      {
        ownerId,
        reviews: 0,
        ratingSum: 0,
        positive: 0,
        low: 0,
        withMessage: 0,
        replied: 0,
        fromRequests: 0,
        requestsSent: 0,
        scans: 0,
      },
    ]),
  );
  for (const row of reviews) {
    const counts = byOwner.get(row.ownerId)!;
    counts.reviews = Number(row.reviews);
    counts.ratingSum = Number(row.ratingSum);
    counts.positive = Number(row.positive);
    counts.low = Number(row.low);
    counts.withMessage = Number(row.withMessage);
    counts.replied = Number(row.replied);
    counts.fromRequests = Number(row.fromRequests);
  }
  for (const row of requests) byOwner.get(row.ownerId)!.requestsSent = Number(row.sent);
  for (const row of scans) byOwner.get(row.ownerId)!.scans = Number(row.scans);
  return [...byOwner.values()];
}

/** Reviews per branch and IST day in [from, to): the trend lines of the All branches view. */
export async function branchDays(
  db: TDb,
  ownerIds: readonly number[],
  range: { from: Date; to: Date },
): Promise<TBranchDay[]> {
  if (ownerIds.length === 0) return [];
  // A literal zone: the SELECT and the GROUP BY must be the same expression, not two parameters.
  const day = sql<string>`to_char(created_at at time zone ${sql.lit(IST_TIME_ZONE)}, 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => [
      'ownerId',
      day.as('day'),
      eb.fn.countAll<number>().as('reviews'),
      sql<number>`coalesce(sum(rating), 0)`.as('ratingSum'),
    ])
    .where('ownerId', 'in', [...ownerIds])
    .where('createdAt', '>=', range.from)
    .where('createdAt', '<', range.to)
    .groupBy(['ownerId', day])
    .orderBy('ownerId')
    .orderBy(day)
    .execute();
  return rows.map((row) => ({
    ownerId: row.ownerId,
    day: row.day,
    reviews: Number(row.reviews),
    ratingSum: Number(row.ratingSum),
  }));
}
