import { ZOwnerReview, ZOwnerReviews, ZOwnerReviewsInput, ZOwnerStats } from '@starloop/contract';
import { z } from 'zod';
import { ownerProcedure } from '../../trpc/init.ts';
import { getOwnerStats, getReviewForOwner, listReviewsForOwner } from './owner-dashboard.service.ts';

/** Who: the signed-in owner. Cards and charts of their own reviews. */
export const ownerStatsProcedure = ownerProcedure
  .output(ZOwnerStats)
  .query(({ ctx }) => getOwnerStats(ctx.deps, ctx.session.owner.id));

/** Who: the signed-in owner. Their reviews, newest first, searched and paged on the server. */
export const ownerReviewsProcedure = ownerProcedure
  .input(ZOwnerReviewsInput)
  .output(ZOwnerReviews)
  .query(({ ctx, input }) => listReviewsForOwner(ctx.deps, ctx.session.owner.id, input));

/** Who: the signed-in owner. One of their own reviews (another owner's id is a 404). */
export const ownerReviewProcedure = ownerProcedure
  .input(z.object({ id: z.number().int().positive() }))
  .output(ZOwnerReview)
  .query(({ ctx, input }) => getReviewForOwner(ctx.deps, ctx.session.owner.id, input.id));
