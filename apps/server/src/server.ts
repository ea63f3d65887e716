import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { TConfig } from '@starloop/config';
import { createDb, migrateToLatest, type TDbHandle } from '@starloop/db';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { createTokenService } from './auth/tokens.ts';
import type { TDeps } from './context.ts';
import { onJobFailure } from './domains/admin/jobs/jobs.service.ts';
import { caseAlertsReviewListener } from './domains/alerts/alerts.listener.ts';
import { cachedSubscriberLoader } from './domains/cases/case-webhook.events.ts';
import { cachedTargetLoader, casesReviewListener } from './domains/cases/cases.listener.ts';
import { outboundWebhooksReviewListener } from './domains/owner/integrations/webhooks.listener.ts';
import { ownerPageSessionRoutes } from './domains/owner/page/owner-page.routes.ts';
import { ownerPageDrawing } from './domains/owner/page/owner-page-drawing.ts';
import type { TOwnerPageRenderer } from './domains/owner/page/owner-page-renderer.ts';
import { onRequestMailOutcome } from './domains/owner/requests/delivery-events.service.ts';
import { myDataPageRoutes } from './domains/public/my-data/my-data-page.route.ts';
import { shortLinkRoutes } from './domains/public/requests/short-link.route.ts';
import { createPageViewCounter } from './domains/public/review/page-views.service.ts';
import { createReviewPageCache } from './domains/public/review/review-page.cache.ts';
import { reviewPageRoutes } from './domains/public/review/review-page.route.ts';
import { createReviewWriter } from './domains/public/review/review-writer.service.ts';
import { repliesReviewListener } from './domains/replies/replies.listener.ts';
import { isDatabaseReady } from './domains/system/system.service.ts';
import { internalCliRoutes } from './internal/cli.routes.ts';
import { countQueuedJobs, createJobs } from './jobs/queue.ts';
import { registerJobs } from './jobs/register.ts';
import { createChangeBus } from './lib/change-bus.ts';
import { createMetrics } from './lib/metrics.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { releaseServerLock, type TServerLock, takeServerLock } from './lib/server-lock.ts';
import { createMailer } from './mail/mailer.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { metricsRoute } from './plugins/metrics-route.ts';
import { securityPlugin } from './plugins/security.ts';
import { trpcTransport } from './plugins/trpc-transport.ts';
import { webPlugin } from './plugins/web.ts';
import { restApi } from './rest/index.ts';

/** The answer to a URL that is not valid percent-encoding. */
export const BAD_URL_MESSAGE = 'This address is not valid.';

/** A review batch waits at most this long for a lock before its reviews are answered 503. */
const REVIEW_LOCK_TIMEOUT_MS = 5_000;

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
  /** Other points or windows for some rate limits (tests). */
  rateLimits?: NonNullable<Parameters<typeof createRateLimiter>[0]>['limits'];
}

