import type { ExpressionBuilder } from 'kysely';
import type { TDb } from '../../client.ts';
import type { Database, TGoogleReview } from '../../database.ts';
import {
  isNegativeReview,
  markReviewsNotified,
  releaseReviewsNotified,
  takesReminders,
} from '../owner-notifications.ts';
import { lowRating } from '../rating-sql.ts';
import { stampOnce } from '../records.ts';

/*
 * What the owner is told about Google reviews (the QR side is low-rating-alerts.ts and
 * review-reminders.ts): low ratings for the alert and the digest, and reminders of negative reviews
 * with no reply on Google.
 */

/** The owner's 1-3 star Google reviews still on Google (the alert's and the digest's lists). */
function googleLowRatings(db: TDb, ownerId: number) {
  return db
    .selectFrom('googleReviews')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .where(lowRating())
    .where('deletedAt', 'is', null);
}

/** The owner's 1-3 star Google reviews since `from` that no alert has listed yet. */
export const unnotifiedGoogleLowRatings = (db: TDb, ownerId: number, from: Date) =>
  googleLowRatings(db, ownerId).where('ownerNotifiedAt', 'is', null).where('createdOnGoogle', '>=', from);

/** The owner's 1-3 star Google reviews since `from` that no alert has listed yet, oldest first. */
export async function listUnnotifiedGoogleLowRatings(
  db: TDb,
  ownerId: number,
  from: Date,
): Promise<TGoogleReview[]> {
  return unnotifiedGoogleLowRatings(db, ownerId, from).orderBy('createdOnGoogle').orderBy('id').execute();
}

/** The owner's 1-3 star Google reviews created in (from, to], oldest first (the daily digest). */
export async function listGoogleLowRatingReviews(
  db: TDb,
  ownerId: number,
  from: Date,
  to: Date,
): Promise<TGoogleReview[]> {
  return googleLowRatings(db, ownerId)
    .where('createdOnGoogle', '>', from)
    .where('createdOnGoogle', '<=', to)
    .orderBy('createdOnGoogle')
    .limit(200)
    .execute();
}

export async function markGoogleLowRatingsNotified(db: TDb, ids: number[], at: Date): Promise<number[]> {
  return markReviewsNotified(db, 'googleReviews', ids, at);
}

export async function releaseGoogleLowRatingsNotified(db: TDb, ids: number[], at: Date): Promise<void> {
  await releaseReviewsNotified(db, 'googleReviews', ids, at);
}

export interface TGoogleReminderDue {
  reviewId: number;
  ownerId: number;
  email: string;
  businessName: string;
  rating: number;
  comment: string;
  reviewerName: string;
  replyDraft: string | null;
  createdAt: Date;
}

/** A Google review whose reply is not on Google yet (nor on its way there). */
const awaitingGoogleReply = (eb: ExpressionBuilder<Database, 'googleReviews'>) =>
  eb('googleReviews.replyStatus', 'in', ['drafted', 'scheduled', 'failed']);

/**
 * Negative Google reviews (sentiment negative, or 1-2 stars without a label) with no reply on
 * Google, created between `newerThan` and `olderThan`, not yet reminded: for owners with an email
 * and a notification on (the same rule as the QR reviews' reminder).
 */
export async function listGoogleRemindersDue(
  db: TDb,
  options: { olderThan: Date; newerThan: Date; limit: number },
): Promise<TGoogleReminderDue[]> {
  const rows = await db
    .selectFrom('googleReviews')
    .innerJoin('owners', 'owners.id', 'googleReviews.ownerId')
    .select([
      'googleReviews.id as reviewId',
      'googleReviews.ownerId',
      'owners.email',
      'owners.businessName',
      'googleReviews.rating',
      'googleReviews.comment',
      'googleReviews.reviewerName',
      'googleReviews.replyDraft',
      'googleReviews.createdOnGoogle as createdAt',
    ])
    .where('googleReviews.deletedAt', 'is', null)
    .where('googleReviews.reminderSentAt', 'is', null)
    .where(awaitingGoogleReply)
    .where('googleReviews.createdOnGoogle', '<=', options.olderThan)
    .where('googleReviews.createdOnGoogle', '>', options.newerThan)
    .where(isNegativeReview('googleReviews'))
    .where(takesReminders)
    .orderBy('googleReviews.createdOnGoogle')
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({ ...r, email: r.email! }));
}

export async function claimGoogleReminder(db: TDb, reviewId: number, now: Date): Promise<boolean> {
  return stampOnce(db, 'googleReviews', 'reminderSentAt', now, { id: reviewId }, awaitingGoogleReply);
}
