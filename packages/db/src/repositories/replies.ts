import type { TSentimentLabel } from '@starloop/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TReview } from '../database.ts';
import { hashEmailAddress } from './email-suppressions.ts';
import { unnotifiedGoogleLowRatings } from './google.ts';
import {
  isNegativeReview,
  markReviewsNotified,
  releaseReviewsNotified,
  takesReminders,
} from './owner-notifications.ts';
import { lowRating } from './rating-sql.ts';
import { deleteRows, stampOnce, updateRows } from './records.ts';

/** Automatic replies, reply templates and owner notifications (columns of migration 0005). */

export type TReviewReplyRow = TReview & { replyLock: string | null; replyLockUntil: Date | null };

export async function deleteReplyTemplate(
  db: TDb,
  ownerId: number,
  sentiment: TSentimentLabel,
): Promise<boolean> {
  return (await deleteRows(db, 'replyTemplates', { ownerId, sentiment })) > 0;
}

/** Marks a new review as waiting for its automatic reply (inside the review's transaction). */
export async function markReplyPending(db: TDb, reviewId: number): Promise<void> {
  await db.updateTable('reviews').set({ replyStatus: 'pending' }).where('id', '=', reviewId).execute();
}

/**
 * Takes the review's reply lease for one job attempt. It succeeds when nobody holds the lease, the
 * lease has run out, or the holder is an earlier attempt of the same job (pg-boss only hands a job
 * out again once it has given up on the earlier attempt). Returns the review, or undefined.
 */
export async function claimReplyLease(
  db: TDb,
  reviewId: number,
  lease: { jobId: string; attempt: number; now: Date; seconds: number },
): Promise<TReviewReplyRow | undefined> {
  const lock = `${lease.jobId}:${lease.attempt}`;
  const until = new Date(lease.now.getTime() + lease.seconds * 1000);
  return db
    .updateTable('reviews')
    .set({ replyLock: lock, replyLockUntil: until })
    .where('id', '=', reviewId)
    .where('replyStatus', 'in', ['pending', 'drafted', 'failed'])
    .where((eb) =>
      eb.or([
        eb('replyLock', 'is', null),
        eb('replyLockUntil', '<', lease.now),
        eb(sql<string>`split_part(reply_lock, ':', 1)`, '=', lease.jobId),
      ]),
    )
    .returningAll()
    .executeTakeFirst() as Promise<TReviewReplyRow | undefined>;
}

export async function findReviewReplyRow(db: TDb, reviewId: number): Promise<TReviewReplyRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', reviewId).executeTakeFirst() as Promise<
    TReviewReplyRow | undefined
  >;
}

/**
 * Stores the drafted reply once: only while the review is still pending and the lease is ours.
 * `release` gives the lease back in the same statement (nothing is to be emailed).
 */
export async function storeReplyDraft(
  db: TDb,
  reviewId: number,
  lock: string,
  text: string,
  options: { release?: boolean } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    .set({
      replyStatus: 'drafted',
      replyText: text,
      replyError: null,
      ...(options.release ? { replyLock: null, replyLockUntil: null } : {}),
    })
    .where('id', '=', reviewId)
    .where('replyStatus', '=', 'pending')
    .where('replyLock', '=', lock)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the outcome of an email attempt and gives the lease back. */
export async function finishReplyAttempt(
  db: TDb,
  reviewId: number,
  lock: string,
  outcome:
    | { status: 'sent'; at: Date }
    | { status: 'failed'; error: string }
    /** Drafted, deliberately not emailed (the reason is kept in reply_error for the owner). */
    | { status: 'held'; reason: string }
    | { status: 'release' },
): Promise<boolean> {
  let query = db
    .updateTable('reviews')
    .where('id', '=', reviewId)
    .where('replyLock', '=', lock)
    .set({ replyLock: null, replyLockUntil: null });
  if (outcome.status === 'sent') {
    query = query.set((eb) => ({
      replyStatus: 'sent',
      replyError: null,
      repliedAt: outcome.at,
      replyAttempts: eb('replyAttempts', '+', 1),
    }));
  } else if (outcome.status === 'held') {
    query = query.set({ replyStatus: 'drafted', replyError: outcome.reason.slice(0, 500) });
  } else if (outcome.status === 'failed') {
    query = query.set((eb) => ({
      replyStatus: 'failed',
      replyError: outcome.error.slice(0, 500),
      replyAttempts: eb('replyAttempts', '+', 1),
    }));
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The owner is not (or no longer) on the Professional plan: the review gets no automatic reply. */
export async function cancelPendingReply(db: TDb, reviewId: number, lock: string): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ replyStatus: 'none', replyLock: null, replyLockUntil: null })
    .where('id', '=', reviewId)
    .where('replyStatus', '=', 'pending')
    .where('replyLock', '=', lock)
    .execute();
}

// ------------------------------------------------------------------ batched low-rating alerts

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

// ------------------------------------------------------------ one automatic reply per address a day

/**
 * Claims the automatic reply to a customer address: true when no reply went to it within the last
 * `windowSeconds` (on any business), in one statement, so concurrent workers cannot both win.
 */