export interface TStarLoopServer {
  app: FastifyInstance;
  deps: TDeps;
  /** Listens on config host/port; resolves with the bound address. */
  start(): Promise<string>;
  /**
   * Drains: /readyz turns 503, new connections are refused, every answer says `Connection: close`
   * so keep-alive cannot hold the shutdown, in-flight requests finish, the review writer flushes,
   * running jobs finish (or go back to the queue), then the database closes. Safe to call twice.
   */
  stop(): Promise<void>;
  /** True once stop() has begun. */
  readonly draining: boolean;
  /** The drawing of /dashboard, when the web build has its worker. */
  ownerPage: TOwnerPageRenderer | undefined;
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
            // JSON lines for log collectors; LOG_FORMAT=pretty for a person at a terminal.
            ...(config.logFormat === 'pretty'
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Only the proxies TRUST_PROXY names are believed; otherwise X-Forwarded-For is ignored, so a
    // client cannot become a new address for every per-address limit by sending the header.
    trustProxy: config.trustProxy,
    requestTimeout: config.limits.requestTimeoutMs,
    connectionTimeout: config.limits.requestTimeoutMs,
    // One line per request (below) instead of Fastify's two: the review page's hot routes log half.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // maxParamLength: a tRPC batch names its procedures in one path segment (up to 10 of them).
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 600 },
    forceCloseConnections: 'idle',
    // A URL the router cannot decode (`/api/admin/users/%ff`) is refused before any route or hook
    // runs: answered here in the one error shape, with its request id, like every other 400.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'request refused by the router');
      void (reply as FastifyReply)
        .header('x-request-id', request.id)
        .status(400)
        .send({ success: false, message: BAD_URL_MESSAGE, requestId: String(request.id) });
    },
    // Start-up migrates the database (and may wait for another instance's migration under the
    // advisory lock): a first start on a slow or busy machine takes longer than Fastify's 10 s.
    pluginTimeout: 5 * 60_000,
  });

  let draining = false;

  const database =
    options.database ??
    createDb({
      url: config.database.url,
      dataDir: config.dataDir,
      poolSize: config.limits.databasePoolMax,
      connectTimeoutMs: config.limits.databaseConnectTimeoutMs,
      statementTimeoutMs: config.limits.databaseStatementTimeoutMs,
      onPoolError: (err) => app.log.error({ err }, 'database connection error (absorbed by the pool)'),
    });
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const changeBus = createChangeBus(database, app.log);
  const reviewPageCache = createReviewPageCache(db, {
    bus: changeBus,
    ...(options.reviewPageCacheMs === undefined ? {} : { ttlMs: options.reviewPageCacheMs }),
  });
  const jobs = createJobs({
    database,
    log: app.log,
    pollingIntervalSeconds: options.jobPollingSeconds,
    onFailure: (failure) => onJobFailure(deps, failure),
    workers: config.jobWorkers,
  });
  const metrics = createMetrics();
  // What reacts to a new review: one listener each, run by the review writer in this order.
  const reviewListeners = [
    repliesReviewListener({ jobs }),
    // After the replies listener: a 4-5 star case reads the sentiment it decided.
    casesReviewListener(cachedTargetLoader(), {
      deps: { db, jobs, log: app.log, now },
      loadSubscribers: cachedSubscriberLoader(),
    }),
    // After the cases listener: the alerts of the cases it opened, queued in the same transaction.
    caseAlertsReviewListener({ jobs }),
    outboundWebhooksReviewListener({ db, jobs, log: app.log, now }),
  ];
  const deps: TDeps = {
    config,
    db,
    database,
    log: app.log,
    now,
    tokens: createTokenService(db, config.tokenSecret, now),
    mailer: createMailer({
      db,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      log: app.log,
      jobs,
      onResult: (status) => metrics.email(status),
      // A review request mail's outcome moves its delivery (delivered or failed).
      onOutcome: (mail, outcome, error) => onRequestMailOutcome(deps, mail, outcome, error),
    }),
    rateLimiter: createRateLimiter({
      redisUrl: config.redisUrl,
      pgPool: database.pgPool,
      enabled: config.rateLimitsEnabled,
      limits: { reviewPerBusiness: { points: config.reviews.perBusinessPerHour }, ...options.rateLimits },
      onReject: (name) => metrics.rateLimited(name),
    }),
    jobs,
    reviewPageCache,
    pageViews: createPageViewCounter({ db, log: app.log }),
    metrics,
    reviewListeners,
    reviewWriter: createReviewWriter(
      { db, log: app.log, reviewListeners },
      {
        concurrency: database.driver === 'pglite' ? 1 : 2,
        maxQueue: config.reviews.writerQueueMax,
        onBatch: (size) => metrics.reviewBatch(size),
        ...(database.driver === 'postgres' ? { lockTimeoutMs: REVIEW_LOCK_TIMEOUT_MS } : {}),
      },
    ),
  };
  if (!config.rateLimitsEnabled) app.log.warn('rate limits are OFF (RATE_LIMITS=off): for benchmarks only');
  if (config.env === 'production' && !config.razorpay.enabled) {
    app.log.warn(
      'PAYMENTS_TEST_MODE=on: registrations are paid through the built-in test gateway, not Razorpay',
    );
  }
  registerJobs(deps);

  app.addHook('onRequest', (request, reply, next) => {
    reply.header('x-request-id', request.id);
    next();
  });
  // While draining, every answer closes its connection: an idle keep-alive socket would hold
  // app.close() until the client gave up on it.
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (draining) reply.header('connection', 'close');
    next(null, payload);
  });
  app.addHook('onResponse', (request, reply, next) => {
    // The route pattern, never the URL: a query string or a path segment can carry a secret.
    const route = request.routeOptions.url ?? '(no route)';
    request.log.info(
      {
        method: request.method,
        route,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    next();
  });

  // Migrations run before the first request is served, on both drivers.
  app.addHook('onReady', async () => {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) app.log.info({ applied }, 'database migrated');
    if (options.jobs !== false) await deps.jobs.start();
    // Listening for other instances' changes before serving; a database without LISTEN support
    // (a transaction-mode pooler) must not hold the start: caches then rely on their expiry.
    await Promise.race([changeBus.ready(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
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
  metrics.observe({
    reviewQueueDepth: () => deps.reviewWriter.waiting(),
    jobsQueued: async () => (jobs.started ? countQueuedJobs(db) : {}),
    dbPool: () => database.poolState(),
    ready: async () => !draining && (await isDatabaseReady(deps)),
  });
  await app.register(metricsRoute, { metrics, token: config.metricsToken });
  app.get('/readyz', async (_request, reply) => {
    if (draining) return reply.status(503).send({ status: 'draining', database: false });
    const ready = await isDatabaseReady(deps);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database: ready });
  });

  await app.register(trpcTransport, { deps });
  await app.register(restApi, { prefix: '/api', deps });
  await app.register(internalCliRoutes, { deps });
  const webDistDir = options.webDistDir ?? DEFAULT_WEB_DIST;
  // The customer review page, rendered here (the web app's /review route is only its fallback).
  await app.register(reviewPageRoutes, {
    deps,
    distDir: webDistDir,
    ...(options.reviewPageCacheMs === undefined ? {} : { cacheMs: options.reviewPageCacheMs }),
  });
  // A review request's short link, /r/{token}: a redirect to the review page.
  await app.register(shortLinkRoutes, { deps });
  await app.register(myDataPageRoutes, { deps });
  const ownerPage = ownerPageDrawing(app, webDistDir);
  await app.register(ownerPageSessionRoutes, { deps, ownerPage });
  await app.register(webPlugin, { distDir: webDistDir, deps, ownerPage });

  let lock: TServerLock | undefined;
  let stopping: Promise<void> | undefined;

  return {
    app,
    deps,
    ownerPage,
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
    get draining() {
      return draining;
    },
    stop() {
      draining = true;
      stopping ??= (async () => {
        try {
          await app.close();
          await deps.reviewWriter.drain();
          await deps.pageViews.close();
          await deps.jobs.stop();
        } finally {
          deps.mailer.close();
          await changeBus.close();
          await deps.rateLimiter.close();
          await database.close();
          if (lock) releaseServerLock(lock);
        }
      })();
      return stopping;
    },
  };
}
