import { ZAgentCreate, ZAgentResult } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { createAgent } from './agents.service.ts';

/** Who: any signed-in admin. Creates an active agent with a generated `AG` + 4 digits code. */
export const createAgentProcedure = adminProcedure
  .input(ZAgentCreate)
  .output(ZAgentResult)
  .mutation(({ ctx, input }) => createAgent(ctx.deps, input, ctx.session.admin));
