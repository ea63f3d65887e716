import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@starloop/config';
import { findReviewById, insertOwner, insertReview, type TDbHandle, type TOwnerPublic } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeps } from '../../context.ts';
import { createJobs, QUEUES, type TJobs } from '../../jobs/queue.ts';
import { createMailer } from '../../mail/mailer.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';
import { requeueStuckReplies } from './notifications.worker.ts';
import { REPLY_QUEUE_OPTIONS } from './replies.jobs.ts';
import { queueReviewFollowUps, repliesReviewListener } from './replies.listener.ts';
import { processReplyJob, REPLY_HELD_REASON, type TReplyJob, type TReplyOutcome } from './reply.worker.ts';

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 25_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 150));
  }
};

/** An SMTP server that rejects every recipient until told to accept. */
async function startPickySmtp() {
  const state = { accept: false, received: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.accept) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        state.received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`reply jobs on ${testDriverName()}`, () => {
  let database: TDbHandle;
  let smtp: Awaited<ReturnType<typeof startPickySmtp>>;
  let deps: TDeps;
  let owner: TOwnerPublic;
  const log = Fastify({ logger: false }).log;
  const running: TJobs[] = [];
  /** Outcomes of every reply-job run, per review. */
  const outcomes: { reviewId: number; worker: string; outcome: TReplyOutcome | 'error' }[] = [];
  let hangNext: ((worker: string) => void) | undefined;
  let failNext = false;
  const workers = new Map<string, TJobs>();

  /** A pg-boss instance on the same database with the reply worker, like another server process. */
  async function startWorker(name: string): Promise<TJobs> {
    const jobs = createJobs({ database, log, pollingIntervalSeconds: 0.5 });
    jobs.register<TReplyJob>(
      QUEUES.reviewReply,
      async (data, job) => {
        try {
          const outcome = await processReplyJob(deps, data, job, {
            beforeDraft: async () => {
              if (failNext) {
                failNext = false;
                throw new Error('simulated crash while drafting');
              }
              if (hangNext) {
                const release = hangNext;
                hangNext = undefined;
                await new Promise<void>((resolve) => {
                  holdHung = resolve;
                  release(name);
                });
              }
            },
          });
          outcomes.push({ reviewId: data.reviewId, worker: name, outcome });
          return outcome;
        } catch (error) {
          outcomes.push({ reviewId: data.reviewId, worker: name, outcome: 'error' });
          throw error;
        }
      },
      // Fast retries for the test; production uses REPLY_QUEUE_OPTIONS (asserted below).
      { queue: { ...REPLY_QUEUE_OPTIONS, retryDelay: 1, retryDelayMax: 2 } },
    );
    await jobs.start();
    running.push(jobs);
    workers.set(name, jobs);
    return jobs;
  }
  let holdHung: (() => void) | undefined;

  beforeAll(async () => {
    smtp = await startPickySmtp();
    database = await createTestDb();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-replies-')),
      TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      SMTP_URL: smtp.url,
    });
    deps = {
      config,
      db: database.db,
      database,
      log,
      now: () => new Date(),
      mailer: createMailer({ db: database.db, smtpUrl: config.mail.smtpUrl, from: config.mail.from, log }),
    } as unknown as TDeps;
    deps.reviewListeners = [repliesReviewListener(deps)];
    owner = await insertOwner(database.db, {
      name: 'Owner',
      businessName: 'Dosa Corner',
      contactNumber: '9822222222',
      code: 'dosa-corner-queue',
      registrationSource: 'website',
      status: 'active',
      plan: 'professional',
    });
    // The first worker also queues the jobs, like the server process that took the review.
    deps.jobs = await startWorker('A');
  });
  afterAll(async () => {
    holdHung?.();
    for (const jobs of running) await jobs.stop().catch(() => {});
    deps?.mailer.close();
    await database?.close();
    await smtp?.close();
  });

  /** Submits a review the way the public submit service does: insert + hook in one transaction. */
  async function submit(message: string, contact: string | null = null, rating = 2): Promise<number> {
    const [row] = await database.db
      .transaction()
      .execute((trx) => storeReviews(deps, trx, [{ owner, rating, message, customerContact: contact }]));
    return row!.id;
  }

  const jobRows = async (reviewId: number) =>
    (
      await sql<{ id: string; state: string; retryCount: number; startAfter: Date }>`
        select id, state, retry_count, start_after from pgboss.job
        where name = ${QUEUES.reviewReply} and singleton_key = ${String(reviewId)}`.execute(database.db)
    ).rows;
  const drafts = (reviewId: number) =>
    outcomes.filter((o) => o.reviewId === reviewId && (o.outcome === 'drafted' || o.outcome === 'sent'));

  it('a review creates exactly one reply job, even if the hook runs twice', async () => {
    const id = await submit('Food was cold and the waiter was rude.');
    expect((await findReviewById(database.db, id))?.replyStatus).toBe('pending');
    await database.db.transaction().execute(async (trx) => {
      const row = (await findReviewById(trx, id))!;
      await queueReviewFollowUps(deps, trx, [{ review: row, owner }]);
    });
    expect(await jobRows(id)).toHaveLength(1);
    await waitFor(async () => (await findReviewById(database.db, id))?.replyStatus === 'drafted');
    expect(drafts(id)).toHaveLength(1);
    expect(await jobRows(id)).toHaveLength(1);
  });

  it('two workers on one database draft each reply exactly once', async () => {
    await startWorker('B');
    const ids: number[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(await submit(`Review ${i}: the dosa was soggy and the chutney stale.`));
    const all = [
      ...ids,
      ...(await sql<{ id: number }>`select id from reviews`.execute(database.db)).rows.map((r) =>
        Number(r.id),
      ),
    ];
    await waitFor(async () => {
      const rows = await Promise.all(all.map((id) => findReviewById(database.db, id)));
      return rows.every((r) => r?.replyStatus === 'drafted');
    });
    for (const id of new Set(all)) {
      expect(drafts(id), `review ${id}`).toHaveLength(1);
      const review = await findReviewById(database.db, id);
      expect(review?.replyText).toContain('Dosa Corner');
      expect(review?.replyText).toContain('sorry');
    }
  });

  it('concurrent deliveries of one review (duplicate jobs) produce one draft', async () => {
    const id = await database.db.transaction().execute(async (trx) => {
      const row = await insertReview(trx, { ownerId: owner.id, rating: 1, message: 'Worst service ever.' });
      await trx.updateTable('reviews').set({ replyStatus: 'pending' }).where('id', '=', row.id).execute();
      return row.id;
    });
    const results = await Promise.allSettled(
      ['dup-1', 'dup-2', 'dup-3', 'dup-4'].map((jobId) =>
        processReplyJob(deps, { reviewId: id }, { id: jobId, retryCount: 0 }),
      ),
    );
    const drafted = results.filter((r) => r.status === 'fulfilled' && r.value === 'drafted');
    expect(drafted).toHaveLength(1);
    // The others either saw the finished draft or were told to retry later; none wrote a reply.
    for (const r of results) {
      if (r.status === 'rejected') expect(String(r.reason)).toContain('another worker');
      else expect(['drafted', 'skipped']).toContain(r.value);
    }
    expect((await findReviewById(database.db, id))?.replyStatus).toBe('drafted');
  });

  it('a worker that crashes while drafting is retried and the reply is produced once', async () => {
    failNext = true;
    const id = await submit('Service was slow, bahut der lagayi.');
    await waitFor(async () => (await findReviewById(database.db, id))?.replyStatus === 'drafted');
    expect(outcomes.filter((o) => o.reviewId === id && o.outcome === 'error')).toHaveLength(1);
    expect(drafts(id)).toHaveLength(1);
    const rows = await jobRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.retryCount).toBe(1);
  });

  it('stopping a worker mid-job and starting a new process produces one reply', async () => {
    const started = new Promise<string>((resolve) => {
      hangNext = resolve;
    });
    const id = await submit('Room was dirty and AC kharab tha.');
    const hungName = await started;
    const hung = workers.get(hungName)!;
    // Shut the hanging worker down (like a deploy restart) and start a fresh process.
    await hung.stop();
    running.splice(running.indexOf(hung), 1);
    workers.delete(hungName);
    const fresh = await startWorker('D');
    if (deps.jobs === hung) deps.jobs = fresh;
    await waitFor(async () => (await findReviewById(database.db, id))?.replyStatus === 'drafted');
    const text = (await findReviewById(database.db, id))?.replyText;
    expect(drafts(id)).toHaveLength(1);
    expect(drafts(id)[0]!.worker).not.toBe(hungName);
    // The old process wakes up later: it must not write a second reply.
    holdHung?.();
    await waitFor(() => outcomes.some((o) => o.reviewId === id && o.worker === hungName));
    expect(outcomes.find((o) => o.reviewId === id && o.worker === hungName)?.outcome).toBe('skipped');
    expect((await findReviewById(database.db, id))?.replyText).toBe(text);
  });

  it('queues a lost reply job again, never doubling one that still exists', async () => {
    const id = await database.db.transaction().execute(async (trx) => {
      const row = await insertReview(trx, {
        ownerId: owner.id,
        rating: 2,
        message: 'Lost job: the coffee was cold.',
        createdAt: new Date(Date.now() - 20 * 60 * 1000),
      });
      await trx.updateTable('reviews').set({ replyStatus: 'pending' }).where('id', '=', row.id).execute();
      return row.id;
    });
    expect(await jobRows(id)).toHaveLength(0);
    const [first, second] = await Promise.all([requeueStuckReplies(deps), requeueStuckReplies(deps)]);
    expect(first + second).toBe(1);
    expect(await jobRows(id)).toHaveLength(1);
    await waitFor(async () => (await findReviewById(database.db, id))?.replyStatus === 'drafted');
    expect(drafts(id)).toHaveLength(1);
    expect(await requeueStuckReplies(deps)).toBe(0);
  });

  it('a failing SMTP server marks the reply failed with the reason, then retries with backoff', async () => {
    smtp.state.accept = false;
    const id = await submit('Bill mein galti ki.', 'Meera Nair <meera.nair@example.com>');
    await waitFor(async () => (await findReviewById(database.db, id))?.replyStatus === 'failed');
    const failed = await findReviewById(database.db, id);
    expect(failed?.replyError).toMatch(/Mailbox unavailable|550|recipients were rejected/i);
    expect(failed?.replyText).toContain('Dear Meera Nair,');
    expect(failed?.repliedAt).toBeNull();
    const [job] = await jobRows(id);
    expect(['retry', 'active']).toContain(job!.state);

    // The queue retries with exponential backoff; once the server accepts, the same reply is sent.
    smtp.state.accept = true;
    await waitFor(async () => (await findReviewById(database.db, id))?.replyStatus === 'sent');
    const sent = await findReviewById(database.db, id);
    expect(sent?.replyText).toBe(failed?.replyText);
    expect(sent?.replyError).toBeNull();
    expect(sent?.repliedAt).toBeInstanceOf(Date);
    expect(sent?.replyAttempts).toBeGreaterThanOrEqual(2);
    expect(smtp.state.received.filter((to) => to === 'meera.nair@example.com')).toHaveLength(1);
    expect(drafts(id).filter((o) => o.outcome === 'drafted')).toHaveLength(0);
  });

  it('never emails a customer who took their consent back at this business (opt-out): the draft is kept', async () => {
    const email = `stopped-${Date.now().toString(36)}@example.com`;
    await database.db
      .insertInto('contacts')
      .values({
        ownerId: owner.id,
        email,
        optedOutAt: new Date(),
        optOutSource: 'unsubscribe',
        optOutChannel: 'email',
      })
      .execute();
    const id = await submit('Bill galat tha aur khana thanda.', `Ravi <${email}>`);
    await waitFor(async () => (await findReviewById(database.db, id))?.replyError === REPLY_HELD_REASON);
    const held = await findReviewById(database.db, id);
    expect(held?.replyStatus).toBe('drafted');
    expect(held?.replyText).toContain('Dear Ravi,');
    expect(held?.replyError).toBe(REPLY_HELD_REASON);
    expect(smtp.state.received).not.toContain(email);
  });

  it('declares retries with backoff and one job per review for the reply queue', async () => {
    expect(REPLY_QUEUE_OPTIONS).toMatchObject({ policy: 'exclusive', retryBackoff: true });
    expect(REPLY_QUEUE_OPTIONS.retryLimit).toBeGreaterThanOrEqual(3);
    const queue = await running[0]!.boss.getQueue(QUEUES.reviewReply);
    expect(queue).toMatchObject({ policy: 'exclusive', retryBackoff: true });
  });
});
