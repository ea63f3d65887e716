import type { TDb } from '../client.ts';
import type { TReview } from '../database.ts';
import { unnotifiedGoogleLowRatings } from './google/google-notifications.ts';
import { lowRating } from './rating-sql.ts';
import { updateRows } from './records.ts';

/**
 * Batched Google low-rating alerts: the owner's alert window (migration 0011; the reviews each alert
 * lists are in google/google-notifications.ts), and the digest's list of QR low ratings. QR low
 * ratings open feedback cases, whose alerts are in case-alerts.ts (issue 33).
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
 * When the owner's last alert went out (null before the first) and whether any Google low rating
 * since `from` waits for an alert: one statement, no lock. It answers the jobs that find nothing to
 * send or the window still closed; only a send takes the lock. QR low ratings open feedback cases,
 * whose alerts tell the team instead (issue 33).
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
      eb.exists(unnotifiedGoogleLowRatings(db, ownerId, from)).as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return { lastSentAt: row.lastSentAt ?? null, pending: Boolean(row.pending) };
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
