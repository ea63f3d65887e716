import { ZReplyTemplateList, ZReplyTemplateUpdate } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { updateTemplate } from './templates.service.ts';

/** The signed-in owner on the Professional plan (others get a 403). Their own template only. */
export const updateTemplateOperation = ownerProcedure('manage')
  .input(ZReplyTemplateUpdate)
  .output(ZReplyTemplateList)
  .mutation(({ ctx, input }) => updateTemplate(ctx.deps, ctx.session.owner, input));
