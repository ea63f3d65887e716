import type { TSentimentLabel } from '@starloop/contract';
import { RATING_MAX, RATING_MIN } from '@starloop/contract/rules';
import { type ExpressionBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TNewReview, TReview } from '../database.ts';
import { qualified } from './columns.ts';
import { countByMonth } from './months.ts';
import {
  countOf,
  readPage,
  sortedWindow,
  type TPage,
  type TPageReader,
  type TPageRequest,
  type TSortedListQuery,
} from './paging.ts';
import { containsPattern } from './search.ts';
import { countFromCounters } from './stat-counters.ts';

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
  | 'language'
> & {
  /**
   * The placement key the review page carried (`?p=`). Resolved in the insert itself to the
   * owner's live placement; an unknown, deleted or another owner's key leaves it Default (null).
   */
  placementKey?: string | null | undefined;
  /**
   * The phone and/or email the customer left under the feedback form, with their consent
   * (review_contacts, migration 0030), written in the same statement.
   */
  contact?: TNewReviewContact | null | undefined;
};

export interface TNewReviewContact {
  phoneE164: string | null;
  email: string | null;
  consent: boolean;
  consentVersion: string;
  language: string;
}

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
    if (!Number.isInteger(review.rating) || review.rating < RATING_MIN || review.rating > RATING_MAX) {
      throw new RangeError(`rating must be ${RATING_MIN} to ${RATING_MAX}, got ${review.rating}`);
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
    placement_key: review.placementKey || null,
    language: review.language ?? null,
    contact_phone: review.contact?.phoneE164 ?? null,
    contact_email: review.contact?.email ?? null,
    contact_consent: review.contact ? review.contact.consent : null,
    contact_version: review.contact?.consentVersion ?? null,
    contact_language: review.contact?.language ?? null,
    ord: i,
  }));
  const { rows } = await sql<TReview>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t(
        owner_id bigint, rating smallint, message text, customer_contact text, device_id text,
        sentiment_label text, sentiment_score real, reply_status text, created_at timestamptz,
        activity_message text, activity_code text, placement_key text, language text,
        contact_phone text, contact_email text, contact_consent boolean, contact_version text,
        contact_language text, ord integer)
    ),
    inserted as (
      insert into reviews (owner_id, rating, message, customer_contact, device_id, sentiment_label,
                           sentiment_score, reply_status, created_at, placement_id, review_request_id,
                           language)
      select i.owner_id, i.rating, i.message, i.customer_contact, i.device_id, i.sentiment_label,
             i.sentiment_score, i.reply_status, coalesce(i.created_at, now()), coalesce(p.id, sp.id), rq.id,
             i.language
        from input i
        -- Keys and tokens are unique, so the joins never repeat a review.
        left join placements p
          on p.key = i.placement_key and p.owner_id = i.owner_id and p.deleted_at is null
        -- A review request's short link carries its token as the key: the review is the request's,
        -- under the owner's system placement "Requests".
        left join review_requests rq
          on p.id is null and rq.token = i.placement_key and rq.owner_id = i.owner_id
        left join placements sp
          on rq.id is not null and sp.owner_id = i.owner_id and sp.system = 'requests'
       order by i.ord
      returning *
    ),
    answered as (
      update review_requests r
         set review_id = x.id, rating = x.rating, reviewed_at = x.created_at
        from (select distinct on (review_request_id) review_request_id, id, rating, created_at
                from inserted where review_request_id is not null
               order by review_request_id, id) x
       where r.id = x.review_request_id and r.review_id is null
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
    contacts as (
      insert into review_contacts (review_id, owner_id, phone_e164, email, consent, consent_at,
                                   consent_version, language, created_at)
      select x.id, x.owner_id, i.contact_phone, i.contact_email, i.contact_consent,
             case when i.contact_consent then x.created_at end, i.contact_version, i.contact_language,
             x.created_at
        -- Ids ascend in input order, so the n-th inserted row is the n-th input.
        from (select id, owner_id, created_at, row_number() over (order by id) - 1 as ord from inserted) x
        join input i on i.ord = x.ord
       where i.contact_consent is not null
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

/** An owner's reviews, newest first; the total comes from the owner's counters unless searching. */
export async function listOwnerReviews(
  db: TDb,
  ownerId: number,
  query: TPageRequest & { search?: string | undefined },
): Promise<TPage<TReview>> {
  let base = db.selectFrom('reviews').where('ownerId', '=', ownerId);
  if (query.search) base = base.where(sql<boolean>`lower(message) like ${containsPattern(query.search)}`);
  return readPage(query, {
    total: async () => (query.search ? countOf(base) : (await getOwnerReviewStats(db, ownerId)).reviewCount),
    readRows: (window) => sortedWindow(base.selectAll(), window, ['createdAt', 'id']).execute(),
  });
}

export interface TOwnerMonthlyReviews {
  /** 'YYYY-MM' (UTC). */
  month: string;
  count: number;
  /** Not rounded; 0 for a month without reviews. */
  averageRating: number;
}

/**
 * An owner's reviews per month over the `months` months ending with `now`'s (UTC), oldest first,
 * months without reviews included: one range query over the owner's index.
 */
export async function countOwnerReviewsByMonth(
  db: TDb,
  ownerId: number,
  now: Date = new Date(),
  months = 12,
): Promise<TOwnerMonthlyReviews[]> {
  return countByMonth(
    db.selectFrom('reviews').where('ownerId', '=', ownerId),
    'createdAt',
    { now, months },
    {
      count: sql<number>`count(*)::int`,
      averageRating: sql<number>`coalesce(avg(rating), 0)::float8`,
    },
  );
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

// ------------------------------------------------------------------------------ admin reviews list

/** The review's own columns in the back office's list. */
const ADMIN_REVIEW_COLUMNS = [
  'id',
  'ownerId',
  'rating',
  'message',
  'createdAt',
  'sentimentLabel',
  'sentimentScore',
  'replyStatus',
  'replyText',
] as const;

export interface TAdminReviewRow extends Pick<TReview, (typeof ADMIN_REVIEW_COLUMNS)[number]> {
  code: string;
  businessName: string;
  ownerName: string;
  /** The review's placement (null = Default). */
  placementId: number | null;
  placementName: string | null;
  placementDeletedAt: Date | null;
}

type TAdminReviewsQuery = TSortedListQuery<'createdAt' | 'rating'>;

/** Reviews whose message, or whose business's name or code, contains the term. */
function reviewSearch(search: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'reviews'>) => {
    if (!search) return eb.lit(true);
    const pattern = containsPattern(search);
    const owners = sql<number[]>`array(select id from owners where search_text like ${pattern}
      and (lower(business_name) like ${pattern} or code like ${pattern}))`;
    return eb.or([
      eb(eb.fn('lower', ['reviews.message']), 'like', pattern),
      eb('reviews.ownerId', '=', eb.fn.any(owners)),
    ]);
  };
}

/** The back office's reviews list; the total comes from the counters unless searching. */
export const listAdminReviews: TPageReader<TAdminReviewsQuery, TAdminReviewRow> = (db, query) => {
  const where = reviewSearch(query.search);
  const sortKeys = ['reviews.createdAt', 'reviews.id'] as const;
  return readPage(query, {
    total: () =>
      query.search ? countOf(db.selectFrom('reviews').where(where)) : countFromCounters(db, 'reviews'),
    readIds: async (window) => {
      const page = db.selectFrom('reviews').select('reviews.id').where(where);
      const keys = query.sortBy === 'rating' ? ['reviews.rating' as const, ...sortKeys] : sortKeys;
      return (await sortedWindow(page, window, keys, query.sortOrder).execute()).map((r) => r.id);
    },
    loadRows: (ids) =>
      db
        .selectFrom('reviews')
        .innerJoin('owners', 'owners.id', 'reviews.ownerId')
        .leftJoin('placements', 'placements.id', 'reviews.placementId')
        .select([
          ...qualified('reviews', ADMIN_REVIEW_COLUMNS),
          'owners.code',
          'owners.businessName',
          'owners.name as ownerName',
          'reviews.placementId',
          'placements.name as placementName',
          'placements.deletedAt as placementDeletedAt',
        ])
        .where('reviews.id', 'in', ids)
        .execute(),
  });
};

// ----------------------------------------------------------------------------- sentiment recompute

/** One batch of reviews by id for the sentiment recompute. */
export async function listReviewsForSentiment(
  db: TDb,
  afterId: number,
  limit: number,
): Promise<
  {
    id: number;
    message: string;
    rating: number;
    sentimentLabel: TSentimentLabel | null;
    sentimentScore: number | null;
  }[]
> {
  return db
    .selectFrom('reviews')
    .select(['id', 'message', 'rating', 'sentimentLabel', 'sentimentScore'])
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Writes many sentiments in one statement. */
export async function updateReviewSentiments(
  db: TDb,
  rows: { id: number; label: TSentimentLabel; score: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((r) => sql`(${r.id}::bigint, ${r.label}::text, ${r.score}::real)`));
  await sql`update reviews as r set sentiment_label = v.label, sentiment_score = v.score
    from (values ${values}) as v(id, label, score) where r.id = v.id`.execute(db);
}
