import { ZReviewLink, ZReviewLinkInput, ZReviewSubmit, ZReviewSubmitResult } from '@starloop/contract';
import { publicProcedure } from '../../trpc/init.ts';
import { getReviewLink, submitReview } from './public.service.ts';

/** Who: anyone (the customer's phone). The business name, review link and review flow for a code. */
export const reviewLinkProcedure = publicProcedure
  .input(ZReviewLinkInput)
  .output(ZReviewLink)
  .query(({ ctx, input }) => getReviewLink(ctx.deps, input.code));

/** Who: anyone. Records a 1-5 star review (rate-limited per device and per address and code). */
export const reviewSubmitProcedure = publicProcedure
  .input(ZReviewSubmit)
  .output(ZReviewSubmitResult)
  .mutation(({ ctx, input }) => submitReview(ctx.deps, input, { ip: ctx.ip }));
