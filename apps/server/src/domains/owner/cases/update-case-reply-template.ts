import { ZCaseReplyTemplates, ZCaseReplyTemplateUpdate } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { updateCaseReplyTemplateOf } from '../../cases/case-reply-templates.service.ts';

/** Owners and managers (manage): the account's own wording of a reply template in one language. */
export const updateCaseReplyTemplateOperation = accountProcedure('manage')
  .meta({
    rest: {
      method: 'PUT',
      path: '/v1/cases/templates',
      summary: 'Reword a case reply template in one page language (empty text: back to StarLoop wording)',
      tags: ['cases'],
    },
  })
  .input(ZCaseReplyTemplateUpdate)
  .output(ZCaseReplyTemplates)
  .mutation(({ ctx, input }) => updateCaseReplyTemplateOf(ctx.deps, ctx.session, input));
