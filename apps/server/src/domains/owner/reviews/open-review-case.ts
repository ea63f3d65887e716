import { ZCaseDetail, ZReviewIdInput, ZReviewIdParam } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { openReviewCase } from './review-actions.service.ts';

/**
 * Any member with access to its branch (or an API key): staff work on feedback (roles.ts). Opens
 * the feedback case of a QR review that has none; one that has a case answers it unchanged.
 */
export const openReviewCaseOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/reviews/:id/case',
      params: ZReviewIdParam,
      summary: 'Open the feedback case of a review',
      description:
        'For a review that opened none by itself (a 4-5 star review with a complaint). Idempotent: a review that has a case answers that case. Due at the first-response target from now. 404 for a review outside your branches.',
      tags: ['cases'],
    },
  })
  .input(ZReviewIdInput)
  .output(ZCaseDetail)
  .mutation(({ ctx, input }) => openReviewCase(ctx.deps, ctx.session, input));
