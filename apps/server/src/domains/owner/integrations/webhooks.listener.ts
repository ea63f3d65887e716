import type { TDeps, TReviewListener } from '../../../context.ts';
import { emitOwnerEvent } from './webhook.events.ts';

/**
 * Reviews left through a review request's link tell the owner's webhooks (`review.created`),
 * after the commit and best effort: a webhook never holds or fails a customer's review.
 */
export function outboundWebhooksReviewListener(
  deps: Pick<TDeps, 'db' | 'jobs' | 'log' | 'now'>,
): TReviewListener {
  return {
    name: 'outbound-webhooks',
    async committed(written) {
      for (const { review } of written) {
        if (review.reviewRequestId === null) continue;
        void emitOwnerEvent(deps, review.ownerId, 'review.created', {
          reviewId: review.id,
          requestId: review.reviewRequestId,
          rating: review.rating,
          message: review.message,
          createdAt: new Date(review.createdAt).toISOString(),
        });
      }
    },
  };
}
