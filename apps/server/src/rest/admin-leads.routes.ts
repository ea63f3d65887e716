import {
  ZAdminOpsDeleteResult,
  ZAdminOpsIdParam,
  ZLeadListInput,
  ZLeadListResult,
  ZLeadResult,
  ZLeadUpdate,
} from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { deleteLead, listLeads, updateLead } from '../domains/admin/leads/leads.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

/**
 * Leads management (spec section 7). The spec writes `PUT /api/admin//leads/{id}` with a double
 * slash; the server ignores duplicate slashes, so that form and `/api/admin/leads/{id}` both work.
 */
export async function adminLeadsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/leads',
      summary: 'A page of leads (search, sort, status/source filters) with totalLeads, newLeads, … counts',
      tags: ['admin', 'leads'],
      auth: 'admin',
      querystring: ZLeadListInput,
      response: ZLeadListResult,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return listLeads(deps, ZLeadListInput.parse(request.query ?? {}));
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/leads/:id',
      summary: 'Edit a lead (also reachable as /api/admin//leads/{id})',
      tags: ['admin', 'leads'],
      auth: 'admin',
      params: ZAdminOpsIdParam,
      body: ZLeadUpdate,
      response: ZLeadResult,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      const { id } = ZAdminOpsIdParam.parse(request.params);
      return updateLead(deps, id, ZLeadUpdate.parse(request.body ?? {}), admin);
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/admin/leads/:id',
      summary: 'Delete a lead (also reachable as /api/admin//leads/{id})',
      tags: ['admin', 'leads'],
      auth: 'admin',
      params: ZAdminOpsIdParam,
      response: ZAdminOpsDeleteResult,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      const { id } = ZAdminOpsIdParam.parse(request.params);
      return deleteLead(deps, id, admin);
    },
  );
}
