import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { checkReviewLink } from '../rules/review-link.ts';
import { businessCode, required } from '../schema-helpers.ts';

/** The owner's own business details (issue 34 item 3): texts of the screen and the API. */
export const BUSINESS_TEXTS = {
  saved: 'Business details saved',
  businessNameRequired: 'Business name is required',
  contactNumberInvalid: 'Enter a valid 10-digit mobile number (it starts with 6, 7, 8 or 9)',
  reviewLinkInvalid:
    'Enter the full review link starting with https:// (for Google: https://g.page/r/…/review or https://search.google.com/local/writereview?placeid=…)',
  reviewLinkNotReviewForm:
    "This Google link doesn't open your review form. Use the link from 'Ask for reviews' on your Google Business Profile.",
  codeChanged: 'Business code changed. Your old code keeps working: it forwards customers to the new one.',
  codeUnchanged: 'This is already your business code',
  codeTaken: 'This business code is taken',
  confirmRequired: 'Confirm that you want to change your business code',
  ownersOnly: 'Only an owner of the account can change the business details',
} as const;

/**
 * A mobile number of the business: 10 digits starting 6-9; spaces, dashes and a leading +91 or 0
 * are dropped first ("+91 98765 43210" is 9876543210).
 */
export const ZBusinessContactNumber = z
  .string()
  .max(20, BUSINESS_TEXTS.contactNumberInvalid)
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))
  .refine((v) => /^[6-9]\d{9}$/.test(v), BUSINESS_TEXTS.contactNumberInvalid);

/** A review link (rules/review-link.ts); an empty text clears it (the review page then offers a search). */
export const ZBusinessReviewLink = z
  .string()
  .trim()
  .max(2000, BUSINESS_TEXTS.reviewLinkInvalid)
  .nullable()
  .superRefine((v, ctx) => {
    if (!v) return;
    const check = checkReviewLink(v);
    if (!check.ok) {
      ctx.addIssue({
        code: 'custom',
        message:
          check.reason === 'google'
            ? BUSINESS_TEXTS.reviewLinkNotReviewForm
            : BUSINESS_TEXTS.reviewLinkInvalid,
      });
    }
  })
  .transform((v) => (v ? v : null));

/** PATCH /api/v1/business: any of the three fields (none: nothing changes). */
export const ZBusinessDetailsUpdate = z.object({
  businessName: required(BUSINESS_TEXTS.businessNameRequired, 200).optional(),
  contactNumber: ZBusinessContactNumber.optional(),
  reviewLink: ZBusinessReviewLink.optional(),
});
export type TBusinessDetailsUpdate = z.infer<typeof ZBusinessDetailsUpdate>;

/** PUT /api/v1/business/code: the new code, and `confirm: true` (the warning was read). */
export const ZBusinessCodeChange = z.object({
  code: businessCode(MESSAGES.registration.codeRequired, MESSAGES.registration.codeInvalid),
  confirm: z.literal(true, { message: BUSINESS_TEXTS.confirmRequired }),
});
export type TBusinessCodeChange = z.infer<typeof ZBusinessCodeChange>;

export const ZFormerBusinessCode = z.object({
  code: z.string(),
  retiredAt: z.string(),
  retiredBy: z.enum(['owner', 'admin']),
});

/** GET /api/v1/business: the details, the codes that still forward here, and Google's offer. */
export const ZBusinessDetails = z.object({
  ownerName: z.string(),
  businessName: z.string(),
  contactNumber: z.string(),
  code: z.string(),
  reviewLink: z.string().nullable(),
  /** Former codes: each forwards (permanent redirect) to `code`, and no other business may take it. */
  formerCodes: z.array(ZFormerBusinessCode),
  /** The connected Google location's review link (null: not connected, or Google gave none). */
  googleReviewLink: z.string().nullable(),
  /** The connected location's name, to say where the offered link comes from. */
  googleLocationTitle: z.string().nullable(),
});
export type TBusinessDetails = z.infer<typeof ZBusinessDetails>;

export const ZBusinessDetailsAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  business: ZBusinessDetails,
});
export type TBusinessDetailsAnswer = z.infer<typeof ZBusinessDetailsAnswer>;
