import { getOwnerReviewStats, insertOwner, type TDbHandle, type TOwnerPublic } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TJobs } from '../../jobs/queue.ts';
import type { AppError } from '../../lib/errors.ts';
import { createReviewPageCache } from './review-page-cache.ts';
import { createReviewWriter, type TReviewWriter } from './review-writer.ts';

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
        jobs,
        log: silentLog,
        now: () => new Date(),
        reviewPageCache: createReviewPageCache(database.db, { ttlMs: 0 }),
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
        w.submit({ code: biz.code, rating, message: rating <= 3 ? 'Slow service today.' : '' }),
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
    // Professional: the 36 reviews with a message get a reply job; the 36 low ratings an alert.
    expect(sent).toEqual([
      { queue: 'review-reply', count: 36 },
      { queue: 'review-notify', count: 36 },
    ]);
  });

  it('never puts more than maxBatch reviews in one transaction', async () => {
    const biz = await owner();
    const w = writer(10);
    const spy = vi.spyOn(database.db, 'transaction');
    await Promise.all(Array.from({ length: 25 }, () => w.submit({ code: biz.code, rating: 5, message: '' })));
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
    expect(await reviewCount(biz.id)).toBe(25);
  });

  it('answers 404 and 410 per review while the rest of the batch is stored', async () => {
    const open = await owner();
    const inactive = await owner({ status: 'inactive' });
    const w = writer();
    const [stored, unknown, closed] = await Promise.allSettled([
      w.submit({ code: open.code, rating: 4, message: '' }),
      w.submit({ code: 'no-such-business', rating: 4, message: '' }),
      w.submit({ code: inactive.code, rating: 4, message: '' }),
    ]);
    expect(stored.status).toBe('fulfilled');
    expect(unknown.status === 'rejected' && (unknown.reason as AppError).status).toBe(404);
    expect(closed.status === 'rejected' && (closed.reason as AppError).status).toBe(410);
    expect(await reviewCount(open.id)).toBe(1);
    expect(await reviewCount(inactive.id)).toBe(0);
  });

  it('stores the good reviews of a batch when one of them cannot be stored', async () => {
    const biz = await owner();
    const w = writer();
    const outcomes = await Promise.allSettled([
      w.submit({ code: biz.code, rating: 5, message: '' }),
      w.submit({ code: biz.code, rating: 7, message: '' }),
      w.submit({ code: biz.code, rating: 2, message: 'Cold food.' }),
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
        Array.from({ length: 5 }, () => w.submit({ code: biz.code, rating: 1, message: 'Rude staff.' })),
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
      return w.submit({ code: biz.code, rating, message: rating <= 3 ? 'Waited too long.' : '' });
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
    const pending = Array.from({ length: 12 }, () =>
      w.submit({ code: biz.code, rating: 3, message: 'Okay.' }),
    );
    await w.drain();
    expect(await reviewCount(biz.id)).toBe(12);
    await Promise.all(pending);
    await w.drain();
  });
});
