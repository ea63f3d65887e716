import { z } from 'zod';
import { LIMITS, REPLY_STATUSES, REVIEW_FLOWS, SENTIMENT_LABELS } from './constants.ts';
import { ZIsoDate, ZOwnerUser } from './dto.ts';
import { MESSAGES } from './messages.ts';
import { PHONE_10_PATTERN, ZBusinessCode, ZPageMeta } from './schemas.ts';

/** Texts of the public review endpoints (the page itself uses the spec's texts). */
export const PUBLIC_TEXTS = {
  businessNotFound: 'We could not find this business.',
  reviewPageInactive: 'This review page is not active right now.',
  reviewThanks: 'Thank you! Your feedback has been received',
  leadReceived: "Your request has been submitted successfully! We'll contact you within 2 hours.",
  resetRequested: 'If this number is registered with us, a reset link is on its way to the email on file.',
  passwordSet: 'Your password is set. Welcome to StarLoop!',
  tokenInvalid: 'This link is invalid or has expired. Ask for a new one.',
  codeAvailable: 'This business code is available',
  codeTaken: 'This business code is taken',
  currentPasswordWrong: 'Your current password is not correct',
  passwordChanged: 'Password changed. Other devices have been signed out.',
} as const;

export const ZReviewLinkInput = z.object({ code: ZBusinessCode });
export const ZReviewLink = z.object({
  code: z.string(),
  businessName: z.string(),
  reviewLink: z.string().nullable(),
  reviewFlow: z.enum(REVIEW_FLOWS),
});
export type TReviewLink = z.infer<typeof ZReviewLink>;

export const ZReviewSubmitResult = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});

export const ZLeadCreateResult = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});

export const ZBusinessCodeCheck = z.object({ available: z.boolean(), message: z.string() });

export const ZPasswordResetRequest = z.object({
  contactNumber: z
    .string({ message: MESSAGES.ownerLogin.phoneRequired })
    .trim()
    .min(1, MESSAGES.ownerLogin.phoneRequired)
    .regex(PHONE_10_PATTERN, MESSAGES.ownerLogin.phoneInvalid),
});

export const ZPasswordSet = z.object({
  token: z.string().trim().min(10, PUBLIC_TEXTS.tokenInvalid),
  password: z
    .string({ message: MESSAGES.registration.passwordRequired })
    .min(1, MESSAGES.registration.passwordRequired)
    .min(LIMITS.passwordMin, MESSAGES.registration.passwordMin),
});
export const ZPasswordSetResult = z.object({ token: z.string(), user: ZOwnerUser, message: z.string() });

export const ZMessageResult = z.object({ success: z.literal(true), message: z.string() });

/** A review as its owner sees it. */
export const ZOwnerReview = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  message: z.string(),
  customerContact: z.string().nullable(),
  sentimentLabel: z.enum(SENTIMENT_LABELS).nullable(),
  sentimentScore: z.number().nullable(),
  replyStatus: z.enum(REPLY_STATUSES),
  replyText: z.string().nullable(),
  replyError: z.string().nullable(),
  repliedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type TOwnerReview = z.infer<typeof ZOwnerReview>;

export const ZOwnerReviewsInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(5),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
});
export const ZOwnerReviews = z.object({ reviews: z.array(ZOwnerReview), meta: ZPageMeta });

export const ZOwnerStats = z.object({
  totalReviews: z.number().int(),
  averageRating: z.number(),
  fiveStarCount: z.number().int(),
  fiveStarPercent: z.number().int(),
  stars: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  monthly: z.array(z.object({ month: z.string(), count: z.number().int(), averageRating: z.number() })),
});
export type TOwnerStats = z.infer<typeof ZOwnerStats>;

export const ZOwnerSettings = z.object({
  reviewFlow: z.enum(REVIEW_FLOWS),
  notifyLowRatings: z.boolean(),
  dailyDigest: z.boolean(),
});
export type TOwnerSettings = z.infer<typeof ZOwnerSettings>;
export const ZOwnerSettingsUpdate = ZOwnerSettings.partial();

export const ZChangePassword = z.object({
  currentPassword: z.string().min(1, MESSAGES.registration.passwordRequired),
  newPassword: z
    .string()
    .min(1, MESSAGES.registration.passwordRequired)
    .min(LIMITS.passwordMin, MESSAGES.registration.passwordMin),
});
