import { ZCaseDetail, ZCaseIdInput, ZCaseIdParam } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { getCase } from '../../cases/cases.service.ts';

/** Any member with access to its branch (or an API key): a case with its timeline; else 404. */
export const getCaseOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/cases/:id',
      params: ZCaseIdParam,
      summary: 'A feedback case with its timeline',
      description: '404 for a case of another account or of a branch outside your scope.',
      tags: ['cases'],
    },
  })
  .input(ZCaseIdInput)
  .output(ZCaseDetail)
  .query(({ ctx, input }) => getCase(ctx.deps, ctx.session, input.id));
