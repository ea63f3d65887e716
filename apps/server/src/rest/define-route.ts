import type { TOwnerPermission } from '@starloop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authenticate, type TCallerKind, type TSessionOf } from '../auth/authenticate.ts';
import type { TDeps } from '../context.ts';
import { BODY_LIMITS, type THttpMethod } from '../trpc/operation-meta.ts';

export type TRouteAuth = TCallerKind;

/** One documented REST route, as the OpenAPI document sees it. */
export interface TRouteDoc {
  method: THttpMethod;
  /** Path under /api, Fastify style (`/admin/users/:id`). */
  url: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: TRouteAuth;
  /** Owner routes: what the caller's role must allow (required for them, as for owner procedures). */
  permission?: TOwnerPermission;
  /** Owner routes an owner of a closed account may still call in its 30 days (the export's download). */
  allowClosedAccount?: boolean;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The success body (200 unless `status` says otherwise). */
  response?: z.ZodType;
  status?: number;
  /** Non-JSON answers (file downloads). */
  produces?: string[];
  /** Largest body in bytes (default by auth: BODY_LIMITS). */
  bodyLimit?: number;
  /** A webhook that is not Razorpay's: how it proves itself, for the document. */
  webhookScheme?: 'whatsappSignature' | 'urlToken' | 'pubsubOidc';
}

/** Every documented REST route, for GET /api/docs/openapi.json. */
export const routeRegistry: TRouteDoc[] = [];

export function recordRoute(doc: TRouteDoc): void {
  if (!routeRegistry.some((r) => r.method === doc.method && r.url === doc.url)) routeRegistry.push(doc);
}

/**
 * An answer checked against the shape the document promises, as tRPC checks a procedure's output:
 * a mismatch is the server's fault (a 500 in the log), never the caller's 400.
 */
export function documentedAnswer(
  schema: z.ZodType,
  answer: unknown,
  where: { method: string; url: string },
): unknown {
  const checked = schema.safeParse(answer);
  if (!checked.success) {
    throw new Error(`${where.method} ${where.url}: the answer does not match its documented shape`, {
      cause: checked.error,
    });
  }
  return checked.data;
}

/**
 * Every body of this plugin as its raw bytes (scoped to the plugin): a webhook's signature covers
 * the exact bytes the provider sent.
 */
export function readRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/** A webhook's raw body (readRawBodies) and its signature header, for its verify check. */
export function signedBody(request: FastifyRequest, signatureHeader: string) {
  const value = request.headers[signatureHeader];
  return {
    rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    signature: Array.isArray(value) ? value[0] : value,
  };
}

/** How a webhook proves itself (a signature over the raw body, a token in its URL, an OIDC token). */
export type TWebhookCheck<TProof> = (request: FastifyRequest) => TProof | Promise<TProof>;

type THandler<TSession> = (
  request: FastifyRequest,
  reply: FastifyReply,
  session: TSession,
) => Promise<unknown>;

/**
 * A REST route that is not a procedure: only where the spec's answer cannot be a procedure's
 * (the webhook's raw body, file downloads, the spec's composite stats answers). Its `auth` is
 * enforced here, with the same rule as the procedures, before the body is read; the handler
 * receives the session it implies. A webhook must declare its `verify` check, which runs before its
 * handler and hands it what it proved (an owner id, a challenge); it cannot be defined without one.
 * An answer with a documented `response` is validated against it, as a procedure's output is.
 */
export function defineRestRoute<TProof>(
  app: FastifyInstance,
  deps: TDeps,
  doc: TRouteDoc & { auth: 'webhook'; verify: TWebhookCheck<TProof> },
  handler: THandler<TProof>,
): void;
export function defineRestRoute<TAuth extends Exclude<TRouteAuth, 'webhook'>>(
  app: FastifyInstance,
  deps: TDeps,
  doc: TRouteDoc & { auth: TAuth },
  handler: THandler<TSessionOf<TAuth>>,
): void;
export function defineRestRoute(
  app: FastifyInstance,
  deps: TDeps,
  { verify, ...doc }: TRouteDoc & { verify?: TWebhookCheck<unknown> },
  handler: THandler<never>,
): void {
  if ((doc.auth === 'owner' || doc.auth === 'owner_or_api_key') && !doc.permission) {
    throw new Error(`${doc.method} ${doc.url}: an owner route must declare its permission`);
  }
  recordRoute(doc);
  const sessions = new WeakMap<FastifyRequest, unknown>();
  app.route({
    method: doc.method,
    url: doc.url,
    bodyLimit:
      doc.bodyLimit ??
      (doc.auth === 'public'
        ? BODY_LIMITS.public
        : doc.auth === 'webhook'
          ? BODY_LIMITS.webhook
          : BODY_LIMITS.signedIn),
    // Who is calling is settled before a body of up to 5 MB is read.
    onRequest: async (request) => {
      if (doc.auth === 'webhook') return;
      sessions.set(
        request,
        await authenticate(deps, doc.auth, request.headers.authorization, {
          businessHeader: request.headers['x-business-id'],
          ...(doc.permission ? { permission: doc.permission } : {}),
          ...(doc.allowClosedAccount ? { allowClosedAccount: true } : {}),
        }),
      );
    },
    handler: async (request, reply) => {
      if (doc.auth === 'webhook') {
        if (!verify) throw new Error(`${doc.method} ${doc.url}: a webhook route needs its verify check`);
        sessions.set(request, await verify(request));
      }
      const result = await handler(request, reply, sessions.get(request) as never);
      if (reply.sent) return result;
      if (doc.status) reply.status(doc.status);
      return doc.response && result !== undefined ? documentedAnswer(doc.response, result, doc) : result;
    },
  });
}
