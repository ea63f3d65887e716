import { migrateToLatest, type TDbHandle } from '@starloop/db';
import { createTestDb } from '@starloop/db/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, QUEUES, type TJobs } from './queue.ts';

const waitFor = async (check: () => boolean, timeoutMs = 15_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A split deployment on one database: web instances (JOB_WORKERS=off) queue, workers run. */
describe('job workers off (JOB_WORKERS=off)', () => {
  let database: TDbHandle;
  let worker: TJobs;
  let web: TJobs;
  const ranOnWorker: string[] = [];
  const ranOnWeb: string[] = [];

  beforeAll(async () => {
    database = await createTestDb();
    await migrateToLatest(database.db);
    const log = Fastify({ logger: false }).log;
    worker = createJobs({ database, log, pollingIntervalSeconds: 0.5 });
    worker.register<{ text: string }>(QUEUES.maintenance, async (data) => {
      ranOnWorker.push(data.text);
    });
    web = createJobs({ database, log, pollingIntervalSeconds: 0.5, workers: false });
    web.register<{ text: string }>(QUEUES.maintenance, async (data) => {
      ranOnWeb.push(data.text);
    });
    await worker.start();
    await web.start();
  });
  afterAll(async () => {
    await web?.stop();
    await worker?.stop();
    await database?.close();
  });

  it('queues jobs, in a transaction too, that only the instance with workers runs', async () => {
    await web.send(QUEUES.maintenance, { text: 'queued by a web instance' });
    await database.db.transaction().execute(async (trx) => {
      await web.sendMany(QUEUES.maintenance, [{ data: { text: 'queued with a review' } }], { trx });
    });
    await waitFor(() => ranOnWorker.length === 2);
    expect(ranOnWorker.sort()).toEqual(['queued by a web instance', 'queued with a review']);
    expect(ranOnWeb).toEqual([]);
  });
});
