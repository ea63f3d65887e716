import { ZCasesBulkAnswer, ZCasesBulkUpdate } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { bulkUpdateCases } from '../../cases/cases.service.ts';

/**
 * Any member (or an API key), as PATCH: the same status, assignee or outcome change to up to 100
 * cases, each under PATCH's rules; the answer says per case whether it was done or why not.
 */
export const bulkUpdateCasesOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/cases/bulk',
      summary: 'Change the status, assignee or outcome of several feedback cases at once',
      description:
        'ids: 1 to 100 cases. Each case is changed under the rules of PATCH /api/v1/cases/{id}, in its own transaction; results has one line per case in the order given: ok, or the message PATCH would have answered (a case out of reach reads "Case not found").',
      tags: ['cases'],
    },
  })
  .input(ZCasesBulkUpdate)
  .output(ZCasesBulkAnswer)
  .mutation(({ ctx, input }) => bulkUpdateCases(ctx.deps, ctx.session, input));
