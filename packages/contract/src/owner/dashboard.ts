import { z } from 'zod';
import { PAGE_SIZE, REPLY_STATUSES, REVIEW_SOURCES, SENTIMENT_LABELS } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { pageLimit, ZPageMeta, ZPageQuery } from '../list-query.ts';
import { CASE_STATUSES } from '../rules/cases.ts';
import { REVIEW_PAGE_LANGUAGES } from '../rules/languages.ts';
import { ZGoogleReviewDetails, ZReviewSourceFilter } from './google.ts';
import { ZOwnerReviewContact } from './reviews.ts';

/** The owner's dashboard (owner.dashboard): the reviews, one review, and the cards and charts. */

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
  /**
   * What the review drawer acts on (issue 33 item 3; the dashboard's list and review only). The
   * language replies are written in: the page language the review was left in, else read from its
   * text's script.
   */
  language: z.enum(REVIEW_PAGE_LANGUAGES).optional(),
  /** The review's feedback case, if it has one. */
  caseId: z.number().int().nullable().optional(),
  caseStatus: z.enum(CASE_STATUSES).nullable().optional(),
  /** Whether its reply can be emailed: the customer left an email (in the contact field, or with consent). */
  replyEmail: z.boolean().optional(),
  /** The phone or email left under the feedback form with the customer's consent, if any. */
  contact: ZOwnerReviewContact.nullable().optional(),
});
export type TOwnerReview = z.infer<typeof ZOwnerReview>;

/** The owner's reviews list: 5 a page by default, at most 50; every source unless one is chosen. */
export const ZOwnerReviewsInput = ZPageQuery.extend({
  limit: pageLimit(50, PAGE_SIZE.ownerReviews),
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
