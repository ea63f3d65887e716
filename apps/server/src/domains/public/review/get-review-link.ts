import { ZReviewLink, ZReviewLinkInput } from '@starloop/contract';
import { z } from 'zod';
import { publicProcedure } from '../../../trpc/init.ts';
import { restResponse } from '../../../trpc/operation-meta.ts';
import { getReviewLink } from './review.service.ts';

const ZReviewLinkRest = z.object({
  reviewLink: z.string().nullable(),
  businessName: z.string(),
  reviewFlow: z.string(),
});

/**
 * Anyone (the customer's phone). The business name, review link and review flow for a code; with
 * `?p=` (the review page's own call) it also counts a view for that placement.
 */
export const getReviewLinkOperation = publicProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/users/review-link/:code',
      summary: 'Review page data for a business code (404 unknown, 410 not active)',
      tags: ['review page'],
      headers: { 'cache-control': 'no-store' },
      response: restResponse(ZReviewLink, ZReviewLinkRest, ({ reviewLink, businessName, reviewFlow }) => ({
        reviewLink,
        businessName,
        reviewFlow,
      })),
    },
  })
  .input(ZReviewLinkInput)
  .output(ZReviewLink)
  .query(({ ctx, input }) =>
    getReviewLink(ctx.deps, input.code, input.p === undefined ? undefined : { placementKey: input.p }),
  );
