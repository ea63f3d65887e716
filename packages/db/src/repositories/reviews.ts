import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TNewReview, TReview } from '../database.ts';
import { inTransaction } from '../transaction.ts';

const STAR_COLUMNS = { 1: 'star1', 2: 'star2', 3: 'star3', 4: 'star4', 5: 'star5' } as const;

/**
 * Inserts a review and bumps the owner's counters in the same transaction, so stats are always
 * consistent with the rows and never need a scan.
 */
export async function insertReview(db: TDb, review: TNewReview): Promise<TReview> {
  const [row] = await insertReviews(db, [review]);
  return row!;
}

/**
 * Inserts many reviews and adds them to their owners' counters in one transaction (the review
 * page's group commit). Rows come back in input order. Counter rows are updated once per owner, in
 * owner-id order, so concurrent writers take their locks in the same order.
 */
export async function insertReviews(db: TDb, reviews: TNewReview[]): Promise<TReview[]> {
  if (reviews.length === 0) return [];
  const perOwner = new Map<number, { count: number; sum: number; stars: number[]; last: Date | null }>();
  for (const review of reviews) {
    if (!STAR_COLUMNS[review.rating as 1 | 2 | 3 | 4 | 5]) {
      throw new RangeError(`rating must be 1 to 5, got ${review.rating}`);
    }
    const entry = perOwner.get(review.ownerId) ?? { count: 0, sum: 0, stars: [0, 0, 0, 0, 0], last: null };
    entry.count += 1;
    entry.sum += review.rating;
    entry.stars[review.rating - 1]! += 1;
    perOwner.set(review.ownerId, entry);
  }
  return inTransaction(db, async (trx) => {
    const rows = await trx.insertInto('reviews').values(reviews).returningAll().execute();
    for (const row of rows) {
      const entry = perOwner.get(row.ownerId)!;
      if (!entry.last || row.createdAt > entry.last) entry.last = row.createdAt;
    }
    const counters = [...perOwner.entries()]
      .sort(([a], [b]) => a - b)
      .map(([ownerId, e]) => ({
        ownerId,
        reviewCount: e.count,
        ratingSum: e.sum,
        star1: e.stars[0]!,
        star2: e.stars[1]!,
        star3: e.stars[2]!,
        star4: e.stars[3]!,
        star5: e.stars[4]!,
        lastReviewAt: e.last,
      }));
    await trx
      .insertInto('ownerReviewStats')
      .values(counters)
      .onConflict((oc) =>
        oc.column('ownerId').doUpdateSet({
          reviewCount: sql`owner_review_stats.review_count + excluded.review_count`,
          ratingSum: sql`owner_review_stats.rating_sum + excluded.rating_sum`,
          star1: sql`owner_review_stats.star1 + excluded.star1`,
          star2: sql`owner_review_stats.star2 + excluded.star2`,
          star3: sql`owner_review_stats.star3 + excluded.star3`,
          star4: sql`owner_review_stats.star4 + excluded.star4`,
          star5: sql`owner_review_stats.star5 + excluded.star5`,
          // A backfilled older review must not move the newest-review time backwards.
          lastReviewAt: sql<Date>`greatest(owner_review_stats.last_review_at, excluded.last_review_at)`,
        }),
      )
      .execute();
    return rows;
  });
}

export interface TReviewStats {
  reviewCount: number;
  ratingSum: number;
  averageRating: number;
  stars: { 1: number; 2: number; 3: number; 4: number; 5: number };
}

const toStats = (row: {
  reviewCount: number;
  ratingSum: number;
  star1: number;
  star2: number;
  star3: number;
  star4: number;
  star5: number;
}): TReviewStats => ({
  reviewCount: row.reviewCount,
  ratingSum: row.ratingSum,
  averageRating: row.reviewCount === 0 ? 0 : row.ratingSum / row.reviewCount,
  stars: { 1: row.star1, 2: row.star2, 3: row.star3, 4: row.star4, 5: row.star5 },
});

const EMPTY = { reviewCount: 0, ratingSum: 0, star1: 0, star2: 0, star3: 0, star4: 0, star5: 0 };

export async function getOwnerReviewStats(db: TDb, ownerId: number): Promise<TReviewStats> {
  const row = await db
    .selectFrom('ownerReviewStats')
    .select(['reviewCount', 'ratingSum', 'star1', 'star2', 'star3', 'star4', 'star5'])
    .where('ownerId', '=', ownerId)
    .executeTakeFirst();
  return toStats(row ?? EMPTY);
}

/** Platform-wide totals from the per-owner counters (one row per owner, never per review). */
export async function getPlatformReviewStats(db: TDb): Promise<TReviewStats> {
  const row = await db
    .selectFrom('ownerReviewStats')
    .select([
      sql<number>`coalesce(sum(review_count), 0)`.as('reviewCount'),
      sql<number>`coalesce(sum(rating_sum), 0)`.as('ratingSum'),
      sql<number>`coalesce(sum(star1), 0)`.as('star1'),
      sql<number>`coalesce(sum(star2), 0)`.as('star2'),
      sql<number>`coalesce(sum(star3), 0)`.as('star3'),
      sql<number>`coalesce(sum(star4), 0)`.as('star4'),
      sql<number>`coalesce(sum(star5), 0)`.as('star5'),
    ])
    .executeTakeFirstOrThrow();
  return toStats(row);
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (term: string) => `%${escapeLike(term.trim().toLowerCase())}%`;

export async function listOwnerReviews(
  db: TDb,
  ownerId: number,
  { page, limit, search }: { page: number; limit: number; search?: string | undefined },
): Promise<{ rows: TReview[]; total: number }> {
  let base = db.selectFrom('reviews').where('ownerId', '=', ownerId);
  if (search) base = base.where(sql<boolean>`lower(message) like ${containsPattern(search)}`);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    search
      ? base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
      : getOwnerReviewStats(db, ownerId).then((s) => ({ count: s.reviewCount })),
  ]);
  return { rows, total: Number(total.count) };
}

/** Every review of one owner, newest first (the documented GET /api/users/stats shape). */
export async function listAllOwnerReviews(db: TDb, ownerId: number): Promise<TReview[]> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findReviewById(db: TDb, id: number): Promise<TReview | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}
