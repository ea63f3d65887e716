import { adminDeleteOperation } from '../admin-operations.ts';
import { deleteAgent } from './agents.service.ts';

/** Any signed-in admin. Deletes an agent; its owners keep their data and become 'Direct'. */
export const deleteAgentOperation = adminDeleteOperation({
  path: '/admin/agents/:id',
  summary: "Delete an agent; its owners keep their data and show as 'Direct'",
  tags: ['admin', 'agents'],
  remove: deleteAgent,
});
