import { ZAgentListInput, ZAgentListResult } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { listAgents } from './agents.service.ts';

/** Who: any signed-in admin. A page of agents (search, sort) with the Total/Active/Inactive cards. */
export const listAgentsProcedure = adminProcedure
  .input(ZAgentListInput)
  .output(ZAgentListResult)
  .query(({ ctx, input }) => listAgents(ctx.deps, input));
