import { ZAdminLogin } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { loginAdmin } from '../domains/admin-auth/admin-auth.service.ts';
import { logoutSession } from '../domains/owner-auth/owner-auth.service.ts';
import { clientOf, requireAdmin } from './auth.ts';

export async function adminAuthRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  app.post('/admin/login', async (request) => {
    const input = ZAdminLogin.parse(request.body ?? {});
    return loginAdmin(deps, input, clientOf(request));
  });

  app.post('/admin/logout', async (request) => {
    const { sessionId } = await requireAdmin(deps, request);
    return logoutSession(deps, sessionId);
  });
}
