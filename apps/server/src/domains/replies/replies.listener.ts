import { planOf, type TSentimentLabel } from '@starloop/contract';
import type { TDb, TOwnerPublic } from '@starloop/db';
import type { TDeps, TReviewListener, TWrittenReview } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { analyzeSentiment } from './sentiment/engine.rules.ts';

/**
 * Sentiment of a review, computed locally when it is stored: label and score (-1..1). An empty
 * message takes its label from the rating (1-2 negative, 3 neutral, 4-5 positive).
 */
export function sentimentFor(message: string, rating: number): { label: TSentimentLabel; score: number } {
  const { label, score } = analyzeSentiment(message ?? '', rating);
  return { label, score };
}

/**
 * Whether a new review gets an automatic reply: stored as reply_status 'pending' with one reply job.
 * Every plan replies to a review with a message; the plan decides how and when (PLANS[plan].autoReply).
 */
export function wantsAutoReply(_owner: TOwnerPublic, message: string): boolean {
  return message.trim().length > 0;
}

/** When a review's reply job may run: at once (Professional) or after the plan's delay (Essential). */
export function replyStartAfter(owner: Pick<TOwnerPublic, 'plan'>, createdAt: Date): Date | undefined {
  const { delaySeconds } = planOf(owner.plan).autoReply;
  return delaySeconds > 0 ? new Date(createdAt.getTime() + delaySeconds * 1000) : undefined;
}

type TFollowUpDeps = Pick<TDeps, 'jobs'>;

/**
 * Runs inside the reviews' transaction, so the jobs exist if and only if the reviews do: a review
 * with a message (stored 'pending') gets one reply job, at once on Professional, after Essential's
 * 24 hours (the standard thank-you goes within 24 to 48 hours). A 1-3 star review no longer queues
 * a low-rating email here: it opens a feedback case, whose alert tells the team
 * (domains/alerts/alerts.listener.ts).
 */
export async function queueReviewFollowUps(
  deps: TFollowUpDeps,
  trx: TDb,
  written: readonly TWrittenReview[],
): Promise<void> {
  const replies = written
    .filter(({ review }) => review.replyStatus === 'pending')
    .map(({ review, owner }) => {
      const startAfter = replyStartAfter(owner, review.createdAt);
      return {
        data: { reviewId: review.id },
        singletonKey: String(review.id),
        ...(startAfter ? { startAfter } : {}),
      };
    });
  await deps.jobs.sendMany(QUEUES.reviewReply, replies, { trx });
}

/** The replies' reaction to a new review: its sentiment and reply status, then its reply job. */
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
