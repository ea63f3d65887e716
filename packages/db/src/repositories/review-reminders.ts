import { PLANS_REMINDED_TO_REPLY } from '@starloop/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database } from '../database.ts';
import { isNegativeReview, takesReminders } from './owner-notifications.ts';
import { stampOnce } from './records.ts';

/**
 * The owner's reminders of negative QR reviews still without a reply or follow-up (Google's are in
 * google/google-notifications.ts).
 */

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
 * whose owner has an email and any notification on and a plan on which they reply themselves
 * (PLANS_REMINDED_TO_REPLY: never Essential, whose standard reply StarLoop sends), and that were
 * not reminded yet.
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
    .where('owners.plan', 'in', [...PLANS_REMINDED_TO_REPLY])
    .orderBy('reviews.createdAt', 'asc')
    .limit(limit)
    .execute();
}

/** Claims the 48-hour reminder of a review (true once, and only while it still has no reply). */
export async function claimReminder(db: TDb, reviewId: number, now: Date): Promise<boolean> {
  return stampOnce(db, 'reviews', 'reminderSentAt', now, { id: reviewId }, unanswered);
}
