import type { TDb } from '../client.ts';
import type { TReview } from '../database.ts';
import { unnotifiedGoogleLowRatings } from './google/google-notifications.ts';
import { markReviewsNotified, releaseReviewsNotified } from './owner-notifications.ts';
import { lowRating } from './rating-sql.ts';
import { updateRows } from './records.ts';

/**
 * Batched low-rating alerts: the owner's alert window (migration 0011) and the QR reviews each alert
 * lists (Google's are in google/google-notifications.ts), and the digest's list of QR low ratings.
 */

const NEVER = new Date(0);

/**
 * Locks the owner's low-rating alert window for the caller's transaction (creating it on first use)
 * and returns when the last alert went out (the epoch when never). Alerts of one owner serialise
 * here, so two workers can never both send.
 */
export async function lockLowRatingAlertWindow(trx: TDb, ownerId: number): Promise<Date> {
  await trx
    .insertInto('lowRatingAlertWindows')
    .values({ ownerId, lastSentAt: NEVER })
    .onConflict((oc) => oc.column('ownerId').doNothing())
    .execute();
  const row = await trx
    .selectFrom('lowRatingAlertWindows')
    .select('lastSentAt')
    .where('ownerId', '=', ownerId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.lastSentAt;
}

export async function setLowRatingAlertSentAt(db: TDb, ownerId: number, at: Date): Promise<void> {
  await updateRows(db, 'lowRatingAlertWindows', { ownerId }, { lastSentAt: at });
}

/** Puts the window back after a failed send, unless a newer send moved it since. */
export async function restoreLowRatingAlertSentAt(
  db: TDb,
  ownerId: number,
  { from, to }: { from: Date; to: Date },
): Promise<void> {
  await updateRows(db, 'lowRatingAlertWindows', { ownerId, lastSentAt: from }, { lastSentAt: to });
}

/** The owner's 1-3 star reviews created after `from`, oldest first. */
const lowRatingsAfter = (db: TDb, ownerId: number, from: Date) =>
  db
    .selectFrom('reviews')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .where(lowRating())
    .where('createdAt', '>', from)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc');

/**
 * The owner's 1-3 star reviews created after `from` that no alert has listed yet, oldest first (no
 * upper bound: a review stamped a moment ahead of the worker's clock is not left behind).
 */
export async function listUnnotifiedLowRatings(db: TDb, ownerId: number, from: Date): Promise<TReview[]> {
  return lowRatingsAfter(db, ownerId, from).where('ownerNotifiedAt', 'is', null).execute();
}

/**
 * When the owner's last alert went out (null before the first) and whether any low rating, QR or
 * Google, since `from` waits for an alert: one statement, no lock. It answers the jobs that find
 * nothing to send or the window still closed; only a send takes the lock.
 */
export async function peekLowRatingAlertWindow(
  db: TDb,
  ownerId: number,
  from: Date,
): Promise<{ lastSentAt: Date | null; pending: boolean }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('lowRatingAlertWindows')
        .select('lastSentAt')
        .where('ownerId', '=', ownerId)
        .as('lastSentAt'),
      eb
        .or([
          eb.exists(lowRatingsAfter(db, ownerId, from).where('ownerNotifiedAt', 'is', null)),
          eb.exists(unnotifiedGoogleLowRatings(db, ownerId, from)),
        ])
        .as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return { lastSentAt: row.lastSentAt ?? null, pending: Boolean(row.pending) };
}

/** Marks reviews as listed by the alert sent at `at` (only those no other alert took). */
export async function markLowRatingsNotified(db: TDb, reviewIds: number[], at: Date): Promise<number[]> {
  return markReviewsNotified(db, 'reviews', reviewIds, at);
}

/** Hands reviews back to the next alert after a failed send. */
export async function releaseLowRatingsNotified(db: TDb, reviewIds: number[], at: Date): Promise<void> {
  await releaseReviewsNotified(db, 'reviews', reviewIds, at);
}

/** An owner's 1-3 star reviews in (from, to], oldest first. */
export async function listLowRatingReviews(
  db: TDb,
  ownerId: number,
  from: Date,
  to: Date,
): Promise<TReview[]> {
  return lowRatingsAfter(db, ownerId, from).where('createdAt', '<=', to).limit(200).execute();
}
