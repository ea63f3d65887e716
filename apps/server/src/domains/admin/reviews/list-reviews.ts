import { DEFAULT_PAGE_SIZE, ZAdminReviewsQuery, ZAdminReviewsResponse } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listReviews } from './reviews.service.ts';

/** Any admin. Every business's reviews, searchable and sortable by date or rating. */
export const listReviewsOperation = adminListOperation({
  path: '/admin/reviews',
  summary: `All reviews (page, limit=${DEFAULT_PAGE_SIZE}, search, sortBy createdAt|rating, sortOrder asc|desc)`,
  description:
    'search covers business name, business code and message. avgRating and totalReviews are platform-wide.',
  input: ZAdminReviewsQuery.prefault({}),
  output: ZAdminReviewsResponse,
  list: listReviews,
});
