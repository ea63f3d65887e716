import { ZOwnerReview, ZReviewIdParam, ZReviewReplySend } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { sendReviewReply } from './review-actions.service.ts';

/**
 * Owners and managers (replies are `manage`, as Google replies), or an API key: emails a QR
 * review's reply, as drafted or (Professional) edited, and records it sent.
 */
export const sendReviewReplyOperation = accountProcedure('manage')
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/reviews/:id/reply',
      params: ZReviewIdParam,
      summary: "Email a review's reply to the customer",
      description:
        "text: the drafted reply, or (Professional plan) your own words; at most 2,000 characters, no added links. Sent to the email the customer left. 403 when an Essential plan edits the draft; 409 without an email address, when the address unsubscribed or the customer withdrew consent, while the reply is being drafted or sent, or once it was sent; 503 when this server has no mail server. A failed send answers the review with replyStatus 'failed' and the reason.",
      tags: ['reviews'],
    },
  })
  .input(ZReviewReplySend)
  .output(ZOwnerReview)
  .mutation(({ ctx, input }) => sendReviewReply(ctx.deps, ctx.session, input));
