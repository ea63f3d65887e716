import { type Insertable, sql, type Updateable } from 'kysely';
import type { TDb } from '../../client.ts';
import type { GoogleReviewTable, TGoogleReview } from '../../database.ts';
import { countByMonth } from '../months.ts';
import { countOf } from '../paging.ts';
import { deleteRows, ownerRowsFinder, rowFinder, updateRow } from '../records.ts';
import type { TReviewStats } from '../reviews.ts';

/*
 * The reviews imported from Google (migration 0018), kept apart from the QR reviews, and their card
 * numbers. Every finder of reviews is keyed by the owner: an owner never reaches another owner's
 * Google rows.
 */

export type TNewGoogleReview = Insertable<GoogleReviewTable>;

/** The owner's Google reviews by Google's names of them. */
export const findGoogleReviewsByNames = ownerRowsFinder('googleReviews', 'reviewName');

/** New reviews in one statement; a review another sync inserted meanwhile is left as it is. */
export async function insertGoogleReviews(db: TDb, rows: TNewGoogleReview[]): Promise<TGoogleReview[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('googleReviews')
    .values(rows)
    .onConflict((oc) => oc.columns(['ownerId', 'reviewName']).doNothing())
    .returningAll()
    .execute();
}

export async function updateGoogleReview(
  db: TDb,
  ownerId: number,
  id: number,
  patch: Updateable<GoogleReviewTable>,
): Promise<TGoogleReview | undefined> {
  return updateRow(db, 'googleReviews', { ownerId, id }, { updatedAt: new Date(), ...patch });
}

/** Every review imported for the owner (another location was chosen): how many there were. */
export async function deleteOwnerGoogleReviews(db: TDb, ownerId: number): Promise<number> {
  return deleteRows(db, 'googleReviews', { ownerId });
}

/** How many of the owner's Google reviews are still on Google (not marked deleted). */
export async function countLiveGoogleReviews(db: TDb, ownerId: number): Promise<number> {
  return countOf(
    db.selectFrom('googleReviews').where('ownerId', '=', ownerId).where('deletedAt', 'is', null),
  );
}

/** One of the owner's Google reviews (another owner's id is simply not found). */
export const findGoogleReviewForOwner = rowFinder('googleReviews', (ownerId: number, id: number) => ({
  ownerId,
  id,
}));

export async function findGoogleReviewById(db: TDb, id: number): Promise<TGoogleReview | undefined> {
  return db.selectFrom('googleReviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Card numbers of the owner's live Google reviews (one aggregate over the owner's index). */
export async function getGoogleReviewStats(db: TDb, ownerId: number): Promise<TReviewStats> {
  const row = await db
    .selectFrom('googleReviews')
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<number>`coalesce(sum(rating), 0)::int`.as('sum'),
      sql<number>`count(*) filter (where rating = 1)::int`.as('s1'),
      sql<number>`count(*) filter (where rating = 2)::int`.as('s2'),
      sql<number>`count(*) filter (where rating = 3)::int`.as('s3'),
      sql<number>`count(*) filter (where rating = 4)::int`.as('s4'),
      sql<number>`count(*) filter (where rating = 5)::int`.as('s5'),
    ])
    .where('ownerId', '=', ownerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  const n = row?.n ?? 0;
  return {
    reviewCount: n,
    ratingSum: row?.sum ?? 0,
    averageRating: n ? (row?.sum ?? 0) / n : 0,
    stars: { 1: row?.s1 ?? 0, 2: row?.s2 ?? 0, 3: row?.s3 ?? 0, 4: row?.s4 ?? 0, 5: row?.s5 ?? 0 },
  };
}

/** The owner's live Google reviews per month (UTC), like countOwnerReviewsByMonth. */
export async function countGoogleReviewsByMonth(
  db: TDb,
  ownerId: number,
  now: Date,
  months = 12,
): Promise<{ month: string; count: number; ratingSum: number }[]> {
  const live = db.selectFrom('googleReviews').where('ownerId', '=', ownerId).where('deletedAt', 'is', null);
  return countByMonth(
    live,
    'createdOnGoogle',
    { now, months },
    {
      count: sql<number>`count(*)::int`,
      ratingSum: sql<number>`coalesce(sum(rating), 0)::int`,
    },
  );
}
