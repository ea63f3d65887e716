import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { TConfig } from '@starloop/config';
import { createDb, migrateToLatest, type TDbHandle } from '@starloop/db';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { createTokenService } from './auth/tokens.ts';
import type { TDeps } from './context.ts';
import { createReviewPageCache } from './domains/public/review-page-cache.ts';
import { createReviewWriter } from './domains/public/review-writer.ts';
import { isDatabaseReady } from './domains/system/system.service.ts';
import { internalCliRoutes } from './internal/cli.routes.ts';
import { createJobs } from './jobs/queue.ts';
import { registerJobs } from './jobs/register.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { releaseServerLock, type TServerLock, takeServerLock } from './lib/server-lock.ts';
import { createMailer } from './mail/mailer.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { restApi } from './rest/index.ts';
import { createContextFactory } from './trpc/init.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface TCreateServerOptions {
  config: TConfig;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: TDbHandle;
  webDistDir?: string;
  /** false silences logs (tests); otherwise JSON lines at config.logLevel. */
  logger?: boolean;
  now?: () => Date;
  /** Start background workers when the app is ready (default true). */
  jobs?: boolean;
  /** Seconds between job polls (tests use less). */
  jobPollingSeconds?: number;
  /** Age limit of the review page's owner cache (default 5 s; 0 turns it off). */
  reviewPageCacheMs?: number;
}

export interface TStarLoopServer {
  app: FastifyInstance;
  deps: TDeps;
  /** Listens on config host/port; resolves with the bound address. */
  start(): Promise<string>;
  /** Finishes in-flight requests, then closes the database. Safe to call twice. */
  stop(): Promise<void>;
}

export async function createServer(options: TCreateServerOptions): Promise<TStarLoopServer> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["x-razorpay-signature"]',
                'req.headers["x-starloop-cli-secret"]',
              ],
              censor: '[redacted]',
            },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: true,
    // One line per request (below) instead of Fastify's two: the review page's hot routes log half.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    forceCloseConnections: 'idle',
  });

  const database = options.database ?? createDb({ url: config.database.url, dataDir: config.dataDir });
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const reviewPageCache = createReviewPageCache(
    db,
    options.reviewPageCacheMs === undefined ? {} : { ttlMs: options.reviewPageCacheMs },
  );
  const jobs = createJobs({ database, log: app.log, pollingIntervalSeconds: options.jobPollingSeconds });
  const deps: TDeps = {
    config,
    db,
    database,
    log: app.log,
    now,
    tokens: createTokenService(db, config.tokenSecret, now),
    mailer: createMailer({ db, smtpUrl: config.mail.smtpUrl, from: config.mail.from, log: app.log }),
    rateLimiter: createRateLimiter({ redisUrl: config.redisUrl, enabled: config.rateLimitsEnabled }),
    jobs,
    reviewPageCache,
    reviewWriter: createReviewWriter(
      { db, jobs, log: app.log, now, reviewPageCache },
      { concurrency: database.driver === 'pglite' ? 1 : 2 },
    ),
  };
  if (!config.rateLimitsEnabled) app.log.warn('rate limits are OFF (RATE_LIMITS=off): for benchmarks only');
  registerJobs(deps);

  app.addHook('onRequest', (request, reply, next) => {
    reply.header('x-request-id', request.id);
    next();
  });
  app.addHook('onResponse', (request, reply, next) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    next();
  });

  // Migrations run before the first request is served, on both drivers.
  app.addHook('onReady', async () => {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) app.log.info({ applied }, 'database migrated');
    if (options.jobs !== false) await deps.jobs.start();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // A customer on a slow phone network downloads a third of the bytes. Brotli at quality 4 costs
  // a few milliseconds per response, not the ~100 ms of the default 11.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await isDatabaseReady(deps);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database: ready });
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(deps),
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await app.register(restApi, { prefix: '/api', deps });
  await app.register(internalCliRoutes, { deps });
  await app.register(webPlugin, { distDir: options.webDistDir ?? DEFAULT_WEB_DIST });

  let lock: TServerLock | undefined;
  let stopping: Promise<void> | undefined;

  return {
    app,
    deps,
    async start() {
      // PGlite is one process's database: refuse to share the folder with another server.
      if (database.driver === 'pglite') lock = takeServerLock(config.dataDir);
      const address = await app.listen({ port: config.server.port, host: config.server.host });
      if (lock) lock.publish({ port: (app.server.address() as { port: number }).port });
      app.log.info(
        {
          address,
          database: database.driver,
          payments: config.razorpay.enabled ? 'razorpay' : 'test gateway',
        },
        'StarLoop is up',
      );
      return address;
    },
    stop() {
      stopping ??= (async () => {
        try {
          await app.close();
          await deps.reviewWriter.drain();
          await deps.jobs.stop();
        } finally {
          deps.mailer.close();
          await deps.rateLimiter.close();
          await database.close();
          if (lock) releaseServerLock(lock);
        }
      })();
      return stopping;
    },
  };
}
