import { ZAdminOpsDeleteResult, ZAdminOpsIdParam } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { deleteAgent } from './agents.service.ts';

/** Who: any signed-in admin. Deletes an agent; its owners keep their data and become 'Direct'. */
export const deleteAgentProcedure = adminProcedure
  .input(ZAdminOpsIdParam)
  .output(ZAdminOpsDeleteResult)
  .mutation(({ ctx, input }) => deleteAgent(ctx.deps, input.id, ctx.session.admin));
