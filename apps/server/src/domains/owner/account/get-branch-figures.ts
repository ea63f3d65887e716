import { ZBranchFiguresAnswer, ZBranchFiguresQuery } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getBranchFigures } from './account.service.ts';

/** Any member (or an API key): figures of each branch they can see over IST days, and the totals. */
export const getBranchFiguresOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/account/branches',
      summary: 'Per-branch figures over a range of IST days (the last 30 by default), with the totals',
      tags: ['account'],
    },
  })
  .input(ZBranchFiguresQuery.prefault({}))
  .output(ZBranchFiguresAnswer)
  .query(({ ctx, input }) => getBranchFigures(ctx.deps, ctx.session, input));
