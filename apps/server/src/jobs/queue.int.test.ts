import { migrateToLatest, type TDbHandle } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, QUEUES, type TJobs } from './queue.ts';

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe(`job queue on ${testDriverName()}`, () => {
  let database: TDbHandle;
  let jobs: TJobs;
  const seen: string[] = [];

  beforeAll(async () => {
    database = await createTestDb();
    await migrateToLatest(database.db);
    jobs = createJobs({ database, log: Fastify({ logger: false }).log, pollingIntervalSeconds: 0.5 });
    jobs.register<{ text: string }>(QUEUES.maintenance, async (data) => {
      seen.push(data.text);
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('runs a queued job', async () => {
    await jobs.send(QUEUES.maintenance, { text: 'hello' });
    await waitFor(() => seen.includes('hello'));
  });

  it('queues inside a transaction: committed jobs run, rolled-back ones never exist', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await jobs.send(QUEUES.maintenance, { text: 'rolled-back' }, { trx });
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction().execute(async (trx) => {
      await jobs.send(QUEUES.maintenance, { text: 'committed' }, { trx });
    });
    await waitFor(() => seen.includes('committed'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen).not.toContain('rolled-back');
  });
});
