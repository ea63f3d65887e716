import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (GET /metrics). One registry per server, so tests and several
 * servers in one process never share counters. Services report events through the small methods
 * here; gauges that mirror state (queue depths, pool usage) read it when Prometheus scrapes.
 */
export interface TMetrics {
  registry: Registry;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  reviewBatch(size: number): void;
  jobFailed(queue: string): void;
  rateLimited(limit: string): void;
  email(status: 'sent' | 'failed'): void;
  payment(status: 'captured' | 'failed' | 'needs_refund'): void;
  /** Gauges read at scrape time. */
  observe(sources: TMetricSources): void;
}

export interface TMetricSources {
  reviewQueueDepth?: () => number;
  /** Jobs waiting per queue (pg-boss). */
  jobsQueued?: () => Promise<Record<string, number>>;
  dbPool?: () => { total: number; idle: number; waiting: number } | undefined;
  ready?: () => Promise<boolean>;
}

export function createMetrics(): TMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: TMetricSources = {};

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'starloop_review_writer_batch_size',
    help: 'Reviews committed per review-writer transaction',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250],
    registers: [registry],
  });
  /** A counter of events by one label. */
  const countBy = <L extends string>(name: string, help: string, label: L) =>
    new Counter<L>({ name, help, labelNames: [label], registers: [registry] });
  const jobsFailed = countBy(
    'starloop_jobs_failed_total',
    'Background job attempts that failed, by queue',
    'queue',
  );
  const rateLimited = countBy(
    'starloop_rate_limit_rejections_total',
    'Requests refused with 429, by limit',
    'limit',
  );
  const emails = countBy(
    'starloop_emails_total',
    'Emails handed to SMTP (sent) or given up on (failed)',
    'status',
  );
  const payments = countBy(
    'starloop_payments_total',
    'Payments settled by this instance, by outcome',
    'status',
  );
  new Gauge({
    name: 'starloop_review_writer_queue_depth',
    help: 'Reviews waiting for a transaction',
    registers: [registry],
    collect() {
      this.set(sources.reviewQueueDepth?.() ?? 0);
    },
  });
  new Gauge({
    name: 'starloop_jobs_queued',
    help: 'Jobs waiting to run, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const queued = await sources.jobsQueued?.().catch(() => undefined);
      for (const [queue, count] of Object.entries(queued ?? {})) this.set({ queue }, count);
    },
  });
  const pool = (
    name: string,
    help: string,
    pick: (p: { total: number; idle: number; waiting: number }) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const state = sources.dbPool?.();
        if (state) this.set(pick(state));
      },
    });
  pool('starloop_db_pool_total', 'Database connections open (PostgreSQL)', (p) => p.total);
  pool('starloop_db_pool_idle', 'Database connections idle (PostgreSQL)', (p) => p.idle);
  pool(
    'starloop_db_pool_waiting',
    'Queries waiting for a database connection (PostgreSQL)',
    (p) => p.waiting,
  );
  new Gauge({
    name: 'starloop_ready',
    help: '1 when this instance can serve (its database answers and it is not draining)',
    registers: [registry],
    async collect() {
      this.set((await sources.ready?.().catch(() => false)) ? 1 : 0);
    },
  });

  return {
    registry,
    httpRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    reviewBatch: (size) => batchSize.observe(size),
    jobFailed: (queue) => jobsFailed.inc({ queue }),
    rateLimited: (limit) => rateLimited.inc({ limit }),
    email: (status) => emails.inc({ status }),
    payment: (status) => payments.inc({ status }),
    observe(given) {
      Object.assign(sources, given);
    },
  };
}
