import { ZAgentListInput, ZAgentListResult } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listAgents } from './agents.service.ts';

/** Any signed-in admin. A page of agents (search, sort) with the Total/Active/Inactive cards. */
export const listAgentsOperation = adminListOperation({
  path: '/admin/agents',
  summary: 'A page of agents with search over code, name, email and phone, sorting and status counts',
  tags: ['admin', 'agents'],
  input: ZAgentListInput,
  output: ZAgentListResult,
  list: listAgents,
});
