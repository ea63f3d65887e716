import { ZCaseReplyTemplates, ZCaseReplyTemplatesQuery } from '@starloop/contract';
import { accountProcedure } from '../../../trpc/init.ts';
import { listCaseReplyTemplatesOf } from '../../cases/case-reply-templates.service.ts';

/** Any member (or an API key): the reply box's templates, in one page language or all eight. */
export const listCaseReplyTemplatesOperation = accountProcedure('read')
  .meta({
    rest: {
      method: 'GET',
      path: '/v1/cases/templates',
      summary: "The account's case reply templates (apology, callback) per page language",
      tags: ['cases'],
    },
  })
  .input(ZCaseReplyTemplatesQuery.prefault({}))
  .output(ZCaseReplyTemplates)
  .query(({ ctx, input }) => listCaseReplyTemplatesOf(ctx.deps, ctx.session, input));
