import { ACCOUNT_TEXTS, ERROR_TEXTS, findIllFormedText, type TOwnerPermission } from '@starloop/contract';
import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import {
  assertSuperAdmin,
  authenticateAccountCaller,
  authenticateAdmin,
  authenticateOwner,
  type TAccountSession,
  type TAdminSession,
  type TOwnerSession,
} from '../auth/authenticate.ts';
import type { TDeps } from '../context.ts';
import { AppError, firstIssue, type TErrorCode, unavailableFrom } from '../lib/errors.ts';
import type { TOperationMeta } from './operation-meta.ts';

export type { TAdminSession, TOwnerSession } from '../auth/authenticate.ts';

export interface TRequestContext {
  deps: TDeps;
  requestId: string;
  ip: string;
  userAgent: string | undefined;
  authorization: string | undefined;
  /** The raw `X-Business-Id` header: the branch an owner-side call works on. */
  businessHeader: string | string[] | undefined;
  /** REST faults are logged by the REST error handler; tRPC ones here. */
  transport: 'trpc' | 'rest';
}

export function requestContext(
  deps: TDeps,
  request: FastifyRequest,
  transport: TRequestContext['transport'],
): TRequestContext {
  return {
    deps,
    requestId: String(request.id),
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    authorization: request.headers.authorization,
    businessHeader: request.headers['x-business-id'],
    transport,
  };
}

export function createContextFactory(deps: TDeps) {
  return ({ req }: CreateFastifyContextOptions): TRequestContext => requestContext(deps, req, 'trpc');
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

const t = initTRPC
  .context<TRequestContext>()
  .meta<TOperationMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const cause = error.cause;
      const zod = cause instanceof ZodError && error.code === 'BAD_REQUEST' ? firstIssue(cause) : undefined;
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
          // A 5xx names its request, so a support message can be matched with the log line.
          ...((app?.status ?? shape.data.httpStatus) >= 500 && ctx ? { requestId: ctx.requestId } : {}),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const trpcErrorOf = (cause: AppError) =>
  new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });

/** AppErrors become typed tRPC errors; faults are logged once with the request id. */
function mapErrors<TResult extends { ok: boolean; error?: TRPCError }>(
  ctx: TRequestContext,
  path: string,
  result: TResult,
): TResult {
  if (result.ok || !result.error) return result;
  const cause = result.error.cause;
  const unavailable = cause instanceof AppError ? undefined : unavailableFrom(cause);
  if (unavailable) {
    ctx.deps.log.error({ reqId: ctx.requestId, path, err: cause }, 'procedure failed: database unavailable');
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: unavailable.message, cause: unavailable });
  }
  if (cause instanceof AppError) throw trpcErrorOf(cause);
  if (result.error.code === 'INTERNAL_SERVER_ERROR' && ctx.transport === 'trpc') {
    ctx.deps.log.error({ reqId: ctx.requestId, path, err: cause ?? result.error }, 'procedure failed');
  }
  return result;
}

/**
 * Every operation's input, before its schema: a NUL or an unpaired surrogate anywhere (values or
 * keys) is a 400 naming the field, never a database error. Runs after authorization.
 */
async function wellFormedError(getRawInput: () => Promise<unknown>): Promise<AppError | undefined> {
  // An operation without input never reads its body: an empty or broken one is not its error.
  const raw = await getRawInput().catch(() => undefined);
  const found = findIllFormedText(raw);
  return found ? new AppError('BAD_REQUEST', found.message, found.field || undefined) : undefined;
}

const errorMapping = t.middleware(async ({ ctx, next, path }) => mapErrors(ctx, path, await next()));

const wellFormedInput = t.middleware(async ({ getRawInput, next }) => {
  const error = await wellFormedError(getRawInput);
  if (error) throw error;
  return next();
});

/*
 * The four procedure builders are the only way to make an operation: each one authorizes its
 * caller in a middleware (so the REST adapter, which runs the same procedure, cannot skip it) and
 * records who may call it in the meta (for the OpenAPI document and the authorization tests).
 */

/**
 * Anyone may call. No caller to authorize, so error mapping and the input check are one step:
 * this is the review page's path, and each step of a chain costs every call.
 */
export const publicProcedure = t.procedure
  .use(async ({ ctx, path, getRawInput, next }) => {
    const error = await wellFormedError(getRawInput);
    if (error) throw trpcErrorOf(error);
    return mapErrors(ctx, path, await next());
  })
  .meta({ auth: 'public' });

const ownerBase = t.procedure.use(errorMapping).use(async ({ ctx, meta, next }) => {
  const session: TOwnerSession = await authenticateOwner(ctx.deps, ctx.authorization, {
    allowPending: meta?.allowPendingOwner === true,
    allowClosedAccount: meta?.allowClosedAccount === true,
    businessHeader: ctx.businessHeader,
    permission: meta?.permission,
  });
  return next({ ctx: { ...ctx, session } });
});

/**
 * A person signed in to the owner area (owner token), working on one of their branches
 * (`X-Business-Id`, else their first), whose role has `permission` there: `read` (any member),
 * `manage` (owners and managers), `account` (owners). A missing, wrong or admin token is a 401; a
 * branch that is not theirs, or a role without the permission, a 403; a branch the sign-in rule
 * refuses (deleted, inactive, pending) a 403 with the reason. Every owner operation names its
 * permission here, so both transports check the same one and none can be made without one.
 */
export const ownerProcedure = (permission: TOwnerPermission) =>
  ownerBase.use(wellFormedInput).meta({ auth: 'owner', permission });

/**
 * The partner API of accounts and teams: an owner token (the person's role must allow
 * `permission`) or an API key (Professional; it acts as an owner of its account, on the branch
 * `X-Business-Id` names or its own). The current branch may be one not paid for yet. An operation
 * whose meta says `person` is about the signed-in person: an API key gets a 403.
 */
export const accountProcedure = (permission: TOwnerPermission) =>
  t.procedure
    .use(errorMapping)
    .use(async ({ ctx, meta, next }) => {
      const session: TAccountSession = await authenticateAccountCaller(ctx.deps, ctx.authorization, {
        businessHeader: ctx.businessHeader,
        permission,
        // Account-wide answers do not depend on the current branch being paid for: a chain's
        // person who chose a newly added (unpaid) branch still sees the switcher and All branches.
        // Without a chosen branch a pending owner is a registration not paid for: refused as before.
        allowPending: ctx.businessHeader !== undefined,
        allowClosedAccount: meta?.allowClosedAccount === true,
      });
      if (meta?.person && !session.person) throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.personOnly);
      return next({ ctx: { ...ctx, session } });
    })
    .use(wellFormedInput)
    .meta({ auth: 'owner_or_api_key', permission });

const signedInAdmin = t.procedure.use(errorMapping).use(async ({ ctx, next }) => {
  const session: TAdminSession = await authenticateAdmin(ctx.deps, ctx.authorization);
  return next({ ctx: { ...ctx, session } });
});

/** A signed-in, active admin (admin token); a missing, wrong or owner token is a 401. */
export const adminProcedure = signedInAdmin.use(wellFormedInput).meta({ auth: 'admin' });

/** Only a super_admin (managing other admins, decisions.md); a plain admin gets a 403. */
export const superAdminProcedure = signedInAdmin
  .use(({ ctx, next }) => {
    assertSuperAdmin(ctx.session);
    return next();
  })
  .use(wellFormedInput)
  .meta({ auth: 'super_admin' });

export type { TRPCError };
