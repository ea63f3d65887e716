import { z } from 'zod';
import { REPLY_STATUSES, SENTIMENT_LABELS } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { pageAnswer, ZPageQuery } from '../list-query.ts';
import { optionalChoice } from '../schema-helpers.ts';
import { ZSortOrderParam } from './common.ts';

/** Reviews management (spec section 3): every review, searched and sorted, with the platform totals. */

export const ADMIN_REVIEW_SORTS = ['createdAt', 'rating'] as const;
export const ZAdminReviewsQuery = ZPageQuery.extend({
  sortBy: optionalChoice(ADMIN_REVIEW_SORTS, 'sortBy must be createdAt or rating').transform(
    (v) => v ?? 'createdAt',
  ),
  sortOrder: ZSortOrderParam,
});
export type TAdminReviewsQuery = z.infer<typeof ZAdminReviewsQuery>;

/** The placement a review came from, in the back office (null = Default). */
export const ZReviewPlacement = z
  .object({ id: z.number().int(), name: z.string(), deleted: z.boolean() })
  .nullable();
export type TReviewPlacement = z.infer<typeof ZReviewPlacement>;

export const ZAdminReview = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  code: z.string(),
  rating: z.number().int(),
  message: z.string(),
  createdAt: ZIsoDate,
  sentimentLabel: z.enum(SENTIMENT_LABELS).nullable(),
  sentimentScore: z.number().nullable(),
  replyStatus: z.enum(REPLY_STATUSES),
  replyText: z.string().nullable(),
  user: z.object({ businessName: z.string(), name: z.string() }),
  /** Where the customer scanned (null = Default, the original QR code). */
  placement: ZReviewPlacement,
});
export type TAdminReview = z.infer<typeof ZAdminReview>;

export const ZAdminReviewsResponse = pageAnswer('reviews', ZAdminReview, {
  /** Platform average (one decimal) and total, whatever the search. */
  avgRating: z.number(),
  totalReviews: z.number().int(),
});
export type TAdminReviewsResponse = z.infer<typeof ZAdminReviewsResponse>;
