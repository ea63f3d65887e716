import type { TDb, TDbHandle } from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pLimit from 'p-limit';
import { fromKysely, fromPglite, type JobResult, PgBoss, type SendOptions, type WorkOptions } from 'pg-boss';

/** Every queue the app uses; one name per kind of background work. */
export const QUEUES = {
  mailSend: 'mail-send',
  reviewReply: 'review-reply',
  reviewNotify: 'review-notify',
  reportBuild: 'report-build',
  paymentReconcile: 'payment-reconcile',
  ownerPurge: 'owner-purge',
  maintenance: 'maintenance',
  /** One review request message on one channel (domains/owner/requests/requests.jobs.ts). */
  requestSend: 'request-send',
  /** Every minute: requests and reminders whose time came get their messages queued. */
  requestDispatch: 'request-dispatch',
  googleSync: 'google-sync',
  googleReply: 'google-reply',
  /** One outbound webhook to one owner endpoint (domains/owner/integrations/webhook-delivery.worker.ts). */
  webhookDeliver: 'webhook-deliver',
  /** The payment-received (or credit note) email of one invoice, its PDF attached (domains/billing). */
  invoiceMail: 'invoice-mail',
  /** Hourly: renewal reminders due (7 days, 1 day, ended, grace closing), each once. */
  renewalReminders: 'renewal-reminders',
  /** One message to a case's customer (domains/cases/cases.jobs.ts). */
  caseMessage: 'case-message',
  /**
   * Case alerts to the team (domains/alerts): a branch's new cases (queued in the review's
   * transaction), a person's follow-up batch, and every minute the overdue cases.
   */
  caseAlert: 'case-alert',
  /** One account's data export, built into a ZIP (domains/owner/account-exports). */
  accountExport: 'account-export',
  /** One Web Push to a person's phones (domains/alerts/push.service.ts). */
  pushSend: 'push-send',
} as const;
export type TQueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface TJobHandlerContext {
  log: FastifyBaseLogger;
}

interface TRegistration {
  queue: TQueueName;
  options: WorkOptions;
  handler: (data: unknown, job: { id: string; retryCount: number }) => Promise<unknown>;
  queueOptions: Parameters<PgBoss['createQueue']>[1];
  schedule?: string;
}

/**
 * Jobs ready to run now, per queue (every queue listed, 0 when empty): read from pg-boss's own
 * table at scrape time, because its queue stats refresh once a minute and count jobs deferred to
 * later (an alert waiting for its window), which are not a backlog.
 */
export async function countQueuedJobs(db: TDb): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; n: number }>`
    SELECT name, count(*)::int AS n FROM pgboss.job
     WHERE state IN ('created', 'retry') AND start_after <= now() GROUP BY name`.execute(db);
  const counts: Record<string, number> = Object.fromEntries(Object.values(QUEUES).map((queue) => [queue, 0]));
  for (const row of rows) counts[row.name] = row.n;
  return counts;
}

export interface TJobs {
  /**
   * Queues a job. Pass `trx` to queue it inside the caller's transaction: the job then exists if and
   * only if the transaction commits. (On PGlite a second connection would wait for that transaction.)
   */
  send(
    queue: TQueueName,
    data: object,
    options?: Omit<SendOptions, 'db'> & { trx?: TDb },
  ): Promise<string | null>;
  /** Queues several jobs of one queue in one statement; with `trx`, inside the caller's transaction. */
  sendMany(
    queue: TQueueName,
    jobs: { data: object; singletonKey?: string; startAfter?: Date }[],
    options?: { trx?: TDb },
  ): Promise<void>;
  /** Declares a worker; workers start with start(). */
  register<T>(
    queue: TQueueName,
    handler: (data: T, job: { id: string; retryCount: number }) => Promise<unknown>,
    options?: {
      work?: WorkOptions;
      queue?: Parameters<PgBoss['createQueue']>[1];
      /** Cron expression (UTC) to run this queue periodically. */
      schedule?: string;
    },
  ): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
  readonly boss: PgBoss;
}

/** pg-boss connection options that put a job inside the caller's Kysely transaction. */
const jobConnection = (trx: TDb | undefined) =>
  trx ? { db: fromKysely(trx as unknown as Parameters<typeof fromKysely>[0]) } : {};

/** What a failed job attempt tells the app: logged always; `exhausted` when no retry is left. */
export interface TJobFailure {
  queue: TQueueName;
  jobId: string;
  retryCount: number;
  exhausted: boolean;
  data: unknown;
  error: unknown;
}

/** pg-boss's own default: two retries after the first attempt. */
const DEFAULT_RETRY_LIMIT = 2;

/**
 * How workers fetch: up to 10 jobs a fetch, fetching again at once while fetches come back full
 * (a burst of 1,000 reviews drains in seconds, not at one job per poll), two workers per queue on
 * PostgreSQL. Each job of a batch succeeds or fails on its own.
 */
const FETCH = { batchSize: 10, burstWhenBatchFull: true } as const;

