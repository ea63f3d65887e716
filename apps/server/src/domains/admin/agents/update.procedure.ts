import { ZAdminOpsIdParam, ZAgentResult, ZAgentUpdate } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { updateAgent } from './agents.service.ts';

/** Who: any signed-in admin. Edits name, email, phone and status of one agent. */
export const updateAgentProcedure = adminProcedure
  .input(ZAgentUpdate.extend(ZAdminOpsIdParam.shape))
  .output(ZAgentResult)
  .mutation(({ ctx, input: { id, ...input } }) => updateAgent(ctx.deps, id, input, ctx.session.admin));
