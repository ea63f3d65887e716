import { ZReviewSubmit, ZReviewSubmitResult } from '@starloop/contract';
import { publicProcedure } from '../../../trpc/init.ts';
import { submitReview } from './review.service.ts';

/** Anyone. Records a 1-5 star review (rate-limited per device and per address and code). */
export const submitReviewOperation = publicProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/reviews',
      summary: 'Record a customer review (1-5 stars, message up to 500 characters)',
      tags: ['review page'],
      status: 201,
    },
  })
  .input(ZReviewSubmit)
  .output(ZReviewSubmitResult)
  .mutation(({ ctx, input }) => submitReview(ctx.deps, input, { ip: ctx.ip }));
