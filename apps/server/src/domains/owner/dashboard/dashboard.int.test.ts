import { insertReview } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';

describe(`owner dashboard on ${testDriverName()}`, () => {
  let server: TTestServer;
  let owner: Awaited<ReturnType<typeof createTestOwner>>;
  let auth: Record<string, string>;
  const now = new Date();

  beforeAll(async () => {
    server = await createTestServer();
    owner = await createTestOwner(server);
    auth = { authorization: `Bearer ${(await issueOwnerToken(server, owner.id)).token}` };
    const ratings = [5, 5, 5, 4, 3, 2, 1, 5, 4, 5, 5, 3];
    for (const [i, rating] of ratings.entries()) {
      await insertReview(server.deps.db, {
        ownerId: owner.id,
        rating,
        message: i === 3 ? 'Great COFFEE 100% recommended' : `review number ${i}`,
        createdAt: new Date(now.getTime() - i * 60_000),
      });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const trpc = async (path: string, input?: unknown, headers = auth) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return server.app.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers });
  };
  const mutate = (path: string, input: unknown, headers = auth) =>
    server.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });

  it('serves the cards and a 12-month chart from the counters', async () => {
    const res = await trpc('owner.dashboard.stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json().result.data;
    expect(stats.totalReviews).toBe(12);
    expect(stats.averageRating).toBe(3.9); // 47 / 12 = 3.92
    expect(stats.fiveStarCount).toBe(6);
    expect(stats.fiveStarPercent).toBe(50);
    expect(stats.stars).toEqual({ 1: 1, 2: 1, 3: 2, 4: 2, 5: 6 });
    expect(stats.monthly).toHaveLength(12);
    expect(stats.monthly.at(-1).count).toBe(12);
    expect(stats.monthly.at(-1).month).toBe(
      `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
    );
  });

  it('pages reviews on the server, newest first, 5 a page', async () => {
    const first = (await trpc('owner.dashboard.reviews', { page: 1, limit: 5 })).json().result.data;
    expect(first.reviews.map((r: { message: string }) => r.message)[0]).toBe('review number 0');
    expect(first.meta).toEqual({
      total: 12,
      page: 1,
      limit: 5,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const last = (await trpc('owner.dashboard.reviews', { page: 3, limit: 5 })).json().result.data;
    expect(last.reviews).toHaveLength(2);
    expect(last.meta.hasNextPage).toBe(false);
  });

  it('searches case-insensitively, treating % literally', async () => {
    const found = (await trpc('owner.dashboard.reviews', { page: 1, limit: 5, search: 'coffee 100%' })).json()
      .result.data;
    expect(found.meta.total).toBe(1);
    expect(found.reviews[0].rating).toBe(4);
    const none = (await trpc('owner.dashboard.reviews', { page: 1, limit: 5, search: '%%' })).json().result
      .data;
    expect(none.meta.total).toBe(0);
    expect(none.reviews).toEqual([]);
  });

  it("never shows another owner's review", async () => {
    const other = await createTestOwner(server);
    const review = await insertReview(server.deps.db, { ownerId: other.id, rating: 1, message: 'secret' });
    const res = await trpc('owner.dashboard.review', { id: review.id });
    expect(res.statusCode).toBe(404);
    const list = (await trpc('owner.dashboard.reviews', { page: 1, limit: 50 })).json().result.data;
    expect(list.reviews.some((r: { message: string }) => r.message === 'secret')).toBe(false);
  });

  it('answers GET /api/users/stats in the spec shape', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/users/stats', headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalReviews).toBe(12);
    expect(body.averageRating).toBe(3.9);
    expect(body.reviews).toHaveLength(12);
    expect(Object.keys(body.reviews[0])).toEqual(
      expect.arrayContaining(['id', 'rating', 'message', 'createdAt']),
    );
    expect((await server.app.inject({ method: 'GET', url: '/api/users/stats' })).statusCode).toBe(401);
  });

  it('changes the review flow, which the review page then shows', async () => {
    const res = await mutate('owner.settings.update', { reviewFlow: 'open' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({
      reviewFlow: 'open',
      notifyLowRatings: true,
      dailyDigest: false,
      reviewPageLanguage: null,
      casesForNegativeHighRatings: false,
    });
    const page = await server.app.inject({ method: 'GET', url: `/api/users/review-link/${owner.code}` });
    expect(page.json().reviewFlow).toBe('open');
    expect((await mutate('owner.settings.update', { reviewFlow: 'everyone' })).statusCode).toBe(400);
  });

  it('changes the password only with the current one, signing out other devices', async () => {
    const other = await issueOwnerToken(server, owner.id);
    const wrong = await mutate('owner.settings.changePassword', {
      currentPassword: 'nope',
      newPassword: 'brand-new-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Your current password is not correct');
    const ok = await mutate('owner.settings.changePassword', {
      currentPassword: owner.password,
      newPassword: 'brand-new-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(await server.deps.tokens.verify('owner', other.token)).toBeUndefined();
    expect((await trpc('owner.me')).statusCode).toBe(200);
  });
});
