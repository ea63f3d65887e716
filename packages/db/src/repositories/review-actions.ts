import type { TCaseStatus } from '@starloop/contract';
import type { TDb } from '../client.ts';
import type { TReview } from '../database.ts';

/*
 * What the owner's review drawer acts on (issue 33 item 3): each review's case and the contact left
 * under its feedback form, and the owner's own send of a review's reply (the reply columns of
 * migration 0005, under the same lease as the reply worker).
 */

export interface TReviewActionRow {
  reviewId: number;
  caseId: number | null;
  caseStatus: TCaseStatus | null;
  phone: string | null;
  email: string | null;
  consent: boolean | null;
  withdrawnAt: Date | null;
}

/** The case and the consented contact of each review, by review id (one indexed read for a page). */
export async function findReviewActions(
  db: TDb,
  reviewIds: readonly number[],
): Promise<Map<number, TReviewActionRow>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reviews')
    .leftJoin('cases', 'cases.reviewId', 'reviews.id')
    .leftJoin('reviewContacts', 'reviewContacts.reviewId', 'reviews.id')
    .select([
      'reviews.id as reviewId',
      'cases.id as caseId',
      'cases.status as caseStatus',
      'reviewContacts.phoneE164 as phone',
      'reviewContacts.email as email',
      'reviewContacts.consent as consent',
      'reviewContacts.withdrawnAt as withdrawnAt',
    ])
    .where('reviews.id', 'in', [...reviewIds])
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.reviewId),
      {
        ...row,
        reviewId: Number(row.reviewId),
        caseId: row.caseId === null ? null : Number(row.caseId),
      },
    ]),
  );
}

/** The case of a review, if it has one. */
export async function findCaseIdOfReview(db: TDb, reviewId: number): Promise<number | undefined> {
  const row = await db.selectFrom('cases').select('id').where('reviewId', '=', reviewId).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Names who opened a case by hand on its `opened` line (openCases writes it without an actor). */
export async function setCaseOpenedBy(db: TDb, caseId: number, personId: number): Promise<void> {
  await db
    .updateTable('caseEvents')
    .set({ actorPersonId: personId })
    .where('caseId', '=', caseId)
    .where('kind', '=', 'opened')
    .where('actorPersonId', 'is', null)
    .execute();
}

/**
 * Takes a review's reply for the owner's send: only when it is not pending (the worker drafts it)
 * nor sent, and nobody (the worker or another click) holds its lease. Returns the review, or
 * undefined.
 */
export async function claimOwnerReply(
  db: TDb,
  reviewId: number,
  lease: { lock: string; now: Date; seconds: number },
): Promise<TReview | undefined> {
  return db
    .updateTable('reviews')
    .set({ replyLock: lease.lock, replyLockUntil: new Date(lease.now.getTime() + lease.seconds * 1000) })
    .where('id', '=', reviewId)
    .where('replyStatus', 'in', ['none', 'drafted', 'failed'])
    .where((eb) => eb.or([eb('replyLock', 'is', null), eb('replyLockUntil', '<', lease.now)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * The owner's send's outcome with the text sent, and the lease given back: sent (with the time), or
 * failed with the reason (the owner's text kept), or released unchanged.
 */
export async function finishOwnerReply(
  db: TDb,
  reviewId: number,
  lock: string,
  outcome:
    | { status: 'sent'; text: string; at: Date }
    | { status: 'failed'; text: string; error: string }
    | {
        status: 'release';
      },
): Promise<TReview | undefined> {
  let query = db
    .updateTable('reviews')
    .where('id', '=', reviewId)
    .where('replyLock', '=', lock)
    .set({ replyLock: null, replyLockUntil: null });
  if (outcome.status === 'sent') {
    query = query.set((eb) => ({
      replyStatus: 'sent',
      replyText: outcome.text,
      replyError: null,
      repliedAt: outcome.at,
      replyAttempts: eb('replyAttempts', '+', 1),
    }));
  } else if (outcome.status === 'failed') {
    query = query.set((eb) => ({
      replyStatus: 'failed',
      replyText: outcome.text,
      replyError: outcome.error.slice(0, 500),
      replyAttempts: eb('replyAttempts', '+', 1),
    }));
  }
  return query.returningAll().executeTakeFirst();
}
