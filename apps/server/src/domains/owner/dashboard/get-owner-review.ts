import { REVIEW_SOURCES, ZOwnerReview } from '@starloop/contract';
import { z } from 'zod';
import { ownerProcedure } from '../../../trpc/init.ts';
import { getReviewForOwner } from './dashboard.service.ts';

/** The signed-in owner. One of their own reviews, QR or Google (another owner's id is a 404). */
export const getOwnerReviewOperation = ownerProcedure('read')
  .input(z.object({ id: z.number().int().positive(), source: z.enum(REVIEW_SOURCES).default('qr') }))
  .output(ZOwnerReview)
  .query(({ ctx, input }) =>
    getReviewForOwner(
      ctx.deps,
      ctx.session.owner.id,
      input.id,
      input.source,
      ctx.session.owner.reviewPageLanguage,
    ),
  );
