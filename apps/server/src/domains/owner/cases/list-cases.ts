import { ZCases, ZCasesQuery } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { listCases } from '../../cases/cases.service.ts';

/** Any member (or an API key): the feedback cases of every branch they can see, or of one. */
export const listCasesOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/cases',
      summary: 'Feedback cases of every branch the caller can see (or one: businessId), newest first',
      description:
        'Filters: status (or open: new, in_progress and reopened), businessId (403 outside your branches), assigneeId, rating (1-5), channel (qr: the review page; request: a review request link; google) and overdue (true or false). overdue: no first response yet and past dueAt.',
      tags: ['cases'],
    },
  })
  .input(ZCasesQuery.prefault({}))
  .output(ZCases)
  .query(({ ctx, input }) => listCases(ctx.deps, ctx.session, input));
