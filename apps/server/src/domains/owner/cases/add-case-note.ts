import { ZCaseDetail, ZCaseIdParam, ZCaseNote } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { addCaseNote } from '../../cases/cases.service.ts';

/** Any member with access to its branch (or an API key): an internal note on the case's timeline. */
export const addCaseNoteOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'POST',
      path: '/v1/cases/:id/notes',
      params: ZCaseIdParam,
      summary: 'Add an internal note to a feedback case',
      description: 'text: 1 to 2,000 characters. Never shown to the customer.',
      tags: ['cases'],
      status: 201,
    },
  })
  .input(ZCaseNote)
  .output(ZCaseDetail)
  .mutation(({ ctx, input }) => addCaseNote(ctx.deps, ctx.session, input));
