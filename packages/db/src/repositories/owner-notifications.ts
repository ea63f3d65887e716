import { type ExpressionBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database } from '../database.ts';
import { negativeRating } from './rating-sql.ts';

/*
 * What the owner is told about reviews, QR and Google alike: low-rating alerts, each review listed
 * by one alert only (stamped with the time that alert went out, and handed back to the next one when
 * the alert could not be sent), and reminders of negative reviews still without a reply.
 */

type TOwnerReviews = 'reviews' | 'googleReviews';

/** A review a reminder is about: labelled negative, or 1-2 stars without a label. */
export const isNegativeReview = (table: TOwnerReviews) => {
  const label = sql.ref(`${table}.sentimentLabel`);
  return sql<boolean>`(${label} = ${'negative'} or (${label} is null and ${negativeRating(`${table}.rating`)}))`;
};

/** An owner reminders may go to: not deleted, with an email, and a notification on. */
export const takesReminders = (eb: ExpressionBuilder<Database, 'owners'>) =>
  eb.and([
    eb('owners.deletedAt', 'is', null),
    eb('owners.email', 'is not', null),
    eb.or([eb('owners.notifyLowRatings', '=', true), eb('owners.dailyDigest', '=', true)]),
  ]);

/** Moves the alert stamp of these reviews from `from` (null: not listed yet) to `to`. */
const restamp = (db: TDb, table: TOwnerReviews, ids: number[], from: Date | null, to: Date | null) =>
  db
    .updateTable(table)
    .set({ ownerNotifiedAt: to })
    .where('id', 'in', ids)
    .where('ownerNotifiedAt', from === null ? 'is' : '=', from);

/** Marks reviews as listed by the alert sent at `at` (only those no other alert took); answers their ids. */
export async function markReviewsNotified(
  db: TDb,
  table: TOwnerReviews,
  ids: number[],
  at: Date,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await restamp(db, table, ids, null, at).returning('id').execute();
  return rows.map((r) => r.id);
}

/** Hands reviews back to the next alert after the send at `at` failed. */
export async function releaseReviewsNotified(
  db: TDb,
  table: TOwnerReviews,
  ids: number[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await restamp(db, table, ids, at, null).execute();
}
