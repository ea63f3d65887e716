import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type TRouteAuth = 'public' | 'owner' | 'admin' | 'super_admin' | 'webhook';

export interface TRouteDoc {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
}

/** Every documented REST route, for GET /api/docs/openapi.json. */
export const routeRegistry: TRouteDoc[] = [];

/**
 * Registers a REST route and records its documentation in one place, so the OpenAPI document can
 * never drift from the routes. Validation stays in zod inside the handler (the spec's messages).
 */
export function defineRoute(
  app: FastifyInstance,
  doc: TRouteDoc,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  if (!routeRegistry.some((r) => r.method === doc.method && r.url === doc.url)) routeRegistry.push(doc);
  app.route({
    method: doc.method,
    url: doc.url,
    handler: async (request, reply) => {
      const result = await handler(request, reply);
      if (doc.status && !reply.sent) reply.status(doc.status);
      return result;
    },
  });
}
