import { isLowRating, type TSentimentLabel } from '@starloop/contract';
import type { TDb, TOwnerPublic } from '@starloop/db';
import type { TDeps, TReviewListener, TWrittenReview } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { repliesEnabled } from '../owner/templates/templates.service.ts';
import { wantsLowRatingAlert } from './notifications.worker.ts';
import { analyzeSentiment } from './sentiment/engine.rules.ts';

/**
 * Sentiment of a review, computed locally when it is stored: label and score (-1..1). An empty
 * message takes its label from the rating (1-2 negative, 3 neutral, 4-5 positive).
 */
export function sentimentFor(message: string, rating: number): { label: TSentimentLabel; score: number } {
  const { label, score } = analyzeSentiment(message ?? '', rating);
  return { label, score };
}

/** Whether a new review gets an automatic reply: stored as reply_status 'pending' with one reply job. */
export function wantsAutoReply(owner: TOwnerPublic, message: string): boolean {
  return repliesEnabled(owner) && message.trim().length > 0;
}

type TFollowUpDeps = Pick<TDeps, 'jobs'> & Partial<Pick<TDeps, 'lowRatingFollowUps'>>;

/**
 * Runs inside the reviews' transaction, so the jobs exist if and only if the reviews do:
 * - Professional owners: a review with a message (stored 'pending') gets one reply job;
 * - a 1-3 star review queues the owner's batched low-rating alert when they want one (both plans):
 *   one job per owner and batch (notifications.worker.ts#sendLowRatingAlert decides when the mail goes),
 *   none while a follow-up alert is already queued (low-rating-follow-ups.cache.ts).
 */
export async function queueReviewFollowUps(
  deps: TFollowUpDeps,
  trx: TDb,
  written: readonly TWrittenReview[],
): Promise<void> {
  const replies = written
    .filter(({ review }) => review.replyStatus === 'pending')
    .map(({ review }) => ({ data: { reviewId: review.id }, singletonKey: String(review.id) }));
  const alertOwners = new Set(
    written
      .filter(({ review, owner }) => isLowRating(review.rating) && wantsLowRatingAlert(owner))
      .map(({ owner }) => owner.id)
      // An alert already queued for the window's close will list these reviews too.
      .filter((ownerId) => !deps.lowRatingFollowUps?.covered(ownerId)),
  );
  const alerts = [...alertOwners].map((ownerId) => ({ data: { kind: 'low-rating', ownerId } }));
  await deps.jobs.sendMany(QUEUES.reviewReply, replies, { trx });
  await deps.jobs.sendMany(QUEUES.reviewNotify, alerts, { trx });
}

/** The replies' reaction to a new review: its sentiment and reply status, then its reply and alert jobs. */
export function repliesReviewListener(deps: TFollowUpDeps): TReviewListener {
  return {
    name: 'replies',
    prepare(review) {
      const sentiment = sentimentFor(review.message, review.rating);
      return {
        sentimentLabel: sentiment.label,
        sentimentScore: sentiment.score,
        replyStatus: wantsAutoReply(review.owner, review.message) ? 'pending' : 'none',
      };
    },
    written: (trx, written) => queueReviewFollowUps(deps, trx, written),
  };
}
