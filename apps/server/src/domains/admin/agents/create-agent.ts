import { ZAgentCreate, ZAgentResult } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { createAgent } from './agents.service.ts';

/** Any signed-in admin. Creates an active agent with a generated `AG` + 4 digits code. */
export const createAgentOperation = adminProcedure
  .meta({
    rest: {
      method: 'POST',
      path: '/admin/agents',
      summary: 'Create an agent (code AG + 4 digits is generated); a taken phone or email is a 409',
      tags: ['admin', 'agents'],
      status: 201,
    },
  })
  .input(ZAgentCreate)
  .output(ZAgentResult)
  .mutation(({ ctx, input }) => createAgent(ctx.deps, input, adminActor(ctx)));
