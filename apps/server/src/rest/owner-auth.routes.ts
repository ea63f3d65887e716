import { ZOwnerLogin, ZOwnerLoginResponse, ZOwnerUser, ZSuccess } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../context.ts';
import { loginOwner, logoutSession } from '../domains/owner-auth/owner-auth.service.ts';
import { toOwnerUser } from '../domains/owner-auth/owner-dto.ts';
import { clientOf, requireOwner } from './auth.ts';
import { defineRoute } from './define-route.ts';

export async function ownerAuthRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/users/login',
      summary: 'Owner sign-in by phone and password',
      tags: ['owner'],
      auth: 'public',
      body: ZOwnerLogin,
      response: ZOwnerLoginResponse,
    },
    async (request) => loginOwner(deps, ZOwnerLogin.parse(request.body ?? {}), clientOf(request)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/users/logout',
      summary: 'Revoke this owner token',
      tags: ['owner'],
      auth: 'owner',
      response: ZSuccess,
    },
    async (request) => {
      const { sessionId } = await requireOwner(deps, request);
      return logoutSession(deps, sessionId);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/users/me',
      summary: "The signed-in owner's profile",
      tags: ['owner'],
      auth: 'owner',
      response: z.object({ success: z.literal(true), user: ZOwnerUser }),
    },
    async (request) => {
      const { owner } = await requireOwner(deps, request);
      return { success: true, user: toOwnerUser(owner) };
    },
  );
}
