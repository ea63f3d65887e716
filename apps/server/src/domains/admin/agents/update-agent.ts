import { ZAgentResult, ZAgentUpdate, ZIdInput } from '@starloop/contract';
import { adminUpdateOperation } from '../admin-operations.ts';
import { updateAgent } from './agents.service.ts';

/** Any signed-in admin. Edits name, email, phone and status of one agent. */
export const updateAgentOperation = adminUpdateOperation({
  path: '/admin/agents/:id',
  summary: 'Edit an agent: name, email, phone and status are required',
  tags: ['admin', 'agents'],
  input: ZAgentUpdate.extend(ZIdInput.shape),
  output: ZAgentResult,
  update: updateAgent,
});
