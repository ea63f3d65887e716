import type { Updateable } from 'kysely';
import type { TDb } from '../../client.ts';
import type { GoogleReviewTable, TGoogleReview } from '../../database.ts';
import { updateRows } from '../records.ts';

/*
 * The owner's replies to Google reviews and their publishing: a publish holds an idempotency key,
 * and only the publish of the review's current key may finish it.
 */

/** Auto-published replies whose time has come (the safety net behind their delayed jobs). */
export async function listDueGoogleReplies(
  db: TDb,
  now: Date,
  limit: number,
): Promise<{ id: number; ownerId: number }[]> {
  return db
    .selectFrom('googleReviews')
    .select(['id', 'ownerId'])
    .where('replyStatus', '=', 'scheduled')
    .where('publishAfter', '<=', now)
    .where('deletedAt', 'is', null)
    .orderBy('publishAfter')
    .limit(limit)
    .execute();
}

/** Publishes in flight whose job may be lost (queued again by the tick; the key makes it harmless). */
export async function listStuckGooglePublishes(
  db: TDb,
  olderThan: Date,
  limit: number,
): Promise<{ id: number; ownerId: number; publishKey: string | null }[]> {
  return db
    .selectFrom('googleReviews')
    .select(['id', 'ownerId', 'publishKey'])
    .where('replyStatus', '=', 'publishing')
    .where('updatedAt', '<', olderThan)
    .where('deletedAt', 'is', null)
    .limit(limit)
    .execute();
}

/**
 * Starts a publish: the reply text and a fresh idempotency key, only from a state that may publish
 * (not while another publish of this review is in flight). Answers the row, or undefined.
 */
export async function beginGoogleReplyPublish(
  db: TDb,
  ownerId: number,
  id: number,
  text: string,
  key: string,
  now: Date,
  fromStatuses: readonly string[] = ['drafted', 'scheduled', 'published', 'failed'],
): Promise<TGoogleReview | undefined> {
  return db
    .updateTable('googleReviews')
    .set({
      replyStatus: 'publishing',
      replyDraft: text,
      publishKey: key,
      publishAttemptedAt: null,
      replyError: null,
      updatedAt: now,
    })
    .where('ownerId', '=', ownerId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .where('replyStatus', 'in', fromStatuses as never)
    .returningAll()
    .executeTakeFirst();
}

/** The publish of `key` is done (or failed): only while that key is still the review's. */
export async function finishGoogleReplyPublish(
  db: TDb,
  id: number,
  key: string,
  patch: Updateable<GoogleReviewTable>,
): Promise<boolean> {
  const match = { id, publishKey: key, replyStatus: 'publishing' } as const;
  return (await updateRows(db, 'googleReviews', match, { updatedAt: new Date(), ...patch })) > 0;
}

/** Marks that a PUT of `key` may reach Google: a later attempt asks Google before sending again. */
export async function markGooglePublishAttempted(db: TDb, id: number, key: string, now: Date): Promise<void> {
  await updateRows(db, 'googleReviews', { id, publishKey: key }, { publishAttemptedAt: now });
}

/**
 * The error the owner sees while the publish of `key` waits for its retry: only while that key is
 * still the review's (its status and updatedAt stay as they are).
 */
export async function setGooglePublishError(
  db: TDb,
  id: number,
  key: string,
  replyError: string,
): Promise<void> {
  await updateRows(db, 'googleReviews', { id, publishKey: key }, { replyError });
}
