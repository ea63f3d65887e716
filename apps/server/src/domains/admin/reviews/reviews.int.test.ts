import { insertReview, type TOwnerPublic, type TReview } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCases, callProcedure, type TAuthCases } from '../../../test/admin-auth-cases.ts';
import { createTestOwner, createTestServer, type TTestServer } from '../../../test/test-server.ts';

const BASE = Date.UTC(2026, 3, 1, 10, 0, 0);
const MINUTE = 60 * 1000;

interface TReviewBody {
  id: number;
  userId: number;
  code: string;
  rating: number;
  message: string;
  createdAt: string;
  user: { businessName: string; name: string };
  [key: string]: unknown;
}

type TRow = TReview & { owner: TOwnerPublic };

/** The documented order: the sort column, then date, then id, all in the asked direction. */
function sorted(rows: TRow[], sortBy: 'createdAt' | 'rating', order: 'asc' | 'desc'): TRow[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const primary = sortBy === 'rating' ? a.rating - b.rating : 0;
    const byDate = a.createdAt.getTime() - b.createdAt.getTime();
    return sign * (primary || byDate || a.id - b.id);
  });
}

describe(`admin reviews API on ${testDriverName()}`, () => {
  let server: TTestServer;
  let auth: TAuthCases;
  const rows: TRow[] = [];
  const ids = (list: { id: number }[]) => list.map((r) => r.id);

  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers: auth.admin });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    server = await createTestServer();
    auth = await authCases(server);
    const sharma = await createTestOwner(server, {
      name: 'Ravi Sharma',
      businessName: 'Sharma Sweets',
      code: 'sharma-sweets',
    });
    const mehta = await createTestOwner(server, {
      name: 'Neha Mehta',
      businessName: 'Mehta Cafe',
      code: 'mehta-cafe',
    });
    const glow = await createTestOwner(server, {
      name: 'Imran Q',
      businessName: 'Glow Salon',
      code: 'glow-salon',
    });
    const owners = [sharma, mehta, glow];
    const ratings = [5, 4, 1, 3, 5, 2, 4, 5, 1, 3, 5, 4, 2, 5, 3, 4, 1, 5, 4, 2, 5, 3, 4, 5, 1];
    for (const [i, rating] of ratings.entries()) {
      const owner = owners[i % 3]!;
      const message =
        rating <= 2
          ? `Rude staff, visit ${i}`
          : rating === 3
            ? `Average visit ${i}`
            : i % 2
              ? ''
              : 'Loved it';
      // Two reviews share a timestamp so the id tie-break is exercised.
      const createdAt = new Date(BASE + (i === 7 ? 6 : i) * 10 * MINUTE);
      const review = await insertReview(server.deps.db, { ownerId: owner.id, rating, message, createdAt });
      rows.push({ ...review, owner });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the first page with every documented field, newest first', async () => {
    const { status, body } = await get('/api/admin/reviews/?page=1&limit=10');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['avgRating', 'meta', 'reviews', 'success', 'totalReviews']);
    expect(body.success).toBe(true);
    expect(body.totalReviews).toBe(25);
    const sum = rows.reduce((s, r) => s + r.rating, 0);
    expect(body.avgRating).toBe(Math.round((sum / 25) * 10) / 10);
    expect(body.meta).toEqual({
      total: 25,
      page: 1,
      limit: 10,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const expected = sorted(rows, 'createdAt', 'desc').slice(0, 10);
    expect(ids(body.reviews)).toEqual(ids(expected));
    const first = body.reviews[0] as TReviewBody;
    const source = expected[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'code',
        'createdAt',
        'id',
        'message',
        'rating',
        'replyStatus',
        'replyText',
        'sentimentLabel',
        'sentimentScore',
        'user',
        'userId',
      ].sort(),
    );
    expect(first).toEqual({
      id: source.id,
      userId: source.owner.id,
      code: source.owner.code,
      rating: source.rating,
      message: source.message,
      createdAt: source.createdAt.toISOString(),
      sentimentLabel: null,
      sentimentScore: null,
      replyStatus: 'none',
      replyText: null,
      user: { businessName: source.owner.businessName, name: source.owner.name },
    });
  });

  it('pages: a middle page, the last page (read from the end), and past the end', async () => {
    const all = sorted(rows, 'createdAt', 'desc');
    const middle = await get('/api/admin/reviews/?page=2&limit=10');
    expect(ids(middle.body.reviews)).toEqual(ids(all.slice(10, 20)));
    expect(middle.body.meta).toMatchObject({ page: 2, hasNextPage: true, hasPrevPage: true });
    const last = await get('/api/admin/reviews/?page=3&limit=10');
    expect(ids(last.body.reviews)).toEqual(ids(all.slice(20)));
    expect(last.body.meta).toMatchObject({ page: 3, totalPages: 3, hasNextPage: false, hasPrevPage: true });
    for (let page = 1; page <= 7; page++) {
      const res = await get(`/api/admin/reviews?page=${page}&limit=4&sortBy=rating&sortOrder=asc`);
      expect(ids(res.body.reviews), `page ${page}`).toEqual(
        ids(sorted(rows, 'rating', 'asc').slice((page - 1) * 4, page * 4)),
      );
    }
    const past = await get('/api/admin/reviews?page=4&limit=10');
    expect(past.body.reviews).toEqual([]);
    expect(past.body.meta).toMatchObject({ total: 25, page: 4, hasNextPage: false });
  });

  it('sorts by rating and by date, both directions, ties by date then id', async () => {
    for (const sortBy of ['rating', 'createdAt'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const res = await get(`/api/admin/reviews?sortBy=${sortBy}&sortOrder=${sortOrder}&limit=25`);
        expect(res.status).toBe(200);
        expect(ids(res.body.reviews), `${sortBy} ${sortOrder}`).toEqual(ids(sorted(rows, sortBy, sortOrder)));
      }
    }
    const best = await get('/api/admin/reviews?sortBy=rating&sortOrder=desc&limit=3');
    expect(best.body.reviews.map((r: TReviewBody) => r.rating)).toEqual([5, 5, 5]);
    const worst = await get('/api/admin/reviews?sortBy=rating&sortOrder=asc&limit=3');
    expect(worst.body.reviews.map((r: TReviewBody) => r.rating)).toEqual([1, 1, 1]);
    const bad = await get('/api/admin/reviews?sortBy=message');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('sortBy must be createdAt or rating');
    expect((await get('/api/admin/reviews?sortOrder=up')).body.message).toBe('sortOrder must be asc or desc');
  });

  it('searches business name, business code and message, paged and sorted', async () => {
    const sharma = rows.filter((r) => r.owner.code === 'sharma-sweets');
    const byName = await get('/api/admin/reviews?search=sharma%20SWEETS&limit=5');
    expect(byName.body.meta).toMatchObject({ total: sharma.length, totalPages: 2 });
    expect(ids(byName.body.reviews)).toEqual(ids(sorted(sharma, 'createdAt', 'desc').slice(0, 5)));
    const page2 = await get('/api/admin/reviews?search=sharma&limit=5&page=2');
    expect(ids(page2.body.reviews)).toEqual(ids(sorted(sharma, 'createdAt', 'desc').slice(5)));
    const byCode = await get('/api/admin/reviews?search=mehta-cafe&sortBy=rating&sortOrder=asc&limit=25');
    expect(ids(byCode.body.reviews)).toEqual(
      ids(
        sorted(
          rows.filter((r) => r.owner.code === 'mehta-cafe'),
          'rating',
          'asc',
        ),
      ),
    );
    const rude = rows.filter((r) => r.message.startsWith('Rude'));
    const byMessage = await get('/api/admin/reviews?search=rude&limit=25&sortOrder=asc');
    expect(ids(byMessage.body.reviews)).toEqual(ids(sorted(rude, 'createdAt', 'asc')));
    // The owner's name is not a search field here, and the platform totals do not move.
    const byOwnerName = await get('/api/admin/reviews?search=Ravi');
    expect(byOwnerName.body.reviews).toEqual([]);
    expect(byOwnerName.body.totalReviews).toBe(25);
  });

  it('answers an empty page for a search that matches nothing', async () => {
    const { status, body } = await get('/api/admin/reviews/?search=zzz-nothing');
    expect(status).toBe(200);
    expect(body.reviews).toEqual([]);
    expect(body.meta).toEqual({
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(body.totalReviews).toBe(25);
  });

  it('answers the same list over tRPC (admin.reviews.list)', async () => {
    const res = await callProcedure(
      server,
      {
        path: 'admin.reviews.list',
        kind: 'query',
        input: { page: 2, limit: 3, sortBy: 'rating', sortOrder: 'desc' },
      },
      auth.admin,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().result.data;
    expect(ids(data.reviews)).toEqual(ids(sorted(rows, 'rating', 'desc').slice(3, 6)));
    expect(data.meta).toMatchObject({ total: 25, page: 2, limit: 3 });
  });
});
