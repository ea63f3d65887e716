import type { TSentimentLabel } from '@starloop/contract';
import { markReplyPending, type TDb, type TOwnerPublic, type TReview } from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { wantsLowRatingAlert } from './notifications.ts';
import { analyzeSentiment } from './sentiment/engine.ts';
import { repliesEnabled } from './templates.service.ts';

/**
 * Sentiment of a review, computed locally when it is stored: label and score (-1..1). An empty
 * message takes its label from the rating (1-2 negative, 3 neutral, 4-5 positive).
 */
export function sentimentFor(
  message: string,
  rating: number,
): { label: TSentimentLabel; score: number } | null {
  const { label, score } = analyzeSentiment(message ?? '', rating);
  return { label, score };
}

/**
 * Runs inside the review's transaction, so the jobs exist if and only if the review does:
 * - Professional owners: a review with a message gets reply_status 'pending' and one reply job;
 * - a 1-3 star review queues the owner's low-rating email when they want one (both plans).
 */
export async function afterReviewInserted(
  deps: TDeps,
  trx: TDb,
  review: TReview,
  owner: TOwnerPublic,
): Promise<void> {
  if (repliesEnabled(owner) && review.message.trim()) {
    await markReplyPending(trx, review.id);
    review.replyStatus = 'pending';
    await deps.jobs.send(
      QUEUES.reviewReply,
      { reviewId: review.id },
      { trx, singletonKey: String(review.id) },
    );
  }
  if (review.rating <= 3 && wantsLowRatingAlert(owner)) {
    await deps.jobs.send(
      QUEUES.reviewNotify,
      { kind: 'low-rating', reviewId: review.id },
      { trx, singletonKey: `low-rating:${review.id}` },
    );
  }
}
