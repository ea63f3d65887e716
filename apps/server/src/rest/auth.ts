import { ERROR_TEXTS } from '@starloop/contract';
import { findAdminById, findOwnerById, type TAdminPublic, type TOwnerPublic } from '@starloop/db';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/tokens.ts';
import type { TDeps } from '../context.ts';
import { AppError } from '../lib/errors.ts';

/** The REST twin of ownerProcedure: a live owner token or a 401. */
export async function requireOwner(
  deps: TDeps,
  request: FastifyRequest,
): Promise<{ owner: TOwnerPublic; sessionId: string }> {
  const token = bearerToken(request.headers.authorization);
  const verified = token ? await deps.tokens.verify('owner', token) : undefined;
  const owner = verified ? await findOwnerById(deps.db, verified.subjectId) : undefined;
  if (!verified || !owner || owner.deletedAt) throw new AppError('UNAUTHORIZED', ERROR_TEXTS.unauthorized);
  return { owner, sessionId: verified.sessionId };
}

/** The REST twin of adminProcedure: a live token of an active admin or a 401. */
export async function requireAdmin(
  deps: TDeps,
  request: FastifyRequest,
): Promise<{ admin: TAdminPublic; sessionId: string }> {
  const token = bearerToken(request.headers.authorization);
  const verified = token ? await deps.tokens.verify('admin', token) : undefined;
  const admin = verified ? await findAdminById(deps.db, verified.subjectId) : undefined;
  if (!verified || !admin || admin.status !== 'active')
    throw new AppError('UNAUTHORIZED', ERROR_TEXTS.unauthorized);
  return { admin, sessionId: verified.sessionId };
}

export const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
