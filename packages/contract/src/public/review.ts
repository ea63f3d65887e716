import { z } from 'zod';
import { LIMITS, REVIEW_FLOWS } from '../constants.ts';
import { ZCreatedResult } from '../dto.ts';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN, INDIAN_MOBILE_PATTERN } from '../patterns.ts';
import { REVIEW_PAGE_LANGUAGES } from '../rules/languages.ts';
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

/**
 * Which wording of the review page's consent line ("May we contact you about this?") a customer
 * agreed to; stored with the consent. A new wording in any language gets a new version.
 */
export const REVIEW_CONTACT_CONSENT_VERSION = '2026-11-28';

const isIndianMobile = (v: string) => INDIAN_MOBILE_PATTERN.test(v.replace(/[\s-]/g, ''));

/**
 * Under the feedback form (issue 33 item 1): a phone and/or an email, and whether the customer
 * agreed to be contacted about this feedback. Without consent nothing is ever sent to them.
 */
export const ZReviewContact = z
  .object({
    phone: z
      .string({ message: f.phoneInvalid })
      .max(20, { message: f.phoneInvalid, abort: true })
      .trim()
      .refine((v) => v === '' || isIndianMobile(v), f.phoneInvalid)
      .optional(),
    email: z
      .string({ message: f.emailInvalid })
      .max(200, { message: f.emailInvalid, abort: true })
      .trim()
      .refine((v) => v === '' || EMAIL_PATTERN.test(v), f.emailInvalid)
      .optional(),
    consent: z.boolean({ message: f.contactNeeded }).default(false),
  })
  .refine((v) => !v.consent || Boolean(v.phone) || Boolean(v.email), {
    message: f.contactNeeded,
    path: ['phone'],
  });
export type TReviewContact = z.infer<typeof ZReviewContact>;

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
      .refine((v) => v === '' || EMAIL_PATTERN.test(v) || isIndianMobile(v), f.contactInvalid)
      .optional(),
    /** A way to reach the customer about this feedback, with their consent (issue 33). */
    contact: ZReviewContact.optional(),
    /** The page's language (en, hi, …): replies and messages to the customer are written in it. */
    language: z.enum(REVIEW_PAGE_LANGUAGES, { message: f.languageInvalid }).optional(),
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
