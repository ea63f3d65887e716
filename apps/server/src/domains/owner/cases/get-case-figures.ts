import { ZCaseFigures, ZCaseFiguresQuery } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getCaseFigures } from '../../cases/case-figures.service.ts';

/** Any member (or an API key): what the cases of their branches show, overall, per branch and per person. */
export const getCaseFiguresOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/cases/figures',
      summary: 'Feedback case figures: first response, resolution, recovery and overdue',
      description:
        'Over the cases opened from `from` to `to` (IST days, both included; the last 30 days by default, at most 366): the median minutes to the first response (wall clock), resolution rate (resolved / cases), recovery rate (recovered / resolved), and the cases overdue now whenever opened; overall, per branch and per assignee. businessId: one branch (403 outside your branches).',
      tags: ['cases'],
    },
  })
  .input(ZCaseFiguresQuery.prefault({}))
  .output(ZCaseFigures)
  .query(({ ctx, input }) => getCaseFigures(ctx.deps, ctx.session, input));
