import {
  ZAdminOpsDeleteResult,
  ZAdminOpsIdParam,
  ZAgentCreate,
  ZAgentListInput,
  ZAgentListResult,
  ZAgentResult,
  ZAgentUpdate,
} from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { createAgent, deleteAgent, listAgents, updateAgent } from '../domains/admin/agents/agents.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

/** Agents management (spec section 7): GET/POST /api/admin/agents, PUT/DELETE /api/admin/agents/{id}. */
export async function adminAgentsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/agents',
      summary: 'A page of agents with search over code, name, email and phone, sorting and status counts',
      tags: ['admin', 'agents'],
      auth: 'admin',
      querystring: ZAgentListInput,
      response: ZAgentListResult,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return listAgents(deps, ZAgentListInput.parse(request.query ?? {}));
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/admin/agents',
      summary: 'Create an agent (code AG + 4 digits is generated); a taken phone or email is a 409',
      tags: ['admin', 'agents'],
      auth: 'admin',
      body: ZAgentCreate,
      response: ZAgentResult,
      status: 201,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      return createAgent(deps, ZAgentCreate.parse(request.body ?? {}), admin);
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/agents/:id',
      summary: 'Edit an agent: name, email, phone and status are required',
      tags: ['admin', 'agents'],
      auth: 'admin',
      params: ZAdminOpsIdParam,
      body: ZAgentUpdate,
      response: ZAgentResult,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      const { id } = ZAdminOpsIdParam.parse(request.params);
      return updateAgent(deps, id, ZAgentUpdate.parse(request.body ?? {}), admin);
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/admin/agents/:id',
      summary: "Delete an agent; its owners keep their data and show as 'Direct'",
      tags: ['admin', 'agents'],
      auth: 'admin',
      params: ZAdminOpsIdParam,
      response: ZAdminOpsDeleteResult,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      const { id } = ZAdminOpsIdParam.parse(request.params);
      return deleteAgent(deps, id, admin);
    },
  );
}
