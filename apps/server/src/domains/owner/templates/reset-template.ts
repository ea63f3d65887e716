import { ZReplyTemplateList, ZReplyTemplateReset } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { resetTemplate } from './templates.service.ts';

/** The signed-in owner (any plan). Puts their own template back to the default. */
export const resetTemplateOperation = ownerProcedure('manage')
  .input(ZReplyTemplateReset)
  .output(ZReplyTemplateList)
  .mutation(({ ctx, input }) => resetTemplate(ctx.deps, ctx.session.owner, input));
