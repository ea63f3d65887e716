import { findEmailById, type TDbHandle } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeps } from '../context.ts';
import { createJobs, type TJobs } from '../jobs/queue.ts';
import { startScriptedSmtp, type TScriptedSmtp } from '../test/scripted-smtp.ts';
import { registerMailJobs } from './mail.jobs.ts';
import { createMailer, type TMailer } from './mailer.ts';

const silent = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

const waitFor = async (check: () => Promise<boolean>, limitMs = 20_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe(`mail through the outbox and the mail worker on ${testDriverName()}`, () => {
  let database: TDbHandle;
  let smtp: TScriptedSmtp;
  const open: { jobs: TJobs; mailer: TMailer }[] = [];

  /** A process's mail side: its own job workers and mailer on the shared database. */
  async function worker() {
    const jobs = createJobs({ database, log: silent, pollingIntervalSeconds: 0.5 });
    const mailer = createMailer({
      db: database.db,
      smtpUrl: smtp.url,
      from: 'StarLoop <t@starloop.test>',
      log: silent,
      jobs,
    });
    registerMailJobs({ jobs, mailer } as unknown as TDeps, {
      retryDelay: 1,
      retryDelayMax: 1,
      expireInSeconds: 5,
    });
    await jobs.start();
    const side = { jobs, mailer };
    open.push(side);
    return side;
  }
  const stop = async (side: { jobs: TJobs; mailer: TMailer }) => {
    await side.jobs.stop();
    side.mailer.close();
    open.splice(open.indexOf(side), 1);
  };
  const status = async (id: number) => (await findEmailById(database.db, id))?.status;

  beforeAll(async () => {
    database = await createTestDb();
    smtp = await startScriptedSmtp();
  });
  afterAll(async () => {
    for (const side of [...open]) await stop(side);
    await smtp?.close();
    await database?.close();
  });

  it('answers at once with the mail queued; the worker delivers it', async () => {
    const side = await worker();
    smtp.state.mode = 'ok';
    const result = await side.mailer.queue({
      to: 'asha@example.com',
      subject: 'Hello',
      text: 'Hi',
      category: 'test',
    });
    expect(result.status).toBe('queued');
    await waitFor(async () => (await status(result.id!)) === 'sent');
    expect(smtp.state.received).toContain('asha@example.com');
    await stop(side);
  });

  it('retries a mail the server refused for now (451) until it goes through', async () => {
    const side = await worker();
    smtp.state.mode = 'transient';
    const result = await side.mailer.queue({ to: 'ravi@example.com', subject: 'Later', text: 'Hi' });
    await waitFor(async () => smtp.state.attempts >= 2 && (await status(result.id!)) === 'failed');
    expect((await findEmailById(database.db, result.id!))?.error).toMatch(/Try again later/);
    smtp.state.mode = 'ok';
    await waitFor(async () => (await status(result.id!)) === 'sent');
    expect(smtp.state.received).toContain('ravi@example.com');
    await stop(side);
  });

  it('marks a mail refused for good (550) with the reason, and does not retry it', async () => {
    const side = await worker();
    smtp.state.mode = 'permanent';
    const before = smtp.state.attempts;
    const result = await side.mailer.queue({ to: 'nobody@example.com', subject: 'Gone', text: 'Hi' });
    await waitFor(async () => (await status(result.id!)) === 'failed');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const row = await findEmailById(database.db, result.id!);
    expect(row?.error).toMatch(/^Refused for good by the mail server: .*No such mailbox/);
    expect(row?.attempts).toBe(1);
    expect(smtp.state.attempts - before).toBe(1);
    await stop(side);
  });

  it('sends a mail that was in flight when its process stopped, after a restart', async () => {
    smtp.state.mode = 'hang';
    const first = await worker();
    const result = await first.mailer.queue({ to: 'meera@example.com', subject: 'In flight', text: 'Hi' });
    await waitFor(async () => smtp.state.mode === 'hang' && smtp.state.attempts > 0);
    // The process goes away mid-delivery: its job is handed back to the queue.
    await stop(first);
    expect(await status(result.id!)).not.toBe('sent');
    smtp.state.mode = 'ok';
    await worker();
    await waitFor(async () => (await status(result.id!)) === 'sent', 30_000);
    expect(smtp.state.received).toContain('meera@example.com');
  });
});
