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
 * A REST route that is not a procedure: only where the spec's answer cannot be a procedure's
 * (the webhook's raw body, file downloads, the spec's composite stats answers). Its `auth` is
 * enforced here, before the handler runs, with the same rule as the procedures; the handler
 * receives the session it implies.
 */
export function defineRestRoute<TAuth extends TRouteAuth>(
  app: FastifyInstance,
  deps: TDeps,
  doc: TRouteDoc & { auth: TAuth },
  handler: (request: FastifyRequest, reply: FastifyReply, session: TSessionOf<TAuth>) => Promise<unknown>,
): void {
  recordRoute(doc);
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
    handler: async (request, reply) => {
      const session = await authenticate(deps, doc.auth, request.headers.authorization);
      const result = await handler(request, reply, session);
      if (doc.status && !reply.sent) reply.status(doc.status);
      return result;
    },
  });
}
