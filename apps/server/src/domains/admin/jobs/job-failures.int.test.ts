import { recordJobFailure, type TDbHandle } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, QUEUES, type TJobs } from '../../../jobs/queue.ts';
import { createMetrics } from '../../../lib/metrics.ts';
import { adminApi } from '../../../test/admin-api.ts';
import { onJobFailure } from './jobs.service.ts';

const waitFor = async (check: () => Promise<boolean> | boolean, limitMs = 20_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe(`failed background jobs on ${testDriverName()}`, () => {
  let database: TDbHandle;
  let jobs: TJobs;
  const logged: Record<string, unknown>[] = [];
  const log = {
    info: () => {},
    warn: () => {},
    debug: () => {},
    error: (fields: Record<string, unknown>) => logged.push(fields),
  } as unknown as FastifyBaseLogger;
  const metrics = createMetrics();
  const done: number[] = [];

  beforeAll(async () => {
    database = await createTestDb();
    jobs = createJobs({
      database,
      log,
      pollingIntervalSeconds: 0.5,
      onFailure: (failure) => onJobFailure({ db: database.db, metrics }, failure),
    });
    jobs.register<{ n: number }>(
      QUEUES.maintenance,
      async ({ n }) => {
        if (n % 2 === 1) throw new Error(`job ${n} cannot be done`);
        done.push(n);
      },
      { queue: { retryLimit: 1, retryDelay: 0 } },
    );
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('logs every failed attempt with queue, job id and error, and records a job that used every retry', async () => {
    await jobs.sendMany(
      QUEUES.maintenance,
      [0, 1, 2, 3].map((n) => ({ data: { n } })),
    );
    // Jobs of one batch succeed or fail on their own: 0 and 2 are done once each.
    await waitFor(async () => {
      const rows = await database.db.selectFrom('jobFailures').select('jobId').execute();
      return rows.length === 2;
    });
    expect(done.sort()).toEqual([0, 2]);
    const failures = await database.db.selectFrom('jobFailures').selectAll().orderBy('id').execute();
    for (const failure of failures) {
      expect(failure.queue).toBe(QUEUES.maintenance);
      expect(failure.attempts).toBe(2);
      expect(failure.error).toMatch(/^job [13] cannot be done$/);
    }
    // Two attempts per failing job, each logged with what failed.
    const attempts = logged.filter((line) => line.queue === QUEUES.maintenance);
    expect(attempts).toHaveLength(4);
    for (const line of attempts) {
      expect(line.jobId).toEqual(expect.any(String));
      expect(line.err).toBeInstanceOf(Error);
    }
    expect(attempts.filter((line) => line.exhausted === true)).toHaveLength(2);
    const text = await metrics.registry.metrics();
    expect(text).toContain(`starloop_jobs_failed_total{queue="${QUEUES.maintenance}"} 4`);
  });
});

describe(`admin.jobs.failures on ${testDriverName()}`, () => {
  const api = adminApi();

  it('lists failed jobs newest first with the total, to admins only', async () => {
    for (const n of [1, 2, 3]) {
      await recordJobFailure(api.db, {
        queue: QUEUES.reportBuild,
        jobId: `job-${n}`,
        attempts: 3,
        error: `SMTP said no (${n})`,
        data: { n },
      });
    }
    // The same job recorded twice stays one row.
    await recordJobFailure(api.db, {
      queue: QUEUES.reportBuild,
      jobId: 'job-3',
      attempts: 3,
      error: 'again',
      data: null,
    });
    const res = await api.query('admin.jobs.failures', { limit: 2 });
    expect(res.statusCode).toBe(200);
    const body = res.json().result.data;
    expect(body.total).toBe(3);
    expect(body.failures.map((f: { jobId: string }) => f.jobId)).toEqual(['job-3', 'job-2']);
    expect(body.failures[0]).toMatchObject({
      queue: 'report-build',
      attempts: 3,
      error: 'SMTP said no (3)',
      data: { n: 3 },
    });
    for (const [name, headers] of Object.entries(api.auth.rejected)) {
      const refused = await api.as(headers).query('admin.jobs.failures');
      expect(refused.statusCode, name).toBe(401);
    }
  });
});
