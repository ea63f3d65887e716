import { ZOwnerReviews, ZOwnerReviewsInput } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { listReviewsForOwner } from './dashboard.service.ts';

/** The signed-in owner. Their reviews, newest first, searched and paged on the server. */
export const listOwnerReviewsOperation = ownerProcedure('read')
  .input(ZOwnerReviewsInput)
  .output(ZOwnerReviews)
  .query(({ ctx, input }) =>
    listReviewsForOwner(ctx.deps, ctx.session.owner.id, input, ctx.session.owner.reviewPageLanguage),
  );
