import { ZAdminLogin, ZAdminLoginResponse, ZSuccess } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { loginAdmin } from '../domains/admin-auth/admin-auth.service.ts';
import { logoutSession } from '../domains/owner-auth/owner-auth.service.ts';
import { clientOf, requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

export async function adminAuthRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/admin/login',
      summary: 'Admin sign-in by email and password (token valid 12 hours)',
      tags: ['admin'],
      auth: 'public',
      body: ZAdminLogin,
      response: ZAdminLoginResponse,
    },
    async (request) => loginAdmin(deps, ZAdminLogin.parse(request.body ?? {}), clientOf(request)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/admin/logout',
      summary: 'Revoke this admin token',
      tags: ['admin'],
      auth: 'admin',
      response: ZSuccess,
    },
    async (request) => {
      const { sessionId } = await requireAdmin(deps, request);
      return logoutSession(deps, sessionId);
    },
  );
}
