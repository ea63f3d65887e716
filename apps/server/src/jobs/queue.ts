import type { TDb, TDbHandle } from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import { fromKysely, fromPglite, PgBoss, type SendOptions, type WorkOptions } from 'pg-boss';

/** Every queue the app uses; one name per kind of background work. */
export const QUEUES = {
  mailSend: 'mail-send',
  reviewReply: 'review-reply',
  reviewNotify: 'review-notify',
  reportBuild: 'report-build',
  paymentReconcile: 'payment-reconcile',
  ownerPurge: 'owner-purge',
  maintenance: 'maintenance',
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
    jobs: { data: object; singletonKey?: string }[],
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

/** One pg-boss instance on the app's own database (PGlite or PostgreSQL). */
export function createJobs(options: {
  database: TDbHandle;
  log: FastifyBaseLogger;
  /** Seconds between polls for new jobs (PGlite has no LISTEN/NOTIFY through pg-boss). */
  pollingIntervalSeconds?: number;
}): TJobs {
  const { database, log } = options;
  const boss =
    database.driver === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ connectionString: database.url!, max: 4, application_name: 'starloop-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

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
        await boss.createQueue(queue, registration?.queueOptions ?? {});
      }
      for (const registration of registrations) {
        await boss.work(
          registration.queue,
          { pollingIntervalSeconds: polling, batchSize: 1, ...registration.options },
          async (jobs: { id: string; retryCount: number; data: unknown }[]) => {
            for (const job of jobs) {
              await registration.handler(job.data, { id: job.id, retryCount: job.retryCount });
            }
          },
        );
        if (registration.schedule) await boss.schedule(registration.queue, registration.schedule);
      }
      started = true;
      log.info({ workers: registrations.map((r) => r.queue), driver: database.driver }, 'job queue started');
    },
    stop() {
      stopping ??= started ? boss.stop({ graceful: true, timeout: 5000 }) : Promise.resolve();
      return stopping;
    },
  };
}
