import { getOwnerReviewStats, insertOwner, type TDbHandle, type TOwnerPublic } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TReviewListener, TReviewWriter, TWrittenReview } from '../../../context.ts';
import type { TJobs } from '../../../jobs/queue.ts';
import { AppError } from '../../../lib/errors.ts';
import { caseAlertsReviewListener } from '../../alerts/alerts.listener.ts';
import { casesReviewListener } from '../../cases/cases.listener.ts';
import { repliesReviewListener } from '../../replies/replies.listener.ts';
import { createReviewWriter } from './review-writer.service.ts';

const silentLog = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe(`review writer (group commit) on ${testDriverName()}`, () => {
  let database: TDbHandle;
  let sent: { queue: string; count: number }[];
  let failJobs = false;
  const jobs = {
    async sendMany(queue: string, list: unknown[]) {
      if (failJobs && list.length > 0) throw new Error('job queue down');
      sent.push({ queue, count: list.length });
    },
  } as unknown as TJobs;
  let seq = 0;

  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function owner(overrides: Partial<Parameters<typeof insertOwner>[1]> = {}): Promise<TOwnerPublic> {
    seq += 1;
    return insertOwner(database.db, {
      name: 'Writer Owner',
      businessName: `Writer Biz ${seq}`,
      contactNumber: `97000${String(seq).padStart(5, '0')}`,
      code: `writer-biz-${seq}`,
      registrationSource: 'website',
      status: 'active',
      plan: 'professional',
      email: `writer${seq}@example.com`,
      notifyLowRatings: true,
      dailyDigest: false,
      ...overrides,
    });
  }

  function writer(maxBatch?: number, concurrency = 1): TReviewWriter {
    sent = [];
    return createReviewWriter(
      {
        db: database.db,
        reviewListeners: [
          repliesReviewListener({ jobs }),
          casesReviewListener(),
          caseAlertsReviewListener({ jobs }),
        ],
        log: silentLog,
      },
      { ...(maxBatch === undefined ? {} : { maxBatch }), concurrency },
    );
  }

  const reviewCount = async (ownerId: number) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from reviews where owner_id = ${ownerId}`.execute(
          database.db,
        )
      ).rows[0]!.n,
    );
  const activityCount = async (ownerId: number) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from activity_events
          where owner_id = ${ownerId} and type = 'review'`.execute(database.db)
      ).rows[0]!.n,
    );

  it('stores submissions of one moment in one transaction, with counters, events and jobs', async () => {
    const biz = await owner();
    const w = writer();
    const spy = vi.spyOn(database.db, 'transaction');
    const ratings = Array.from({ length: 60 }, (_, i) => (i % 5) + 1);
    const results = await Promise.all(
      ratings.map((rating) =>
        w.submit({ owner: biz, rating, message: rating <= 3 ? 'Slow service today.' : '' }),
      ),
    );
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(new Set(results.map((r) => r.id)).size).toBe(60);
    const stats = await getOwnerReviewStats(database.db, biz.id);
    expect(stats.reviewCount).toBe(60);
    expect(stats.ratingSum).toBe(ratings.reduce((a, b) => a + b, 0));
    expect(stats.stars).toEqual({ 1: 12, 2: 12, 3: 12, 4: 12, 5: 12 });
    expect(await activityCount(biz.id)).toBe(60);
    // Professional: the 36 reviews with a message get a reply job; the 36 low ratings a case each,
    // and their branch one case alert job.
    expect(sent).toEqual([
      { queue: 'review-reply', count: 36 },
      { queue: 'case-alert', count: 1 },
    ]);
  });

  it('never puts more than maxBatch reviews in one transaction', async () => {
    const biz = await owner();
    const w = writer(10);
    const spy = vi.spyOn(database.db, 'transaction');
    await Promise.all(Array.from({ length: 25 }, () => w.submit({ owner: biz, rating: 5, message: '' })));
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
    expect(await reviewCount(biz.id)).toBe(25);
  });

  it('stores each review for the owner the review page resolved, several owners in one batch', async () => {
    // 404 and 410 are decided once, by submitReview, before a review reaches the writer
    // (review-page-api.int.test.ts); the writer trusts the owner it is handed.
    const first = await owner();
    const second = await owner();
    const w = writer();
    const spy = vi.spyOn(database.db, 'transaction');
    await Promise.all([
      w.submit({ owner: first, rating: 4, message: '' }),
      w.submit({ owner: second, rating: 2, message: 'Cold tea.' }),
      w.submit({ owner: first, rating: 5, message: '' }),
    ]);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(await reviewCount(first.id)).toBe(2);
    expect(await reviewCount(second.id)).toBe(1);
    expect((await getOwnerReviewStats(database.db, first.id)).ratingSum).toBe(9);
  });

  it('stores the good reviews of a batch when one of them cannot be stored', async () => {
    const biz = await owner();
    const w = writer();
    const outcomes = await Promise.allSettled([
      w.submit({ owner: biz, rating: 5, message: '' }),
      w.submit({ owner: biz, rating: 7, message: '' }),
      w.submit({ owner: biz, rating: 2, message: 'Cold food.' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stats = await getOwnerReviewStats(database.db, biz.id);
    expect(stats.reviewCount).toBe(2);
    expect(stats.ratingSum).toBe(7);
  });

  it('writes nothing and acknowledges nothing when the transaction cannot commit', async () => {
    const biz = await owner();
    const w = writer();
    failJobs = true;
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 5 }, () => w.submit({ owner: biz, rating: 1, message: 'Rude staff.' })),
      );
      expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    } finally {
      failJobs = false;
    }
    expect(await reviewCount(biz.id)).toBe(0);
    expect(await activityCount(biz.id)).toBe(0);
    expect((await getOwnerReviewStats(database.db, biz.id)).reviewCount).toBe(0);
  });

  it('runs transactions side by side without ever splitting one business across them', async () => {
    const businesses = await Promise.all(Array.from({ length: 8 }, () => owner()));
    const w = writer(15, 2);
    const expected = new Map<number, { n: number; sum: number }>();
    const submits = Array.from({ length: 240 }, (_, i) => {
      const biz = businesses[(i * 7) % businesses.length]!;
      const rating = (i % 5) + 1;
      const entry = expected.get(biz.id) ?? { n: 0, sum: 0 };
      expected.set(biz.id, { n: entry.n + 1, sum: entry.sum + rating });
      return w.submit({ owner: biz, rating, message: rating <= 3 ? 'Waited too long.' : '' });
    });
    const ids = (await Promise.all(submits)).map((r) => r.id);
    expect(new Set(ids).size).toBe(240);
    for (const biz of businesses) {
      const stats = await getOwnerReviewStats(database.db, biz.id);
      expect({ n: stats.reviewCount, sum: stats.ratingSum }).toEqual(expected.get(biz.id));
      expect(await reviewCount(biz.id)).toBe(expected.get(biz.id)!.n);
    }
  });

  it('drain waits for every submitted review', async () => {
    const biz = await owner();
    const w = writer(5);
    const pending = Array.from({ length: 12 }, () => w.submit({ owner: biz, rating: 3, message: 'Okay.' }));
    await w.drain();
    expect(await reviewCount(biz.id)).toBe(12);
    await Promise.all(pending);
    await w.drain();
  });

  const isUnavailable = (error: unknown) =>
    error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE' && error.status === 503;

  it('refuses with 503 (Retry-After) past its queue bound, and stores the ones it took', async () => {
    const biz = await owner();
    sent = [];
    const w = createReviewWriter(
      { db: database.db, reviewListeners: [repliesReviewListener({ jobs })], log: silentLog },
      { maxQueue: 3 },
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => w.submit({ owner: biz, rating: 5, message: '' })),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const outcome of refused) {
      const reason = (outcome as PromiseRejectedResult).reason as AppError;
      expect(isUnavailable(reason)).toBe(true);
      expect(reason.details?.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(await reviewCount(biz.id)).toBe(3);
  });

  it('answers a whole batch 503 when the database is gone, without retrying review by review', async () => {
    const biz = await owner();
    const gone = await createTestDb();
    await gone.close();
    const errors: unknown[] = [];
    const w = createReviewWriter(
      { db: gone.db, log: { ...silentLog, warn: (...args: unknown[]) => errors.push(args) } as never },
      {},
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => w.submit({ owner: biz, rating: 4, message: '' })),
    );
    expect(outcomes.every((o) => o.status === 'rejected' && isUnavailable(o.reason))).toBe(true);
    // No 'storing one by one' warning: an outage is nobody's review.
    expect(errors).toEqual([]);
    // For a moment after, new reviews are refused at once.
    await expect(w.submit({ owner: biz, rating: 4, message: '' })).rejects.toSatisfy(isUnavailable);
    await w.drain();
  });
  describe('the review-written seam', () => {
    it('runs each listener: columns before the INSERT, its writes in the transaction, then after the commit', async () => {
      const biz = await owner();
      const seen: string[] = [];
      let committed: TWrittenReview[] = [];
      const listener: TReviewListener = {
        name: 'probe',
        prepare: (review) => ({ sentimentLabel: review.rating === 1 ? 'negative' : 'positive' }),
        async written(trx, written) {
          // Inside the batch's transaction: the rows are visible to it, not yet to anyone else.
          const inside = await sql<{
            n: number;
          }>`select count(*)::int as n from reviews where owner_id = ${biz.id}`.execute(trx);
          seen.push(`written ${written.length} (rows seen inside: ${inside.rows[0]!.n})`);
        },
        async committed(written) {
          committed = written;
          seen.push(`committed ${written.length}`);
        },
      };
      const w = createReviewWriter({ db: database.db, log: silentLog, reviewListeners: [listener] });
      const [a, b] = await Promise.all([
        w.submit({ owner: biz, rating: 1, message: '' }),
        w.submit({ owner: biz, rating: 5, message: '' }),
      ]);
      await w.drain();
      expect(seen).toEqual(['written 2 (rows seen inside: 2)', 'committed 2']);
      expect(committed.map(({ review, owner: o }) => [review.id, o.id])).toEqual([
        [a!.id, biz.id],
        [b!.id, biz.id],
      ]);
      const labels = await sql<{ id: number; sentimentLabel: string }>`
        select id, sentiment_label from reviews where owner_id = ${biz.id} order by id`.execute(database.db);
      expect(labels.rows.map((row) => row.sentimentLabel)).toEqual(['negative', 'positive']);
    });

    it('a listener that fails in the transaction fails its review too: nothing is half-written', async () => {
      const biz = await owner();
      const listener: TReviewListener = {
        name: 'refuses',
        async written() {
          throw new Error('listener broke');
        },
      };
      const w = createReviewWriter({ db: database.db, log: silentLog, reviewListeners: [listener] });
      await expect(w.submit({ owner: biz, rating: 2, message: 'Cold tea.' })).rejects.toThrow(
        'listener broke',
      );
      expect(await reviewCount(biz.id)).toBe(0);
      expect(await activityCount(biz.id)).toBe(0);
    });

    it('a listener that fails after the commit is logged; the review is stored and acknowledged', async () => {
      const biz = await owner();
      const logged: unknown[] = [];
      const listener: TReviewListener = {
        name: 'after-commit',
        committed: async () => {
          throw new Error('webhook store down');
        },
      };
      const w = createReviewWriter({
        db: database.db,
        log: { ...silentLog, error: (...args: unknown[]) => logged.push(args) } as never,
        reviewListeners: [listener],
      });
      await expect(w.submit({ owner: biz, rating: 4, message: '' })).resolves.toHaveProperty('id');
      await vi.waitFor(() => expect(logged).toHaveLength(1));
      expect(JSON.stringify(logged[0])).toContain('after-commit');
      expect(await reviewCount(biz.id)).toBe(1);
    });
  });
});
