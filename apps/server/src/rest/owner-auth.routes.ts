import { ZOwnerLogin } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { loginOwner, logoutSession } from '../domains/owner-auth/owner-auth.service.ts';
import { toOwnerUser } from '../domains/owner-auth/owner-dto.ts';
import { clientOf, requireOwner } from './auth.ts';

export async function ownerAuthRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  app.post('/users/login', async (request) => {
    const input = ZOwnerLogin.parse(request.body ?? {});
    return loginOwner(deps, input, clientOf(request));
  });

  app.post('/users/logout', async (request) => {
    const { sessionId } = await requireOwner(deps, request);
    return logoutSession(deps, sessionId);
  });

  app.get('/users/me', async (request) => {
    const { owner } = await requireOwner(deps, request);
    return { success: true, user: toOwnerUser(owner) };
  });
}