export async function claimReplyRecipient(
  db: TDb,
  email: string,
  { now, windowSeconds }: { now: Date; windowSeconds: number },
): Promise<boolean> {
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const row = await db
    .insertInto('replyRecipients')
    .values({ addressHash: hashEmailAddress(email), lastSentAt: now })
    .onConflict((oc) =>
      oc
        .column('addressHash')
        .doUpdateSet({ lastSentAt: now })
        .where('replyRecipients.lastSentAt', '<=', since),
    )
    .returning('addressHash')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back after the email failed, so the retry may send it. */
export async function releaseReplyRecipient(db: TDb, email: string, claimedAt: Date): Promise<void> {
  await deleteRows(db, 'replyRecipients', { addressHash: hashEmailAddress(email), lastSentAt: claimedAt });
}

/** Forgets claims older than `before` (they no longer limit anything). */
export async function deleteReplyRecipientsBefore(db: TDb, before: Date): Promise<number> {
  const result = await db.deleteFrom('replyRecipients').where('lastSentAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A review with neither a reply nor a follow-up yet. */
const unanswered = (eb: ExpressionBuilder<Database, 'reviews'>) =>
  eb.and([eb('reviews.repliedAt', 'is', null), eb('reviews.followedUpAt', 'is', null)]);

export interface TReminderDue {
  reviewId: number;
  ownerId: number;
  rating: number;
  message: string;
  customerContact: string | null;
  replyStatus: string;
  replyText: string | null;
  createdAt: Date;
  email: string;
  businessName: string;
}

/**
 * Negative reviews with no reply or follow-up, older than `olderThan` and newer than `newerThan`,
 * whose owner has an email and any notification on, and that were not reminded yet.
 */
export async function listRemindersDue(
  db: TDb,
  { olderThan, newerThan, limit }: { olderThan: Date; newerThan: Date; limit: number },
): Promise<TReminderDue[]> {
  return db
    .selectFrom('reviews')
    .innerJoin('owners', 'owners.id', 'reviews.ownerId')
    .select([
      'reviews.id as reviewId',
      'reviews.ownerId',
      'reviews.rating',
      'reviews.message',
      'reviews.customerContact',
      'reviews.replyStatus',
      'reviews.replyText',
      'reviews.createdAt',
      'owners.businessName',
      sql<string>`owners.email`.as('email'),
    ])
    .where('reviews.reminderSentAt', 'is', null)
    .where(unanswered)
    .where('reviews.createdAt', '<=', olderThan)
    .where('reviews.createdAt', '>', newerThan)
    .where(isNegativeReview('reviews'))
    .where(takesReminders)
    .orderBy('reviews.createdAt', 'asc')
    .limit(limit)
    .execute();
}

/** Claims the 48-hour reminder of a review (true once, and only while it still has no reply). */
export async function claimReminder(db: TDb, reviewId: number, now: Date): Promise<boolean> {
  return stampOnce(db, 'reviews', 'reminderSentAt', now, { id: reviewId }, unanswered);
}

export interface TDigestOwner {
  id: number;
  email: string;
  businessName: string;
  name: string;
}

/** Owners with the daily digest on whose digest for `digestDate` (YYYY-MM-DD, IST) is not out yet. */
export async function listDigestOwnersDue(
  db: TDb,
  digestDate: string,
  limit: number,
): Promise<TDigestOwner[]> {
  return db
    .selectFrom('owners')
    .select(['owners.id', 'owners.businessName', 'owners.name', sql<string>`owners.email`.as('email')])
    .where('owners.dailyDigest', '=', true)
    .where('owners.email', 'is not', null)
    .where('owners.deletedAt', 'is', null)
    .where('owners.status', '=', 'active')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ownerDigests')
            .select('ownerDigests.ownerId')
            .whereRef('ownerDigests.ownerId', '=', 'owners.id')
            .where('ownerDigests.digestDate', '=', digestDate),
        ),
      ),
    )
    .orderBy('owners.id')
    .limit(limit)
    .execute();
}

/** Claims an owner's digest for a day (true once). */
export async function claimDigest(
  db: TDb,
  ownerId: number,
  digestDate: string,
  reviewCount: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('ownerDigests')
    .values({ ownerId, digestDate, reviewCount, sentAt: now })
    .onConflict((oc) => oc.columns(['ownerId', 'digestDate']).doNothing())
    .returning('ownerId')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseDigest(db: TDb, ownerId: number, digestDate: string): Promise<void> {
  await deleteRows(db, 'ownerDigests', { ownerId, digestDate });
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

/** Reviews still waiting for their reply long after they came in (a lost job): ids, oldest first. */
export async function listStuckPendingReplies(
  db: TDb,
  { olderThan, newerThan, now, limit }: { olderThan: Date; newerThan: Date; now: Date; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('reviews')
    .select('id')
    .where('replyStatus', '=', 'pending')
    .where('createdAt', '<=', olderThan)
    .where('createdAt', '>', newerThan)
    .where((eb) => eb.or([eb('replyLockUntil', 'is', null), eb('replyLockUntil', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
