import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TNewReview, TReview } from '../database.ts';

/** The columns a new review is written with; the rest start at their defaults. */
export type TReviewInsert = Pick<
  TNewReview,
  | 'ownerId'
  | 'rating'
  | 'message'
  | 'customerContact'
  | 'deviceId'
  | 'sentimentLabel'
  | 'sentimentScore'
  | 'replyStatus'
  | 'createdAt'
>;

/**
 * Inserts a review and bumps the owner's counters in the same transaction, so stats are always
 * consistent with the rows and never need a scan.
 */
export async function insertReview(db: TDb, review: TReviewInsert): Promise<TReview> {
  const [row] = await insertReviews(db, [review]);
  return row!;
}

/**
 * Inserts many reviews, adds them to their owners' counters and (when given, one per review) writes
 * their activity events, all in ONE statement: the review page's group commit sends a batch as a
 * single JSON parameter instead of thousands of bound values. Rows come back in input order.
 * Counter rows are updated once per owner, in owner-id order, so concurrent writers lock alike.
 */
export async function insertReviews(
  db: TDb,
  reviews: TReviewInsert[],
  activity?: { message: string; code: string | null }[],
): Promise<TReview[]> {
  if (reviews.length === 0) return [];
  for (const review of reviews) {
    if (!Number.isInteger(review.rating) || review.rating < 1 || review.rating > 5) {
      throw new RangeError(`rating must be 1 to 5, got ${review.rating}`);
    }
  }
  const input = reviews.map((review, i) => ({
    owner_id: review.ownerId,
    rating: review.rating,
    message: review.message ?? '',
    customer_contact: review.customerContact ?? null,
    device_id: review.deviceId ?? null,
    sentiment_label: review.sentimentLabel ?? null,
    sentiment_score: review.sentimentScore ?? null,
    reply_status: review.replyStatus ?? 'none',
    created_at:
      review.createdAt instanceof Date ? review.createdAt.toISOString() : (review.createdAt ?? null),
    activity_message: activity?.[i]?.message ?? null,
    activity_code: activity?.[i]?.code ?? null,
    ord: i,
  }));
  const { rows } = await sql<TReview>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t(
        owner_id bigint, rating smallint, message text, customer_contact text, device_id text,
        sentiment_label text, sentiment_score real, reply_status text, created_at timestamptz,
        activity_message text, activity_code text, ord integer)
    ),
    inserted as (
      insert into reviews (owner_id, rating, message, customer_contact, device_id, sentiment_label,
                           sentiment_score, reply_status, created_at)
      select owner_id, rating, message, customer_contact, device_id, sentiment_label, sentiment_score,
             reply_status, coalesce(created_at, now())
        from input order by ord
      returning *
    ),
    counters as (
      insert into owner_review_stats (owner_id, review_count, rating_sum, star1, star2, star3, star4,
                                      star5, last_review_at)
      select owner_id, count(*), sum(rating), count(*) filter (where rating = 1),
             count(*) filter (where rating = 2), count(*) filter (where rating = 3),
             count(*) filter (where rating = 4), count(*) filter (where rating = 5), max(created_at)
        from inserted group by owner_id order by owner_id
      on conflict (owner_id) do update set
        review_count = owner_review_stats.review_count + excluded.review_count,
        rating_sum = owner_review_stats.rating_sum + excluded.rating_sum,
        star1 = owner_review_stats.star1 + excluded.star1,
        star2 = owner_review_stats.star2 + excluded.star2,
        star3 = owner_review_stats.star3 + excluded.star3,
        star4 = owner_review_stats.star4 + excluded.star4,
        star5 = owner_review_stats.star5 + excluded.star5,
        -- A backfilled older review must not move the newest-review time backwards.
        last_review_at = greatest(owner_review_stats.last_review_at, excluded.last_review_at)
    ),
    events as (
      insert into activity_events (type, message, code, owner_id)
      select 'review', activity_message, activity_code, owner_id
        from input where activity_message is not null order by ord
    )
    -- Identity values follow the insert order, so ascending ids are the input order.
    select * from inserted order by id`.execute(db);
  return rows;
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
