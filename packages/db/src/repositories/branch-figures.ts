import { sql } from 'kysely';
import type { TDb } from '../client.ts';

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
 * Counts per branch for the All branches view: reviews (their ratings, positives and low ratings,
 * replies, those through requests) from the review days of `fromDay`..`toDay`, review requests
 * sent in [from, to), and page scans of those days. One statement per table, grouped by branch.
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
      .selectFrom('ownerReviewDays')
      .select([
        'ownerId',
        sql<number>`sum(reviews)`.as('reviews'),
        sql<number>`sum(rating_sum)`.as('ratingSum'),
        sql<number>`sum(positive)`.as('positive'),
        sql<number>`sum(low)`.as('low'),
        sql<number>`sum(with_message)`.as('withMessage'),
        sql<number>`sum(replied)`.as('replied'),
        sql<number>`sum(from_requests)`.as('fromRequests'),
      ])
      .where('ownerId', 'in', ids)
      .where('day', '>=', range.fromDay)
      .where('day', '<=', range.toDay)
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

/**
 * Reviews per branch and IST day (or week, from Monday) of `fromDay`..`toDay`, periods without
 * reviews left out: the trend lines. `day` is the period's first day.
 */
export async function branchDays(
  db: TDb,
  ownerIds: readonly number[],
  range: { fromDay: string; toDay: string },
  unit: 'day' | 'week' = 'day',
): Promise<TBranchDay[]> {
  if (ownerIds.length === 0) return [];
  // Literal units: the SELECT and the GROUP BY must be the same expression, not two parameters.
  const period =
    unit === 'day'
      ? sql<string>`to_char(day, 'YYYY-MM-DD')`
      : sql<string>`to_char(date_trunc('week', day), 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('ownerReviewDays')
    .select([
      'ownerId',
      period.as('day'),
      sql<number>`sum(reviews)`.as('reviews'),
      sql<number>`sum(rating_sum)`.as('ratingSum'),
    ])
    .where('ownerId', 'in', [...ownerIds])
    .where('day', '>=', range.fromDay)
    .where('day', '<=', range.toDay)
    .where('reviews', '>', 0)
    .groupBy(['ownerId', period])
    .orderBy('ownerId')
    .orderBy(period)
    .execute();
  return rows.map((row) => ({
    ownerId: row.ownerId,
    day: row.day,
    reviews: Number(row.reviews),
    ratingSum: Number(row.ratingSum),
  }));
}
