import { ZReplyTemplateList } from '@starloop/contract';
import { ownerProcedure } from '../../trpc/init.ts';
import { listTemplates } from './templates.service.ts';

/** Who: the signed-in owner (any plan). Their own templates (defaults where not customised). */
export const listTemplatesProcedure = ownerProcedure
  .output(ZReplyTemplateList)
  .query(({ ctx }) => listTemplates(ctx.deps, ctx.session.owner));
