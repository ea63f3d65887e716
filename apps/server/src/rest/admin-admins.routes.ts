import {
  ERROR_TEXTS,
  ZAdminAccountCreate,
  ZAdminAccountResponse,
  ZAdminAccountsResponse,
  ZAdminAccountUpdate,
  ZAdminIdParam,
} from '@starloop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDeps } from '../context.ts';
import {
  createAdminAccount,
  listAdminAccounts,
  updateAdminAccount,
} from '../domains/admin/admins/admins.service.ts';
import { forbidden } from '../lib/errors.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

/** The REST twin of superAdminProcedure: 401 without a live admin token, 403 for a plain admin. */
async function requireSuperAdmin(deps: TDeps, request: FastifyRequest) {
  const session = await requireAdmin(deps, request);
  if (session.admin.role !== 'super_admin') throw forbidden(ERROR_TEXTS.forbidden);
  return session;
}

export async function adminAdminsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/admins',
      summary: 'Every admin account (never a password hash)',
      tags: ['admin'],
      auth: 'admin',
      response: ZAdminAccountsResponse,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return listAdminAccounts(deps);
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/admin/admins',
      summary: 'Create an admin (super_admin only)',
      tags: ['admin'],
      auth: 'super_admin',
      body: ZAdminAccountCreate,
      response: ZAdminAccountResponse,
      status: 201,
    },
    async (request) => {
      const { admin } = await requireSuperAdmin(deps, request);
      return createAdminAccount(deps, admin, ZAdminAccountCreate.parse(request.body ?? {}));
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/admins/:id',
      summary:
        "Change an admin's role or status (super_admin only; not yourself to disabled, never the last active super_admin)",
      tags: ['admin'],
      auth: 'super_admin',
      params: ZAdminIdParam,
      body: ZAdminAccountUpdate,
      response: ZAdminAccountResponse,
    },
    async (request) => {
      const { admin } = await requireSuperAdmin(deps, request);
      const { id } = ZAdminIdParam.parse(request.params);
      return updateAdminAccount(deps, admin, id, ZAdminAccountUpdate.parse(request.body ?? {}));
    },
  );
}
