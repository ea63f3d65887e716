import { z } from 'zod';
import {
  LIMITS,
  REPLY_STATUSES,
  REVIEW_FLOWS,
  REVIEW_PAGE_LANGUAGES,
  SENTIMENT_LABELS,
} from './constants.ts';
import { ZCreatedResult, ZIsoDate, ZOwnerUser } from './dto.ts';
import { REVIEW_SOURCES, ZGoogleReviewDetails, ZReviewSourceFilter } from './google.ts';
import { pageLimit, ZPageMeta, ZPageQuery } from './list-query.ts';
import { MESSAGES } from './messages.ts';
import { PHONE_10_PATTERN } from './patterns.ts';
import { cappedText, password, TEXT_LIMITS } from './schema-helpers.ts';
import { ZBusinessCode } from './schemas.ts';

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

export const ZReviewSubmitResult = ZCreatedResult;
export const ZLeadCreateResult = ZCreatedResult;

export const ZBusinessCodeCheck = z.object({ available: z.boolean(), message: z.string() });

export const ZPasswordResetRequest = z.object({
  contactNumber: z
    .string({ message: MESSAGES.ownerLogin.phoneRequired })
    .trim()
    .min(1, MESSAGES.ownerLogin.phoneRequired)
    .regex(PHONE_10_PATTERN, MESSAGES.ownerLogin.phoneInvalid),
});

export const ZPasswordSet = z.object({
  token: z
    .string()
    .max(512, { message: PUBLIC_TEXTS.tokenInvalid, abort: true })
    .trim()
    .min(10, PUBLIC_TEXTS.tokenInvalid),
  password: password(MESSAGES.registration),
});
export const ZPasswordSetResult = z.object({ token: z.string(), user: ZOwnerUser, message: z.string() });

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
  /** Where it came from (added with Google reviews); ids are unique per source. */
  source: z.enum(REVIEW_SOURCES).optional(),
  /** Google reviews only: reviewer, reply draft and what Google shows. */
  google: ZGoogleReviewDetails.optional(),
});
export type TOwnerReview = z.infer<typeof ZOwnerReview>;

/** The owner's reviews list: 5 a page by default, at most 50; every source unless one is chosen. */
export const ZOwnerReviewsInput = ZPageQuery.extend({
  limit: pageLimit(50, 5),
  /** Absent: every source. */
  source: ZReviewSourceFilter.optional(),
});
export const ZOwnerReviews = z.object({ reviews: z.array(ZOwnerReview), meta: ZPageMeta });

export const ZOwnerStats = z.object({
  totalReviews: z.number().int(),
  averageRating: z.number(),
  fiveStarCount: z.number().int(),
  fiveStarPercent: z.number().int(),
  stars: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  monthly: z.array(z.object({ month: z.string(), count: z.number().int(), averageRating: z.number() })),
  /** The sources these numbers include (added with Google reviews: QR only unless said). */
  sources: z.array(z.enum(REVIEW_SOURCES)).optional(),
  /** Count and average per source, whichever sources the cards include. */
  bySource: z
    .object({
      qr: z.object({ count: z.number().int(), averageRating: z.number() }),
      google: z.object({ count: z.number().int(), averageRating: z.number() }),
    })
    .optional(),
});
export type TOwnerStats = z.infer<typeof ZOwnerStats>;

/** Which sources the owner's cards and charts count (every source by default). */
export const ZOwnerStatsInput = z.object({ source: ZReviewSourceFilter.default('all') }).optional();

export const ZOwnerSettings = z.object({
  reviewFlow: z.enum(REVIEW_FLOWS),
  notifyLowRatings: z.boolean(),
  dailyDigest: z.boolean(),
  /**
   * The review page's language when the link has no `?lang=`; null: the customer's phone decides
   * (Accept-Language). Optional, so clients written before it keep working.
   */
  reviewPageLanguage: z.enum(REVIEW_PAGE_LANGUAGES).nullable().optional(),
});
export type TOwnerSettings = z.infer<typeof ZOwnerSettings>;
export const ZOwnerSettingsUpdate = ZOwnerSettings.partial();

export const ZChangePassword = z.object({
  currentPassword: cappedText(TEXT_LIMITS.password).min(1, MESSAGES.registration.passwordRequired),
  newPassword: z
    .string()
    .min(1, MESSAGES.registration.passwordRequired)
    .min(LIMITS.passwordMin, MESSAGES.registration.passwordMin),
});
