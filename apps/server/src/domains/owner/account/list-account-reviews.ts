import { ZAccountReviews, ZAccountReviewsQuery } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { listAccountReviews } from './account.service.ts';

/** Any member (or an API key): the reviews of every branch they can see, or of one, each with its branch. */
export const listAccountReviewsOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/account/reviews',
      summary:
        'Reviews of every branch the caller can see (or one: businessId), newest first, with the branch',
      tags: ['account'],
    },
  })
  .input(ZAccountReviewsQuery.prefault({}))
  .output(ZAccountReviews)
  .query(({ ctx, input }) => listAccountReviews(ctx.deps, ctx.session, input));
