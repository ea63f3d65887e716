import { router } from '../../../trpc/init.ts';
import { createAgentProcedure } from './create.procedure.ts';
import { deleteAgentProcedure } from './delete.procedure.ts';
import { listAgentsProcedure } from './list.procedure.ts';
import { updateAgentProcedure } from './update.procedure.ts';

/** Admin agents (sales representatives): admin.agents.list / create / update / delete. */
export const adminAgentsRouter = router({
  list: listAgentsProcedure,
  create: createAgentProcedure,
  update: updateAgentProcedure,
  delete: deleteAgentProcedure,
});
