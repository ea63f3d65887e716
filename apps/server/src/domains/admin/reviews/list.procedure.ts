import { ZAdminReviewsQuery, ZAdminReviewsResponse } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listReviews } from './reviews.service.ts';

/** Who: any admin. Every business's reviews, searchable and sortable by date or rating. */
export const adminReviewsListProcedure = adminProcedure
  .input(ZAdminReviewsQuery.prefault({}))
  .output(ZAdminReviewsResponse)
  .query(({ ctx, input }) => listReviews(ctx.deps, input));
