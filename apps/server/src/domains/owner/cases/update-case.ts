import { ZCaseDetail, ZCaseIdParam, ZCaseUpdate } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { updateCaseOf } from '../../cases/cases.service.ts';

/**
 * Any member with access to its branch (or an API key): staff work on feedback too (roles.ts).
 * Status, assignee or outcome; each change is on the timeline with who made it.
 */
export const updateCaseOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'PATCH',
      path: '/v1/cases/:id',
      params: ZCaseIdParam,
      summary: "Change a feedback case's status, assignee or outcome",
      description:
        'Statuses: new -> in_progress -> resolved (with an outcome); resolved -> reopened -> in_progress or resolved. 409 for any other move, 400 when resolving without an outcome or for an assignee without access to the branch.',
      tags: ['cases'],
    },
  })
  .input(ZCaseUpdate)
  .output(ZCaseDetail)
  .mutation(({ ctx, input }) => updateCaseOf(ctx.deps, ctx.session, input));
