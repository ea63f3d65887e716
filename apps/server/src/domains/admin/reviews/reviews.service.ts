import {
  pageMeta,
  type TAdminReview,
  type TAdminReviewsQuery,
  type TAdminReviewsResponse,
} from '@starloop/contract';
import { getMetricTotals, listAdminReviews, type TAdminReviewRow } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

export const toAdminReview = (row: TAdminReviewRow): TAdminReview => ({
  id: row.id,
  userId: row.ownerId,
  code: row.code,
  rating: row.rating,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  sentimentLabel: row.sentimentLabel,
  sentimentScore: row.sentimentScore,
  replyStatus: row.replyStatus,
  replyText: row.replyText,
  user: { businessName: row.businessName, name: row.ownerName },
  placement:
    row.placementId === null
      ? null
      : { id: row.placementId, name: row.placementName ?? '', deleted: row.placementDeletedAt !== null },
});

/**
 * Reviews management list: search over business name, business code and message; sort by date or
 * rating either way. The platform total and average come from the counters. Each review names its
 * placement (null = Default; a deleted placement keeps its name, marked deleted).
 */
export async function listReviews(deps: TDeps, query: TAdminReviewsQuery): Promise<TAdminReviewsResponse> {
  const { reviews: totals } = await getMetricTotals(deps.db, ['reviews']);
  const page = await listAdminReviews(deps.db, query);
  return {
    success: true,
    reviews: page.rows.map(toAdminReview),
    meta: pageMeta(page.total, query.page, query.limit),
    avgRating: totals.count === 0 ? 0 : Math.round((totals.amount / totals.count) * 10) / 10,
    totalReviews: totals.count,
  };
}