/**
 * Jobs of one batch run side by side on PostgreSQL (each is a few short queries, mostly waiting on
 * the database): with two workers per queue, at most eight at once per queue, so reply drafting
 * keeps up with a busy review rate without taking the whole pool from requests.
 */
const JOBS_AT_ONCE_PER_BATCH = 4;

/** One pg-boss instance on the app's own database (PGlite or PostgreSQL). */
export function createJobs(options: {
  database: TDbHandle;
  log: FastifyBaseLogger;
  /** Seconds between polls for new jobs (a backstop on PostgreSQL, where new jobs wake workers). */
  pollingIntervalSeconds?: number;
  /** Told about every failed attempt (after it is logged): metrics, the dead-letter record. */
  onFailure?: (failure: TJobFailure) => Promise<void> | void;
  /**
   * False (JOB_WORKERS=off, PostgreSQL only): this instance queues jobs and runs none, nor pg-boss's
   * maintenance and schedules; instances with workers on run them. Request handling then never
   * shares its CPU and pool with a burst of follow-up jobs.
   */
  workers?: boolean;
}): TJobs {
  const { database, log } = options;
  const postgres = database.driver === 'postgres';
  const workers = options.workers !== false || !postgres;
  const boss = postgres
    ? new PgBoss({
        connectionString: database.url!,
        max: 4,
        application_name: 'starloop-jobs',
        // New jobs wake the workers through LISTEN/NOTIFY instead of waiting for the next poll.
        useListenNotify: workers,
        ...(workers ? {} : { supervise: false, schedule: false }),
      })
    : new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));

  const registrations: TRegistration[] = [];
  let started = false;
  let stopping: Promise<void> | undefined;
  const polling = options.pollingIntervalSeconds ?? 2;

  return {
    boss,
    get started() {
      return started;
    },
    async send(queue, data, sendOptions = {}) {
      const { trx, ...rest } = sendOptions;
      return boss.send(queue, data, {
        ...rest,
        ...jobConnection(trx),
      });
    },
    async sendMany(queue, jobs, sendOptions = {}) {
      if (jobs.length === 0) return;
      const { trx } = sendOptions;
      await boss.insert(queue, jobs, jobConnection(trx));
    },
    register(queue, handler, registerOptions = {}) {
      registrations.push({
        queue,
        handler: handler as TRegistration['handler'],
        options: registerOptions.work ?? {},
        queueOptions: registerOptions.queue,
        ...(registerOptions.schedule ? { schedule: registerOptions.schedule } : {}),
      });
    },
    async start() {
      if (started) return;
      await boss.start();
      for (const queue of Object.values(QUEUES)) {
        const registration = registrations.find((r) => r.queue === queue);
        await boss.createQueue(queue, {
          ...(postgres ? { notify: true } : {}),
          ...registration?.queueOptions,
        });
      }
      for (const registration of workers ? registrations : []) {
        const retryLimit = registration.queueOptions?.retryLimit ?? DEFAULT_RETRY_LIMIT;
        await boss.work(
          registration.queue,
          {
            pollingIntervalSeconds: polling,
            // NOTIFY wakes workers for new jobs only; retries and delayed jobs wait for a poll.
            notifyPollingIntervalSeconds: polling,
            ...FETCH,
            ...(postgres ? { localConcurrency: 2 } : {}),
            ...registration.options,
            perJobResults: true,
          },
          async (jobs: { id: string; retryCount: number; data: unknown }[]) => {
            const results: JobResult[] = [];
            const run = pLimit(postgres ? JOBS_AT_ONCE_PER_BATCH : 1);
            await Promise.all(
              jobs.map((job) =>
                run(async () => {
                  try {
                    await registration.handler(job.data, { id: job.id, retryCount: job.retryCount });
                    results.push({ id: job.id, status: 'completed' });
                  } catch (error) {
                    const exhausted = job.retryCount >= retryLimit;
                    log.error(
                      {
                        queue: registration.queue,
                        jobId: job.id,
                        retryCount: job.retryCount,
                        exhausted,
                        err: error,
                      },
                      exhausted ? 'job failed for good (no retries left)' : 'job failed; it will be retried',
                    );
                    try {
                      await options.onFailure?.({
                        queue: registration.queue,
                        jobId: job.id,
                        retryCount: job.retryCount,
                        exhausted,
                        data: job.data,
                        error,
                      });
                    } catch (recordError) {
                      log.error({ err: recordError, jobId: job.id }, 'job failure could not be recorded');
                    }
                    const message = error instanceof Error ? error.message : String(error);
                    results.push({ id: job.id, status: 'failed', output: { message } });
                  }
                }),
              ),
            );
            return results;
          },
        );
        if (registration.schedule) await boss.schedule(registration.queue, registration.schedule);
      }
      started = true;
      log.info(
        { workers: workers ? registrations.map((r) => r.queue) : [], driver: database.driver },
        workers ? 'job queue started' : 'job queue started without workers (JOB_WORKERS=off)',
      );
    },
    stop() {
      stopping ??= started ? boss.stop({ graceful: true, timeout: 5000 }) : Promise.resolve();
      return stopping;
    },
  };
}
