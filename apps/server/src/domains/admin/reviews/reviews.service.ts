import { pageMeta, type TAdminReviewsQuery, type TAdminReviewsResponse } from '@starloop/contract';
import { getMetricTotals, listAdminReviews } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

/**
 * Reviews management list: search over business name, business code and message; sort by date or
 * rating either way. The platform total and average come from the counters.
 */
export async function listReviews(deps: TDeps, query: TAdminReviewsQuery): Promise<TAdminReviewsResponse> {
  const { reviews: totals } = await getMetricTotals(deps.db, ['reviews']);
  const page = await listAdminReviews(
    deps.db,
    {
      page: query.page,
      limit: query.limit,
      search: query.search,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
    },
    totals.count,
  );
  return {
    success: true,
    reviews: page.rows.map((row) => ({
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
    })),
    meta: pageMeta(page.total, query.page, query.limit),
    avgRating: totals.count === 0 ? 0 : Math.round((totals.amount / totals.count) * 10) / 10,
    totalReviews: totals.count,
  };
}
