import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { createContextFactory } from '../trpc/init.ts';
import { BODY_LIMITS } from '../trpc/operation-meta.ts';
import { type AppRouter, appRouter } from '../trpc/router.ts';

/**
 * The tRPC transport at /trpc. Its fixes for the adapter's edges are hooks of this plugin's own
 * context, so no other route (the review page's REST calls, health checks) pays for them.
 */
export async function trpcTransport(app: FastifyInstance, options: { deps: TDeps }): Promise<void> {
  // The adapter fails on any multipart body (it JSON-encodes the raw request stream), a 500 for
  // whoever sends one. No procedure takes form data: refuse it before tRPC sees it.
  app.addHook('onRequest', async (request) => {
    if (/^\s*multipart\//i.test(request.headers['content-type'] ?? '')) {
      throw Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 });
    }
  });
  // tRPC answers a request it refuses before any procedure runs (no or a wrong content type, a
  // batch that mixes queries and mutations) with its JSON error envelope in a web Response that
  // names no content type, so the Response calls it text/plain: name it JSON like every other error.
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (
      payload instanceof Response &&
      payload.status >= 400 &&
      (payload.headers.get('content-type') ?? '').startsWith('text/plain')
    ) {
      payload.headers.set('content-type', 'application/json');
    }
    return payload;
  });
  // The plugin parses bodies through Fastify: its one route gets the tRPC body limit.
  app.addHook('onRoute', (route) => {
    route.bodyLimit = BODY_LIMITS.trpc;
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(options.deps),
      maxBatchSize: BODY_LIMITS.trpcMaxBatch,
      // A 429 or 503 tells the client when to try again, as the REST answers do.
      responseMeta({ errors }) {
        const waits = errors.map((error) =>
          error.cause instanceof AppError ? error.cause.details?.retryAfterSeconds : undefined,
        );
        const retryAfter = Math.max(0, ...waits.filter((wait): wait is number => typeof wait === 'number'));
        return retryAfter > 0 ? { headers: { 'retry-after': String(retryAfter) } } : {};
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
