import { ZCaseAssignees } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { listCaseAssignees } from '../../cases/cases.service.ts';

/**
 * Any member (or an API key): who a case may be assigned to (the members working on the caller's
 * branches, names and branches only) and the caller's own person id.
 */
export const listCaseAssigneesOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/cases/assignees',
      summary: 'The team members feedback cases may be assigned to',
      description:
        'Members with access to at least one of your branches, with their role and branches (businessIds null: every branch); meId is your own person id (null for an API key).',
      tags: ['cases'],
    },
  })
  .output(ZCaseAssignees)
  .query(({ ctx }) => listCaseAssignees(ctx.deps, ctx.session));
