import { ZReplyTemplateList, ZReplyTemplateReset } from '@starloop/contract';
import { ownerProcedure } from '../../trpc/init.ts';
import { resetTemplate } from './templates.service.ts';

/** Who: the signed-in owner (any plan). Puts their own template back to the default. */
export const resetTemplateProcedure = ownerProcedure
  .input(ZReplyTemplateReset)
  .output(ZReplyTemplateList)
  .mutation(({ ctx, input }) => resetTemplate(ctx.deps, ctx.session.owner, input));
