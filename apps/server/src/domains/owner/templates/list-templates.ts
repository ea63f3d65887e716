import { ZReplyTemplateList } from '@starloop/contract';
import { ownerProcedure } from '../../../trpc/init.ts';
import { listTemplates } from './templates.service.ts';

/** The signed-in owner (any plan). Their own templates (defaults where not customised). */
export const listTemplatesOperation = ownerProcedure('manage')
  .output(ZReplyTemplateList)
  .query(({ ctx }) => listTemplates(ctx.deps, ctx.session.owner));
