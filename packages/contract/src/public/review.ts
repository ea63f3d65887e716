import { z } from 'zod';
import { LIMITS, REVIEW_FLOWS } from '../constants.ts';
import { ZCreatedResult } from '../dto.ts';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN, INDIAN_MOBILE_PATTERN } from '../patterns.ts';
import { isPositiveRating, RATING_MAX, RATING_MIN } from '../rules/rating.ts';
import { cappedText, TEXT_LIMITS, wholeNumberInput } from '../schema-helpers.ts';
import { ZBusinessCode } from './registration.ts';

/** The customer review page's calls (public.review): the business's link, and a review. */

export const ZReviewLinkInput = z.object({
  code: ZBusinessCode,
  /**
   * The placement key from the review URL (`?p=`), sent by the review page itself (empty for the
   * Default placement): the call then counts as a view of the page. Other callers leave it out.
   */
  p: z.string().max(64).optional(),
});
export const ZReviewLink = z.object({
  code: z.string(),
  businessName: z.string(),
  reviewLink: z.string().nullable(),
  reviewFlow: z.enum(REVIEW_FLOWS),
});
export type TReviewLink = z.infer<typeof ZReviewLink>;

const f = MESSAGES.feedback;
export const ZReviewSubmit = z
  .object({
    code: ZBusinessCode,
    rating: wholeNumberInput(
      z
        .number({ message: f.ratingInvalid })
        .int(f.ratingInvalid)
        .min(RATING_MIN, f.ratingInvalid)
        .max(RATING_MAX, f.ratingInvalid),
    ),
    message: cappedText(TEXT_LIMITS.long).trim().max(LIMITS.feedbackMax, f.messageMax).default(''),
    /** Optional phone or email so the business can reply. */
    customerContact: z
      .string()
      .max(200, { message: f.contactInvalid, abort: true })
      .trim()
      .refine(
        (v) => v === '' || EMAIL_PATTERN.test(v) || INDIAN_MOBILE_PATTERN.test(v.replace(/[\s-]/g, '')),
        f.contactInvalid,
      )
      .optional(),
    deviceId: z.string().trim().max(64).optional(),
    /** The placement key of the QR code scanned (`?p=`); unknown or foreign keys count for Default. */
    placement: z.string().max(64).optional(),
  })
  .refine((v) => isPositiveRating(v.rating) || v.message.length > 0, {
    message: f.messageRequired,
    path: ['message'],
  });
export type TReviewSubmit = z.infer<typeof ZReviewSubmit>;

export const ZReviewSubmitResult = ZCreatedResult;
