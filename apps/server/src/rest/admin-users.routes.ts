import {
  ZAdminIdParam,
  ZAdminUserDeleteResponse,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZAdminUserUpdate,
  ZAdminUserUpdateResponse,
} from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { deleteUser, listUsers, updateUser } from '../domains/admin/users/users.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

export async function adminUsersRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/admin/users',
      summary: 'Owners, newest first, with the summary counts (page, limit=10, search, status)',
      description:
        'search covers name, business name, phone, code and email. Deleted owners are left out unless status=deleted.',
      tags: ['admin'],
      auth: 'admin',
      querystring: ZAdminUsersQuery,
      response: ZAdminUsersResponse,
    },
    async (request) => {
      await requireAdmin(deps, request);
      return listUsers(deps, ZAdminUsersQuery.parse(request.query ?? {}));
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/users/:id',
      summary: 'Edit an owner (phone and business code stay unique: 409 naming the field)',
      tags: ['admin'],
      auth: 'admin',
      params: ZAdminIdParam,
      body: ZAdminUserUpdate,
      response: ZAdminUserUpdateResponse,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      const { id } = ZAdminIdParam.parse(request.params);
      return updateUser(deps, admin, id, ZAdminUserUpdate.parse(request.body ?? {}));
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/admin/users/:id',
      summary: 'Soft-delete an owner: review page off, sessions revoked, counted as deleted',
      tags: ['admin'],
      auth: 'admin',
      params: ZAdminIdParam,
      response: ZAdminUserDeleteResponse,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      const { id } = ZAdminIdParam.parse(request.params);
      return deleteUser(deps, admin, id);
    },
  );
}
