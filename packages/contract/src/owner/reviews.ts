import { z } from 'zod';
import { REVIEW_ACTION_TEXTS, REVIEW_REPLY_MAX } from '../rules/replies.ts';

/**
 * Acting on one review from the review drawer (owner.reviews.*; `/api/v1/reviews/{id}/…`, issue 33
 * item 3): email the drafted reply (as drafted, or edited on Professional) and open a feedback case
 * for a review that has none. QR reviews only: a Google review's reply is published to Google
 * (owner.google.publishReply) and Google reviews open no case yet.
 */

/**
 * The phone or email the customer left under the feedback form (issue 33 item 1). consent: they
 * agreed to be contacted and have not withdrawn it; withdrawn: they took it back (STOP, unsubscribe).
 */
export const ZOwnerReviewContact = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  consent: z.boolean(),
  withdrawn: z.boolean(),
});
export type TOwnerReviewContact = z.infer<typeof ZOwnerReviewContact>;

/** Path parameter `{id}` of a QR review (decimal digits only). */
export const ZReviewIdParam = z.object({
  id: z
    .string({ message: REVIEW_ACTION_TEXTS.invalidId })
    .regex(/^\d{1,15}$/, REVIEW_ACTION_TEXTS.invalidId)
    .transform(Number)
    .pipe(z.number().int(REVIEW_ACTION_TEXTS.invalidId).positive(REVIEW_ACTION_TEXTS.invalidId)),
});

export const ZReviewIdInput = z.object({
  id: z
    .number({ message: REVIEW_ACTION_TEXTS.invalidId })
    .int(REVIEW_ACTION_TEXTS.invalidId)
    .positive(REVIEW_ACTION_TEXTS.invalidId),
});

/** POST /api/v1/reviews/{id}/reply: the reply's text, as drafted or edited. */
export const ZReviewReplySend = ZReviewIdInput.extend({
  text: z
    .string({ message: REVIEW_ACTION_TEXTS.textRequired })
    .max(REVIEW_REPLY_MAX * 2, { message: REVIEW_ACTION_TEXTS.textTooLong, abort: true })
    .trim()
    .min(1, REVIEW_ACTION_TEXTS.textRequired)
    .max(REVIEW_REPLY_MAX, REVIEW_ACTION_TEXTS.textTooLong),
});
export type TReviewReplySend = z.infer<typeof ZReviewReplySend>;
