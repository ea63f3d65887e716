import { ERROR_TEXTS } from '@starloop/contract';
import { findAdminById, findOwnerById, type TAdminPublic, type TOwnerPublic } from '@starloop/db';
import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError } from 'zod';
import { bearerToken } from '../auth/tokens.ts';
import type { TDeps } from '../context.ts';
import { AppError, firstIssue, type TErrorCode } from '../lib/errors.ts';

export interface TRequestContext {
  deps: TDeps;
  requestId: string;
  ip: string;
  userAgent: string | undefined;
  authorization: string | undefined;
}

export function createContextFactory(deps: TDeps) {
  return ({ req }: CreateFastifyContextOptions): TRequestContext => ({
    deps,
    requestId: String(req.id),
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    authorization: req.headers.authorization,
  });
}

const TRPC_CODES: Record<TErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GONE: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

const t = initTRPC.context<TRequestContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const zod = cause instanceof ZodError ? firstIssue(cause) : undefined;
    const app = cause instanceof AppError ? cause : undefined;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      // Faults never leak their internals; the request id in the log tells the rest.
      message: zod?.message ?? (internal ? ERROR_TEXTS.internal : shape.message),
      data: {
        code: shape.data.code,
        httpStatus: app?.status ?? shape.data.httpStatus,
        field: zod?.field ?? app?.field ?? null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** AppErrors become typed tRPC errors; faults are logged once with the request id. */
const errorMapping = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR') {
      ctx.deps.log.error({ reqId: ctx.requestId, path, err: cause ?? result.error }, 'procedure failed');
    }
  }
  return result;
});

/** Anyone may call. */
export const publicProcedure = t.procedure.use(errorMapping);

export interface TOwnerSession {
  owner: TOwnerPublic;
  sessionId: string;
}

/** A signed-in business owner (owner token); a missing, wrong or admin token is a 401. */
export const ownerProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const token = bearerToken(ctx.authorization);
  const verified = token ? await ctx.deps.tokens.verify('owner', token) : undefined;
  const owner = verified ? await findOwnerById(ctx.deps.db, verified.subjectId) : undefined;
  if (!verified || !owner || owner.deletedAt) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR_TEXTS.unauthorized });
  }
  return next({ ctx: { ...ctx, session: { owner, sessionId: verified.sessionId } satisfies TOwnerSession } });
});

export interface TAdminSession {
  admin: TAdminPublic;
  sessionId: string;
}

/** A signed-in, active admin (admin token); a missing, wrong or owner token is a 401. */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const token = bearerToken(ctx.authorization);
  const verified = token ? await ctx.deps.tokens.verify('admin', token) : undefined;
  const admin = verified ? await findAdminById(ctx.deps.db, verified.subjectId) : undefined;
  if (!verified || !admin || admin.status !== 'active') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR_TEXTS.unauthorized });
  }
  return next({ ctx: { ...ctx, session: { admin, sessionId: verified.sessionId } satisfies TAdminSession } });
});

/** Only a super_admin: managing other admins (decisions.md). */
export const superAdminProcedure = adminProcedure.use(({ ctx, next }) => {
  if (ctx.session.admin.role !== 'super_admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: ERROR_TEXTS.forbidden });
  }
  return next();
});

export type { TRPCError };
