import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../client.ts';
import type { TReview } from '../database.ts';
import { insertTestOwner, nullOr, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import {
  countOwnerReviewsByMonth,
  findReviewById,
  getOwnerReviewStats,
  getPlatformReviewStats,
  insertReview,
  listOwnerReviews,
  type TReviewStats,
} from './reviews.ts';

const newOwner = async (handle: { db: TDb }) => (await insertTestOwner(handle.db)).id;

const expectReviewShape = (row: TReview | undefined) => {
  expect(row).toEqual({
    id: expect.any(Number),
    ownerId: expect.any(Number),
    rating: expect.any(Number),
    message: expect.any(String),
    customerContact: nullOr(row?.customerContact, expect.any(String)),
    deviceId: nullOr(row?.deviceId, expect.any(String)),
    sentimentLabel: nullOr(row?.sentimentLabel, expect.any(String)),
    sentimentScore: nullOr(row?.sentimentScore, expect.any(Number)),
    replyStatus: expect.any(String),
    replyText: nullOr(row?.replyText, expect.any(String)),
    replyError: nullOr(row?.replyError, expect.any(String)),
    replyAttempts: expect.any(Number),
    repliedAt: nullOr(row?.repliedAt, expect.any(Date)),
    followedUpAt: nullOr(row?.followedUpAt, expect.any(Date)),
    replyLock: nullOr(row?.replyLock, expect.any(String)),
    replyLockUntil: nullOr(row?.replyLockUntil, expect.any(Date)),
    ownerNotifiedAt: nullOr(row?.ownerNotifiedAt, expect.any(Date)),
    reminderSentAt: nullOr(row?.reminderSentAt, expect.any(Date)),
    placementId: nullOr(row?.placementId, expect.any(Number)),
    reviewRequestId: nullOr(row?.reviewRequestId, expect.any(Number)),
    language: nullOr(row?.language, expect.any(String)),
    createdAt: expect.any(Date),
  });
};

const expectStatsShape = (stats: TReviewStats) => {
  expect(stats).toEqual({
    reviewCount: expect.any(Number),
    ratingSum: expect.any(Number),
    averageRating: expect.any(Number),
    stars: {
      1: expect.any(Number),
      2: expect.any(Number),
      3: expect.any(Number),
      4: expect.any(Number),
      5: expect.any(Number),
    },
  });
};

const ZERO_STATS: TReviewStats = {
  reviewCount: 0,
  ratingSum: 0,
  averageRating: 0,
  stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
};

describe(`reviews repository on ${testDriverName()}`, () => {
  const handle = useTestDb();

  describe('insertReview and counters', () => {
    it('returns the row with numeric ids and Date timestamps', async () => {
      const ownerId = await newOwner(handle);
      const review = await insertReview(handle.db, {
        ownerId,
        rating: 4,
        message: 'Lovely',
        customerContact: '9999999999',
        deviceId: 'device-1',
        sentimentLabel: 'positive',
        sentimentScore: 0.75,
      });
      expectReviewShape(review);
      expect(review).toMatchObject({
        ownerId,
        rating: 4,
        message: 'Lovely',
        sentimentLabel: 'positive',
        sentimentScore: 0.75,
        replyStatus: 'none',
        replyAttempts: 0,
      });
      const found = await findReviewById(handle.db, review.id);
      expectReviewShape(found);
      expect(found).toEqual(review);
      expect(await findReviewById(handle.db, 987_654_321)).toBeUndefined();
    });

    it('keeps the page language and the contact left with the review, with its consent, in the same statement', async () => {
      const ownerId = await newOwner(handle);
      const review = await insertReview(handle.db, {
        ownerId,
        rating: 2,
        message: 'Closed at 8 pm',
        language: 'hi',
        contact: {
          phoneE164: '+919876543210',
          email: null,
          consent: true,
          consentVersion: '2026-11-28',
          language: 'hi',
        },
      });
      expect(review.language).toBe('hi');
      const contact = await handle.db
        .selectFrom('reviewContacts')
        .selectAll()
        .where('reviewId', '=', review.id)
        .executeTakeFirstOrThrow();
      expect(contact).toMatchObject({ ownerId, phoneE164: '+919876543210', consent: true, language: 'hi' });
      expect(contact.consentAt).toEqual(review.createdAt);
      const without = await insertReview(handle.db, { ownerId, rating: 5 });
      expect(without.language).toBeNull();
      expect(
        await handle.db
          .selectFrom('reviewContacts')
          .select('reviewId')
          .where('reviewId', '=', without.id)
          .execute(),
      ).toEqual([]);
    });

    it('defaults the message to an empty string', async () => {
      const ownerId = await newOwner(handle);
      const review = await insertReview(handle.db, { ownerId, rating: 3 });
      expect(review.message).toBe('');
      expect(review.sentimentScore).toBeNull();
    });

    it('bumps reviewCount, ratingSum, per-star counts and lastReviewAt', async () => {
      const ownerId = await newOwner(handle);
      expect(await getOwnerReviewStats(handle.db, ownerId)).toEqual(ZERO_STATS);
      const ratings = [5, 4, 4, 1, 2];
      let last: TReview | undefined;
      for (const rating of ratings) last = await insertReview(handle.db, { ownerId, rating });
      const stats = await getOwnerReviewStats(handle.db, ownerId);
      expectStatsShape(stats);
      expect(stats).toEqual({
        reviewCount: 5,
        ratingSum: 16,
        averageRating: 3.2,
        stars: { 1: 1, 2: 1, 3: 0, 4: 2, 5: 1 },
      });
      const raw = await handle.db
        .selectFrom('ownerReviewStats')
        .select('lastReviewAt')
        .where('ownerId', '=', ownerId)
        .executeTakeFirstOrThrow();
      expect(raw.lastReviewAt).toBeInstanceOf(Date);
      expect(raw.lastReviewAt).toEqual(last!.createdAt);
    });

    it('keeps lastReviewAt at the newest review when an older one is inserted later', async () => {
      const ownerId = await newOwner(handle);
      const newest = new Date('2026-05-02T00:00:00.000Z');
      await insertReview(handle.db, { ownerId, rating: 5, createdAt: newest });
      await insertReview(handle.db, { ownerId, rating: 4, createdAt: new Date('2026-05-01T00:00:00.000Z') });
      const raw = await handle.db
        .selectFrom('ownerReviewStats')
        .select('lastReviewAt')
        .where('ownerId', '=', ownerId)
        .executeTakeFirstOrThrow();
      const scan = await handle.db
        .selectFrom('reviews')
        .select((eb) => eb.fn.max('createdAt').as('latest'))
        .where('ownerId', '=', ownerId)
        .executeTakeFirstOrThrow();
      expect(scan.latest).toEqual(newest);
      expect(raw.lastReviewAt).toEqual(newest);
    });

    it('creates the counters row when it is missing (upsert)', async () => {
      const ownerId = await newOwner(handle);
      await handle.db.deleteFrom('ownerReviewStats').where('ownerId', '=', ownerId).execute();
      await insertReview(handle.db, { ownerId, rating: 2 });
      expect(await getOwnerReviewStats(handle.db, ownerId)).toEqual({
        reviewCount: 1,
        ratingSum: 2,
        averageRating: 2,
        stars: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 },
      });
    });

    it.each([0, 6, 2.5, -1])('rejects rating %s and leaves counters and rows unchanged', async (rating) => {
      const ownerId = await newOwner(handle);
      await insertReview(handle.db, { ownerId, rating: 5 });
      const before = await getOwnerReviewStats(handle.db, ownerId);
      await expect(insertReview(handle.db, { ownerId, rating })).rejects.toThrow(RangeError);
      expect(await getOwnerReviewStats(handle.db, ownerId)).toEqual(before);
      const rows = await handle.db
        .selectFrom('reviews')
        .select('id')
        .where('ownerId', '=', ownerId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('rolls the counters back when the database rejects the row', async () => {
      const ownerId = await newOwner(handle);
      await expect(
        insertReview(handle.db, { ownerId, rating: 3, message: 'x'.repeat(501) }),
      ).rejects.toMatchObject({
        code: '23514',
      });
      expect(await getOwnerReviewStats(handle.db, ownerId)).toEqual(ZERO_STATS);
      await expect(insertReview(handle.db, { ownerId: 987_654_321, rating: 3 })).rejects.toMatchObject({
        code: '23503',
      });
      expect(await getOwnerReviewStats(handle.db, 987_654_321)).toEqual(ZERO_STATS);
    });

    it('joins an outer transaction: a rollback leaves neither the review nor the counter change', async () => {
      const ownerId = await newOwner(handle);
      await insertReview(handle.db, { ownerId, rating: 1 });
      const before = await getOwnerReviewStats(handle.db, ownerId);
      let insertedId: number | undefined;
      await expect(
        handle.db.transaction().execute(async (trx) => {
          const review = await insertReview(trx, { ownerId, rating: 5 });
          insertedId = review.id;
          // Visible inside the transaction.
          expect((await getOwnerReviewStats(trx, ownerId)).reviewCount).toBe(2);
          expect(await findReviewById(trx, review.id)).toBeDefined();
          throw new Error('roll it back');
        }),
      ).rejects.toThrow('roll it back');
      expect(typeof insertedId).toBe('number');
      expect(await findReviewById(handle.db, insertedId!)).toBeUndefined();
      expect(await getOwnerReviewStats(handle.db, ownerId)).toEqual(before);
    });

    it('joins an outer transaction that commits', async () => {
      const ownerId = await newOwner(handle);
      const id = await handle.db.transaction().execute(async (trx) => {
        const a = await insertReview(trx, { ownerId, rating: 5 });
        await insertReview(trx, { ownerId, rating: 3 });
        return a.id;
      });
      expect(await findReviewById(handle.db, id)).toBeDefined();
      expect(await getOwnerReviewStats(handle.db, ownerId)).toMatchObject({ reviewCount: 2, ratingSum: 8 });
    });
  });

  describe('getOwnerReviewStats', () => {
    it('returns zeros (and average 0) for an owner without a counters row', async () => {
      const stats = await getOwnerReviewStats(handle.db, 987_654_321);
      expect(stats).toEqual(ZERO_STATS);
      expectStatsShape(stats);
    });

    it('computes a fractional average', async () => {
      const ownerId = await newOwner(handle);
      for (const rating of [5, 4, 4]) await insertReview(handle.db, { ownerId, rating });
      const stats = await getOwnerReviewStats(handle.db, ownerId);
      expect(stats.averageRating).toBeCloseTo(13 / 3, 10);
    });
  });

  describe('getPlatformReviewStats', () => {
    it('sums the counters across owners and agrees with a scan of the rows', async () => {
      const before = await getPlatformReviewStats(handle.db);
      expectStatsShape(before);
      const a = await newOwner(handle);
      const b = await newOwner(handle);
      await insertReview(handle.db, { ownerId: a, rating: 5 });
      await insertReview(handle.db, { ownerId: a, rating: 3 });
      await insertReview(handle.db, { ownerId: b, rating: 1 });
      const after = await getPlatformReviewStats(handle.db);
      expectStatsShape(after);
      expect(after.reviewCount - before.reviewCount).toBe(3);
      expect(after.ratingSum - before.ratingSum).toBe(9);
      expect(after.stars[5] - before.stars[5]).toBe(1);
      expect(after.stars[3] - before.stars[3]).toBe(1);
      expect(after.stars[1] - before.stars[1]).toBe(1);

      const scan = await sql<{ count: number; sum: number }>`
        select count(*) as count, coalesce(sum(rating), 0) as sum from reviews`.execute(handle.db);
      expect(after.reviewCount).toBe(Number(scan.rows[0]!.count));
      expect(after.ratingSum).toBe(Number(scan.rows[0]!.sum));
      expect(after.averageRating).toBeCloseTo(after.ratingSum / after.reviewCount, 10);
      const starTotal = [1, 2, 3, 4, 5].reduce((sum, s) => sum + after.stars[s as 1 | 2 | 3 | 4 | 5], 0);
      expect(starTotal).toBe(after.reviewCount);
    });
  });

  describe('listOwnerReviews', () => {
    let ownerId: number;
    const ids: number[] = [];
    /** The first page (10 rows) of the owner's reviews that match `term`. */
    const search = (term: string) =>
      listOwnerReviews(handle.db, ownerId, { page: 1, limit: 10, search: term });
    beforeAll(async () => {
      ownerId = await newOwner(handle);
      const other = await newOwner(handle);
      await insertReview(handle.db, { ownerId: other, rating: 5, message: 'Great service elsewhere' });
      const messages = [
        'Great Service',
        'great food',
        '100% happy',
        '100 percent fine',
        'snake_case naming',
        'snakeXcase naming',
        'back\\slash here',
      ];
      for (const [i, message] of messages.entries()) {
        const review = await insertReview(handle.db, {
          ownerId,
          rating: (i % 5) + 1,
          message,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        });
        ids.push(review.id);
      }
    });

    it('pages newest first with the total from the counters', async () => {
      const newestFirst = [...ids].reverse();
      const page1 = await listOwnerReviews(handle.db, ownerId, { page: 1, limit: 3 });
      expect(page1.total).toBe(7);
      expect(typeof page1.total).toBe('number');
      expect(page1.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 3));
      for (const row of page1.rows) expectReviewShape(row);
      const page2 = await listOwnerReviews(handle.db, ownerId, { page: 2, limit: 3 });
      expect(page2.rows.map((r) => r.id)).toEqual(newestFirst.slice(3, 6));
      expect(page2.total).toBe(7);
      const page3 = await listOwnerReviews(handle.db, ownerId, { page: 3, limit: 3 });
      expect(page3.rows.map((r) => r.id)).toEqual(newestFirst.slice(6));
      const page4 = await listOwnerReviews(handle.db, ownerId, { page: 4, limit: 3 });
      expect(page4.rows).toEqual([]);
      expect(page4.total).toBe(7);
    });

    it('breaks createdAt ties by id, newest id first', async () => {
      const tieOwner = await newOwner(handle);
      const at = new Date('2026-03-03T03:03:03.000Z');
      const first = await insertReview(handle.db, { ownerId: tieOwner, rating: 3, createdAt: at });
      const second = await insertReview(handle.db, { ownerId: tieOwner, rating: 4, createdAt: at });
      const { rows } = await listOwnerReviews(handle.db, tieOwner, { page: 1, limit: 10 });
      expect(rows.map((r) => r.id)).toEqual([second.id, first.id]);
    });

    it('searches case-insensitively by substring, with a search-specific total', async () => {
      const result = await search('GREAT');
      expect(result.rows.map((r) => r.message)).toEqual(['great food', 'Great Service']);
      expect(result.total).toBe(2);
      expect(typeof result.total).toBe('number');
      const trimmed = await search('  sErViCe ');
      expect(trimmed.rows.map((r) => r.message)).toEqual(['Great Service']);
      expect(trimmed.total).toBe(1);
    });

    it.each([
      ['%', '100%', '100% happy'],
      ['_', 'snake_case', 'snake_case naming'],
      ['a backslash', 'k\\s', 'back\\slash here'],
    ])('treats %s in the search term literally', async (_char, term, message) => {
      const result = await search(term);
      expect(result.rows.map((r) => r.message)).toEqual([message]);
      expect(result.total).toBe(1);
    });

    it('treats a lone % in the search term literally', async () => {
      const onlyPercent = await search('%');
      expect(onlyPercent.rows.map((r) => r.message)).toEqual(['100% happy']);
    });

    it('pages search results', async () => {
      const page1 = await listOwnerReviews(handle.db, ownerId, { page: 1, limit: 1, search: 'naming' });
      const page2 = await listOwnerReviews(handle.db, ownerId, { page: 2, limit: 1, search: 'naming' });
      expect(page1.total).toBe(2);
      expect(page2.total).toBe(2);
      expect(page1.rows.map((r) => r.message)).toEqual(['snakeXcase naming']);
      expect(page2.rows.map((r) => r.message)).toEqual(['snake_case naming']);
    });

    it('returns nothing for a search without matches or an owner without reviews', async () => {
      expect(await search('zzz')).toEqual({ rows: [], total: 0 });
      expect(await listOwnerReviews(handle.db, 987_654_321, { page: 1, limit: 10 })).toEqual({
        rows: [],
        total: 0,
      });
    });
  });

  describe('countOwnerReviewsByMonth', () => {
    it('counts and averages per UTC month over the last months, oldest first, empty months included', async () => {
      const ownerId = await newOwner(handle);
      const other = await newOwner(handle);
      const now = new Date('2026-11-15T12:00:00.000Z');
      const reviews: [number, string][] = [
        [5, '2026-11-01T00:00:00.000Z'],
        [2, '2026-11-14T23:59:59.000Z'],
        [4, '2026-09-30T23:59:59.000Z'],
        // 23:30 IST on 31 October: still October in UTC.
        [3, '2026-10-31T18:00:00.000Z'],
        // The first month of the window, and one just before it.
        [1, '2025-12-01T00:00:00.000Z'],
        [5, '2025-11-30T23:59:59.000Z'],
      ];
      for (const [rating, at] of reviews)
        await insertReview(handle.db, { ownerId, rating, createdAt: new Date(at) });
      await insertReview(handle.db, {
        ownerId: other,
        rating: 1,
        createdAt: new Date('2026-11-02T00:00:00Z'),
      });

      const months = await countOwnerReviewsByMonth(handle.db, ownerId, now);
      expect(months.map((m) => m.month)).toEqual([
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
        '2026-11',
      ]);
      expect(months.filter((m) => m.count > 0)).toEqual([
        { month: '2025-12', count: 1, averageRating: 1 },
        { month: '2026-09', count: 1, averageRating: 4 },
        { month: '2026-10', count: 1, averageRating: 3 },
        { month: '2026-11', count: 2, averageRating: 3.5 },
      ]);
      expect(months.find((m) => m.month === '2026-05')).toEqual({
        month: '2026-05',
        count: 0,
        averageRating: 0,
      });
      expect(await countOwnerReviewsByMonth(handle.db, ownerId, now, 3)).toHaveLength(3);
      expect((await countOwnerReviewsByMonth(handle.db, 987_654_321, now)).every((m) => m.count === 0)).toBe(
        true,
      );
    });
  });
});
