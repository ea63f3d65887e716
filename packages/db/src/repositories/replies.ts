import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TReview } from '../database.ts';

/** Automatic replies to QR reviews (columns of migration 0005): the reply lease, draft and outcome. */

export type TReviewReplyRow = TReview & { replyLock: string | null; replyLockUntil: Date | null };

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

/** Reviews still waiting for their reply long after they came in (a lost job): ids, oldest first. */
export async function listStuckPendingReplies(
  db: TDb,
  {
    olderThan,
    newerThan,
    now,
    limit,
    delayed,
  }: {
    olderThan: Date;
    newerThan: Date;
    now: Date;
    limit: number;
    /** Owners on these plans reply late on purpose (Essential): theirs are stuck only when older than this. */
    delayed?: { plans: readonly ('essential' | 'professional')[]; olderThan: Date };
  },
): Promise<number[]> {
  const rows = await db
    .selectFrom('reviews')
    .select('reviews.id as id')
    .where('replyStatus', '=', 'pending')
    .where('reviews.createdAt', '<=', olderThan)
    .where('reviews.createdAt', '>', newerThan)
    .$if(delayed !== undefined && delayed.plans.length > 0, (qb) =>
      qb
        .innerJoin('owners', 'owners.id', 'reviews.ownerId')
        .where((eb) =>
          eb.or([
            eb('owners.plan', 'not in', delayed!.plans),
            eb('reviews.createdAt', '<=', delayed!.olderThan),
          ]),
        ),
    )
    .where((eb) => eb.or([eb('replyLockUntil', 'is', null), eb('replyLockUntil', '<', now)]))
    .orderBy('reviews.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
