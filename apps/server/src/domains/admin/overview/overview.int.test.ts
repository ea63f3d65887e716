import {
  countOwners,
  getPlatformReviewStats,
  insertManualPayment,
  insertPayment,
  insertReview,
  recordActivity,
  softDeleteOwner,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { adminListContract } from '../../../test/admin-list-contract.ts';
import { createTestOwner } from '../../../test/test-server.ts';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** 'YYYY-MM' of the month `back` months before now (UTC). */
function monthLabel(back: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
/** The 10th of the month `back` months ago, noon UTC. */
const inMonth = (back: number, now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12));

describe(`admin overview API on ${testDriverName()}`, () => {
  const api = adminApi();
  const ratings = [5, 5, 4, 3, 1, 2, 5, 4];

  beforeAll(async () => {
    const { server, db } = api;
    const web = await createTestOwner(server, { businessName: 'Sharma Sweets', code: 'sharma-sweets' });
    const manual = await createTestOwner(server, {
      businessName: 'Glow Salon',
      code: 'glow-salon',
      registrationSource: 'manual',
      status: 'pending',
    });
    const gone = await createTestOwner(server, { businessName: 'Gone Dhaba', code: 'gone-dhaba' });
    for (const [i, rating] of ratings.entries()) {
      // Spread over this month, 2 months ago and (the last one) 13 months ago, outside the chart.
      const back = i === ratings.length - 1 ? 13 : i % 2 ? 2 : 0;
      await insertReview(db, { ownerId: i % 3 ? web.id : manual.id, rating, createdAt: inMonth(back) });
    }
    await insertReview(db, { ownerId: gone.id, rating: 1, createdAt: inMonth(1) });
    await softDeleteOwner(db, gone.id);
    const payment = (status: 'captured' | 'pending' | 'failed', amount: number, back: number, n: number) =>
      insertPayment(db, {
        ownerId: web.id,
        plan: 'essential',
        purpose: 'renewal',
        provider: 'razorpay',
        amount,
        status,
        razorpayOrderId: `order_overview_${n}`,
        capturedAt: status === 'captured' ? inMonth(back) : null,
        createdAt: inMonth(back),
      });
    await payment('captured', 199900, 0, 1);
    await payment('captured', 299950, 3, 2);
    await payment('pending', 199900, 0, 3);
    await payment('failed', 199900, 0, 4);
    await insertManualPayment(db, { amount: 24000, paymentMethod: 'cash' }, [manual.id]);
    await insertManualPayment(db, { amount: 12000, paymentMethod: 'bank_transfer' }, [manual.id]);
  });

  it('GET /api/admin/stats/ answers the stat cards from the counters; revenue in rupees', async () => {
    const res = await api.send('GET', '/api/admin/stats/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['stats', 'success']);
    expect(body.success).toBe(true);
    const { stats } = body;
    expect(Object.keys(stats).sort()).toEqual(
      [
        'averageRating',
        'highRatingCount',
        'lowRatingCount',
        'manualOnboardedUsers',
        'revenue',
        'totalReviews',
        'totalUsers',
        'users',
      ].sort(),
    );
    const all = [...ratings, 1];
    expect(stats.totalReviews).toBe(all.length);
    expect(stats.averageRating).toBe(Math.round((all.reduce((a, b) => a + b, 0) / all.length) * 10) / 10);
    expect(stats.lowRatingCount).toBe(all.filter((r) => r <= 3).length);
    expect(stats.highRatingCount).toBe(all.filter((r) => r >= 4).length);
    expect(stats.revenue).toEqual({ razorpay: 4998.5, manual: 36000, total: 40998.5 });
    // authCases' owner, Sharma Sweets, Glow Salon; Gone Dhaba is deleted.
    expect(stats.totalUsers).toBe(3);
    expect(stats.manualOnboardedUsers).toBe(1);
    expect(stats.users).toEqual(await countOwners(api.db, new Date()));
    expect(stats.users).toMatchObject({
      total: 3,
      active: 2,
      pending: 1,
      deleted: 1,
      withReviews: 2,
      newThisMonth: 3,
    });
    const reviewStats = await getPlatformReviewStats(api.db);
    expect(stats.totalReviews).toBe(reviewStats.reviewCount);
  });

  it('admin.overview.stats adds 12 months of revenue (rupees) and review counts, oldest first', async () => {
    const res = await api.query('admin.overview.stats');
    expect(res.statusCode).toBe(200);
    const data = res.json().result.data;
    expect(data.success).toBe(true);
    expect(data.stats.totalReviews).toBe(ratings.length + 1);
    const { revenueByMonth, reviewsByMonth } = data.charts as {
      revenueByMonth: { month: string; razorpay: number; manual: number }[];
      reviewsByMonth: { month: string; count: number }[];
    };
    expect(revenueByMonth).toHaveLength(12);
    expect(reviewsByMonth).toHaveLength(12);
    expect(reviewsByMonth.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => monthLabel(11 - i)),
    );
    const at = <T extends { month: string }>(list: T[], back: number) =>
      list.find((m) => m.month === monthLabel(back))!;
    const countBack = (back: number) =>
      ratings.filter((_, i) => (i === ratings.length - 1 ? 13 : i % 2 ? 2 : 0) === back).length;
    expect(at(reviewsByMonth, 0).count).toBe(countBack(0));
    expect(at(reviewsByMonth, 2).count).toBe(countBack(2));
    // A deleted owner's review still counts towards the platform's history.
    expect(at(reviewsByMonth, 1).count).toBe(1);
    expect(reviewsByMonth.reduce((s, m) => s + m.count, 0)).toBe(ratings.length);
    expect(at(revenueByMonth, 0)).toEqual({ month: monthLabel(0), razorpay: 1999, manual: 36000 });
    expect(at(revenueByMonth, 3)).toEqual({ month: monthLabel(3), razorpay: 2999.5, manual: 0 });
    expect(at(revenueByMonth, 5)).toEqual({ month: monthLabel(5), razorpay: 0, manual: 0 });
  });

  describe('GET /api/admin/activity/', () => {
    beforeAll(async () => {
      for (let i = 0; i < 14; i++) {
        await recordActivity(api.db, {
          type: i % 2 ? 'payment' : 'user',
          message: `Event ${i}`,
          code: i % 3 ? `biz-${i}` : null,
        });
      }
    });

    adminListContract({
      rest: '/api/admin/activity',
      trpc: 'admin.overview.activity',
      rowsKey: 'activities',
      context: api.context,
      // Every recorded event, newest first (ties by id); a row is told by all its fields.
      rows: async () =>
        (
          await api.db
            .selectFrom('activityEvents')
            .select(['type', 'message', 'code', 'createdAt'])
            .orderBy('createdAt', 'desc')
            .orderBy('id', 'desc')
            .execute()
        ).map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
      id: (a) => a,
      pageSizes: [4, 3],
    });

    it('answers {success, activities, meta} with the documented fields, newest first', async () => {
      const res = await api.send('GET', '/api/admin/activity/');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['activities', 'meta', 'success']);
      expect(body.activities).toHaveLength(10);
      expect(Object.keys(body.activities[0]).sort()).toEqual(['code', 'createdAt', 'message', 'type']);
      expect(body.activities[0]).toMatchObject({ type: 'payment', message: 'Event 13', code: 'biz-13' });
      for (const a of body.activities) expect(a.createdAt).toMatch(ISO);
    });
  });
});
