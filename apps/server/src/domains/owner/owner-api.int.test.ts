import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@starloop/config';
import { ERROR_TEXTS, MESSAGES, REVIEW_FLOWS, REVIEW_PAGE_LANGUAGES } from '@starloop/contract';
import { insertReview } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../auth/tokens.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../lib/rate-limit.ts';
import { routeRegistry } from '../../rest/define-route.ts';
import { createServer } from '../../server.ts';
import { callProcedure, type TProcedureCall } from '../../test/admin-auth-cases.ts';
import { addressSequence, expectRestError, ownerSessions, postJson } from '../../test/client-kit.ts';
import { bearer } from '../../test/requests-kit.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  fixtureWebDist,
  issueOwnerToken,
  type TTestServer,
} from '../../test/test-server.ts';
import { appRouter } from '../../trpc/router.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Every request from its own address unless a test says otherwise. */
const freshIp = addressSequence('10.50');
let phoneCounter = 0;
/** A well-formed number no test owner has (createTestOwner numbers start with 90000). */
const unknownPhone = () => {
  phoneCounter += 1;
  return `82${String(10_000_000 + phoneCounter).slice(-8)}`;
};

const expectTrpcError = (res: LightMyRequestResponse, status: number, code: string, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json().error.data.code).toBe(code);
  if (message !== undefined) expect(res.json().error.message).toBe(message);
};

/** Every owner.* procedure except sign-in, with an input it would accept, read from the router itself. */
function ownerProcedureCalls(reviewId: number): TProcedureCall[] {
  const inputs: Record<string, unknown> = {
    'owner.dashboard.reviews': { page: 1, limit: 5 },
    'owner.dashboard.review': { id: reviewId },
    'owner.settings.update': { reviewFlow: 'open', dailyDigest: true },
    'owner.settings.changePassword': { currentPassword: 'owner-pass', newPassword: 'hijacked-1' },
    'owner.templates.update': { sentiment: 'positive', template: 'Hacked {name}' },
    'owner.templates.reset': { sentiment: 'positive' },
    'owner.templates.preview': { sentiment: 'positive', template: 'Hi' },
    'owner.plan.createOrder': { plan: 'professional' },
    'owner.placements.create': { name: 'Hijacked table' },
    'owner.placements.rename': { id: 1, name: 'Hijacked table' },
    'owner.placements.delete': { id: 1 },
    'owner.placements.stats': {},
    'owner.requests.listContacts': { page: 1, limit: 10 },
    'owner.requests.addContact': { phone: '9876543210', consent: true },
    'owner.requests.optOutContact': { id: 1 },
    'owner.requests.contactHistory': { id: 1 },
    'owner.requests.commitImport': { importId: 1 },
    'owner.requests.send': { contactId: 1 },
    'owner.requests.listCampaigns': { page: 1, limit: 10 },
    'owner.requests.createCampaign': { name: 'Hijacked', contactIds: [1] },
    'owner.requests.getCampaign': { id: 1 },
    'owner.requests.cancelCampaign': { id: 1 },
    'owner.requests.updateSettings': { intervalDays: 30 },
  };
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return Object.entries(procedures)
    .filter(([name]) => name.startsWith('owner.') && name !== 'owner.login')
    .map(([name, procedure]) => ({
      path: name,
      kind: procedure._def.type === 'query' ? ('query' as const) : ('mutation' as const),
      ...(name in inputs ? { input: inputs[name] } : {}),
    }));
}

describe(`owner API on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const login = (body: unknown, ip = freshIp()) =>
    postJson(server, '/api/users/login', body, ip, { 'user-agent': 'owner-api-test' });
  const rest = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
  ) => server.app.inject({ method, url, headers });
  const trpc = (path: string, headers: Record<string, string>, input?: unknown) =>
    callProcedure(server, { path, kind: 'query', input }, headers);
  const trpcMutate = (path: string, headers: Record<string, string>, input?: unknown) =>
    callProcedure(server, { path, kind: 'mutation', input }, headers);
  const submitReview = async (body: Record<string, unknown>) => {
    const res = await postJson(server, '/api/reviews/', body, freshIp());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const authFor = async (ownerId: number) => bearer((await issueOwnerToken(server, ownerId)).token);

  describe('POST /api/users/login', () => {
    it('signs an owner in: token, profile and the welcome message', async () => {
      const owner = await createTestOwner(server, { password: 'right-pass-1' });
      const res = await login({ contactNumber: owner.contactNumber, password: 'right-pass-1' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['message', 'token', 'user']);
      expect(body.message).toBe(ERROR_TEXTS.ownerLoginSuccess);
      expect(body.user).toMatchObject({ id: owner.id, code: owner.code, contactNumber: owner.contactNumber });
      expect(body.user).not.toHaveProperty('passwordHash');
      const me = await rest('GET', '/api/users/me', bearer(body.token));
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toEqual(body.user);
      const session = (await ownerSessions(server, owner.id))[0]!;
      expect(session.userAgent).toBe('owner-api-test');
      expect(session.revokedAt).toBeNull();
      const lifetime = session.expiresAt.getTime() - session.createdAt.getTime();
      expect(Math.abs(lifetime - 30 * DAY)).toBeLessThan(60_000);
    });

    it('answers 400 with the spec message for a malformed phone or password', async () => {
      const m = MESSAGES.ownerLogin;
      const cases: { body: Record<string, unknown>; message: string; field: string }[] = [
        { body: { password: 'secret-1' }, message: m.phoneRequired, field: 'contactNumber' },
        {
          body: { contactNumber: '', password: 'secret-1' },
          message: m.phoneRequired,
          field: 'contactNumber',
        },
        ...['98765', '98765432101', '98765-4321', '+919876543210'].map((contactNumber) => ({
          body: { contactNumber, password: 'secret-1' },
          message: m.phoneInvalid,
          field: 'contactNumber',
        })),
        { body: { contactNumber: '9876543210' }, message: m.passwordRequired, field: 'password' },
        {
          body: { contactNumber: '9876543210', password: '' },
          message: m.passwordRequired,
          field: 'password',
        },
        {
          body: { contactNumber: '9876543210', password: '12345' },
          message: m.passwordMin,
          field: 'password',
        },
      ];
      for (const { body, message, field } of cases) expectRestError(await login(body), 400, message, field);
    });

    it('answers the same 401 for an unknown number, a wrong password and an owner with no password', async () => {
      const owner = await createTestOwner(server);
      const noPassword = await createTestOwner(server, { passwordHash: null });
      const answers = [
        await login({ contactNumber: unknownPhone(), password: owner.password }),
        await login({ contactNumber: owner.contactNumber, password: 'wrong-pass' }),
        await login({ contactNumber: noPassword.contactNumber, password: 'anything-1' }),
      ];
      for (const res of answers) {
        expectRestError(res, 401, ERROR_TEXTS.invalidCredentials);
        const { requestId: _id, ...rest } = res.json();
        expect(rest).toEqual({ success: false, message: ERROR_TEXTS.invalidCredentials });
      }
    });

    it('tells pending, inactive and deleted owners why (403) only once the password is right', async () => {
      const cases = [
        { overrides: { status: 'pending' as const }, message: ERROR_TEXTS.ownerPending },
        { overrides: { status: 'inactive' as const }, message: ERROR_TEXTS.ownerInactive },
        { overrides: { deletedAt: new Date() }, message: ERROR_TEXTS.ownerDeleted },
        {
          overrides: { status: 'pending' as const, deletedAt: new Date() },
          message: ERROR_TEXTS.ownerDeleted,
        },
      ];
      for (const { overrides, message } of cases) {
        const owner = await createTestOwner(server, overrides);
        expectRestError(
          await login({ contactNumber: owner.contactNumber, password: owner.password }),
          403,
          message,
        );
        expectRestError(
          await login({ contactNumber: owner.contactNumber, password: 'wrong-pass' }),
          401,
          ERROR_TEXTS.invalidCredentials,
        );
        expect(await ownerSessions(server, owner.id)).toEqual([]);
      }
    });

    it('has a tRPC twin, owner.login, with the same answers', async () => {
      const owner = await createTestOwner(server);
      const pending = await createTestOwner(server, { status: 'pending' });
      const call = (input: unknown) =>
        callProcedure(
          server,
          { path: 'owner.login', kind: 'mutation', input },
          { 'x-forwarded-for': freshIp() },
        );
      const ok = await call({ contactNumber: owner.contactNumber, password: owner.password });
      expect(ok.statusCode).toBe(200);
      const data = ok.json().result.data;
      expect(data).toMatchObject({ message: ERROR_TEXTS.ownerLoginSuccess, user: { id: owner.id } });
      expect((await trpc('owner.me', bearer(data.token))).json().result.data.code).toBe(owner.code);
      const invalid = await call({ contactNumber: '123', password: owner.password });
      expectTrpcError(invalid, 400, 'BAD_REQUEST', MESSAGES.ownerLogin.phoneInvalid);
      expect(invalid.json().error.data.field).toBe('contactNumber');
      expectTrpcError(
        await call({ contactNumber: owner.contactNumber, password: 'wrong-pass' }),
        401,
        'UNAUTHORIZED',
        ERROR_TEXTS.invalidCredentials,
      );
      expectTrpcError(
        await call({ contactNumber: pending.contactNumber, password: pending.password }),
        403,
        'FORBIDDEN',
        ERROR_TEXTS.ownerPending,
      );
    });
  });

  describe('GET /api/users/me', () => {
    it("answers the owner's own profile, field by field, on REST and tRPC", async () => {
      const owner = await createTestOwner(server, {
        name: 'Priya Sharma',
        email: 'Priya@Owner.Test',
        businessName: 'Dosa Corner',
        reviewLink: 'https://g.page/r/dosa',
        state: 'Karnataka',
        city: 'Bengaluru',
        plan: 'professional',
        registrationSource: 'manual',
        reviewFlow: 'open',
        subscriptionStart: new Date('2026-01-01T00:00:00.000Z'),
        subscriptionEnd: new Date('2027-01-01T00:00:00.000Z'),
      });
      const auth = await authFor(owner.id);
      const res = await rest('GET', '/api/users/me', auth);
      expect(res.statusCode).toBe(200);
      const user = {
        id: owner.id,
        name: 'Priya Sharma',
        email: 'priya@owner.test',
        businessName: 'Dosa Corner',
        contactNumber: owner.contactNumber,
        code: owner.code,
        reviewLink: 'https://g.page/r/dosa',
        state: 'Karnataka',
        city: 'Bengaluru',
        plan: 'professional',
        status: 'active',
        registrationSource: 'manual',
        reviewFlow: 'open',
        subscriptionStart: '2026-01-01T00:00:00.000Z',
        subscriptionEnd: '2027-01-01T00:00:00.000Z',
        createdAt: owner.createdAt.toISOString(),
      };
      expect(res.json()).toEqual({ success: true, user });
      const twin = await trpc('owner.me', auth);
      expect(twin.statusCode).toBe(200);
      expect(twin.json().result.data).toEqual(user);
    });
  });

  describe('GET /api/users/stats and the dashboard', () => {
    it('answers the counts and every review, newest first', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const empty = await rest('GET', '/api/users/stats', auth);
      expect(empty.json()).toEqual({
        success: true,
        totalReviews: 0,
        averageRating: 0,
        fiveStarCount: 0,
        fiveStarPercentage: 0,
        reviews: [],
      });
      const sent = [
        { rating: 5, message: 'Amazing biryani, will come again' },
        { rating: 2, message: 'Cold food and slow service' },
        { rating: 5 },
        { rating: 1, message: 'Rude staff', customerContact: '9876543210' },
        { rating: 5, message: 'Lovely ambience' },
        { rating: 4 },
        { rating: 5, customerContact: 'fan@example.in' },
      ];
      const ids: number[] = [];
      for (const body of sent) ids.push(await submitReview({ code: owner.code, ...body }));

      const res = await rest('GET', '/api/users/stats', auth);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        totalReviews: 7,
        averageRating: 3.9, // 27 / 7 = 3.857
        fiveStarCount: 4,
        fiveStarPercentage: 57, // 4 / 7 = 57.1 %
      });
      expect(body.reviews.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
      const rows = await server.deps.db
        .selectFrom('reviews')
        .selectAll()
        .where('ownerId', '=', owner.id)
        .orderBy('id', 'desc')
        .execute();
      expect(body.reviews).toEqual(
        rows.map((row) => ({
          id: row.id,
          rating: row.rating,
          message: row.message,
          customerContact: row.customerContact,
          sentimentLabel: row.sentimentLabel,
          sentimentScore: row.sentimentScore,
          // Essential: a review with a message waits for its standard reply (24 hours on).
          replyStatus: row.message ? 'pending' : 'none',
          replyText: null,
          replyError: null,
          repliedAt: null,
          createdAt: row.createdAt.toISOString(),
        })),
      );
      expect(body.reviews[6]).toMatchObject({ rating: 5, message: 'Amazing biryani, will come again' });
      expect(body.reviews[3]).toMatchObject({
        rating: 1,
        message: 'Rude staff',
        customerContact: '9876543210',
      });
      expect(body.reviews[4]).toMatchObject({ rating: 5, message: '', customerContact: null });

      const dashboard = await trpc('owner.dashboard.stats', auth);
      expect(dashboard.statusCode).toBe(200);
      const stats = dashboard.json().result.data;
      expect(stats).toMatchObject({
        totalReviews: 7,
        averageRating: 3.9,
        fiveStarCount: 4,
        fiveStarPercent: 57,
        stars: { 1: 1, 2: 1, 3: 0, 4: 1, 5: 4 },
      });
      const now = new Date();
      expect(stats.monthly.at(-1)).toEqual({
        month: `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
        count: 7,
        averageRating: 3.9,
      });
    });

    it('draws a 12-month trend and the star distribution (owner.dashboard.stats)', async () => {
      const owner = await createTestOwner(server);
      const now = new Date();
      const monthsAgo = (n: number) =>
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 15, 12));
      const key = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      for (const [rating, createdAt] of [
        [4, monthsAgo(2)],
        [5, monthsAgo(2)],
        [2, monthsAgo(5)],
        [1, monthsAgo(13)], // outside the chart, still in the totals
      ] as const) {
        await insertReview(server.deps.db, { ownerId: owner.id, rating, message: 'earlier', createdAt });
      }
      for (const rating of [5, 3, 4]) await submitReview({ code: owner.code, rating, message: 'this month' });

      const res = await trpc('owner.dashboard.stats', await authFor(owner.id));
      expect(res.statusCode).toBe(200);
      const stats = res.json().result.data;
      expect(stats).toMatchObject({
        totalReviews: 7,
        averageRating: 3.4, // 24 / 7 = 3.43
        fiveStarCount: 2,
        fiveStarPercent: 29,
        stars: { 1: 1, 2: 1, 3: 1, 4: 2, 5: 2 },
      });
      expect(stats.monthly).toEqual(
        Array.from({ length: 12 }, (_, i) => {
          const month = key(monthsAgo(11 - i));
          if (i === 11) return { month, count: 3, averageRating: 4 };
          if (i === 9) return { month, count: 2, averageRating: 4.5 };
          if (i === 6) return { month, count: 1, averageRating: 2 };
          return { month, count: 0, averageRating: 0 };
        }),
      );
    });

    it('shows one review with its sentiment and reply (owner.dashboard.review)', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const happy = await submitReview({
        code: owner.code,
        rating: 5,
        message: 'Absolutely wonderful food and lovely, friendly staff',
      });
      const angry = await submitReview({
        code: owner.code,
        rating: 1,
        message: 'Terrible experience, rude waiter and awful cold food',
        customerContact: 'angry@example.in',
      });
      const one = async (id: number) => {
        const res = await trpc('owner.dashboard.review', auth, { id });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().result.data;
      };
      const good = await one(happy);
      expect(good).toMatchObject({
        id: happy,
        rating: 5,
        message: 'Absolutely wonderful food and lovely, friendly staff',
        customerContact: null,
        sentimentLabel: 'positive',
        replyStatus: 'pending',
        replyText: null,
        replyError: null,
        repliedAt: null,
      });
      expect(good.sentimentScore).toBeGreaterThan(0);
      expect(good.sentimentScore).toBeLessThanOrEqual(1);
      const bad = await one(angry);
      expect(bad).toMatchObject({ sentimentLabel: 'negative', customerContact: 'angry@example.in' });
      expect(bad.sentimentScore).toBeLessThan(0);
      expect(bad.sentimentScore).toBeGreaterThanOrEqual(-1);

      const repliedAt = new Date('2026-06-01T10:00:00.000Z');
      await server.deps.db
        .updateTable('reviews')
        .set({ replyStatus: 'sent', replyText: 'Thank you for visiting!', repliedAt })
        .where('id', '=', happy)
        .execute();
      await server.deps.db
        .updateTable('reviews')
        .set({ replyStatus: 'failed', replyError: 'The reply service timed out' })
        .where('id', '=', angry)
        .execute();
      expect(await one(happy)).toMatchObject({
        replyStatus: 'sent',
        replyText: 'Thank you for visiting!',
        repliedAt: repliedAt.toISOString(),
        replyError: null,
      });
      expect(await one(angry)).toMatchObject({
        replyStatus: 'failed',
        replyText: null,
        replyError: 'The reply service timed out',
      });
      expectTrpcError(await trpc('owner.dashboard.review', auth, { id: 2_000_000_000 }), 404, 'NOT_FOUND');
    });
  });

  describe('owner settings (tRPC)', () => {
    it("sets and clears the review page's default language (an added, optional field)", async () => {
      expect(REVIEW_PAGE_LANGUAGES).toEqual(['en', 'hi', 'mr', 'ta', 'te', 'bn', 'gu', 'kn']);
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const settings = async () => (await trpc('owner.settings.get', auth)).json().result.data;
      const pageLang = async () =>
        /data-lang="(\w+)"/.exec((await rest('GET', `/review/${owner.code}`)).body)?.[1];
      expect((await settings()).reviewPageLanguage).toBeNull();
      expect(await pageLang()).toBe('en');

      const set = await trpcMutate('owner.settings.update', auth, { reviewPageLanguage: 'mr' });
      expect(set.json().result.data).toMatchObject({ reviewFlow: 'smart', reviewPageLanguage: 'mr' });
      expect((await settings()).reviewPageLanguage).toBe('mr');
      expect(await pageLang()).toBe('mr');

      for (const bad of [
        { reviewPageLanguage: 'fr' },
        { reviewPageLanguage: 'HI' },
        { reviewPageLanguage: 1 },
      ]) {
        expectTrpcError(await trpcMutate('owner.settings.update', auth, bad), 400, 'BAD_REQUEST');
      }
      // Leaving it out changes nothing; null hands the choice back to the customer's phone.
      await trpcMutate('owner.settings.update', auth, { dailyDigest: true });
      expect((await settings()).reviewPageLanguage).toBe('mr');
      await trpcMutate('owner.settings.update', auth, { reviewPageLanguage: null });
      expect((await settings()).reviewPageLanguage).toBeNull();
      expect(await pageLang()).toBe('en');
    });

    it('reads and partly updates the review flow and notifications', async () => {
      expect(REVIEW_FLOWS).toEqual(['smart', 'open']);
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const settings = async () => (await trpc('owner.settings.get', auth)).json().result.data;
      const reviewFlowOnPage = async () =>
        (await rest('GET', `/api/users/review-link/${owner.code}`)).json().reviewFlow;
      expect(await settings()).toEqual({
        reviewFlow: 'smart',
        notifyLowRatings: true,
        dailyDigest: false,
        reviewPageLanguage: null,
        casesForNegativeHighRatings: false,
      });

      const digest = await trpcMutate('owner.settings.update', auth, { dailyDigest: true });
      expect(digest.statusCode).toBe(200);
      expect(digest.json().result.data).toEqual({
        reviewFlow: 'smart',
        notifyLowRatings: true,
        dailyDigest: true,
        reviewPageLanguage: null,
        casesForNegativeHighRatings: false,
      });

      const open = await trpcMutate('owner.settings.update', auth, {
        reviewFlow: 'open',
        notifyLowRatings: false,
      });
      expect(open.json().result.data).toEqual({
        reviewFlow: 'open',
        notifyLowRatings: false,
        dailyDigest: true,
        reviewPageLanguage: null,
        casesForNegativeHighRatings: false,
      });
      expect(await settings()).toEqual({
        reviewFlow: 'open',
        notifyLowRatings: false,
        dailyDigest: true,
        reviewPageLanguage: null,
        casesForNegativeHighRatings: false,
      });
      expect(await reviewFlowOnPage()).toBe('open');

      for (const bad of [{ reviewFlow: 'everyone' }, { reviewFlow: 'SMART' }, { dailyDigest: 'yes' }]) {
        expectTrpcError(await trpcMutate('owner.settings.update', auth, bad), 400, 'BAD_REQUEST');
      }
      expect(await settings()).toEqual({
        reviewFlow: 'open',
        notifyLowRatings: false,
        dailyDigest: true,
        reviewPageLanguage: null,
        casesForNegativeHighRatings: false,
      });

      await trpcMutate('owner.settings.update', auth, { reviewFlow: 'smart' });
      expect(await reviewFlowOnPage()).toBe('smart');
      const row = await server.deps.db
        .selectFrom('owners')
        .select(['reviewFlow', 'notifyLowRatings', 'dailyDigest'])
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ reviewFlow: 'smart', notifyLowRatings: false, dailyDigest: true });
    });
  });

  describe('POST /api/users/logout', () => {
    it('revokes this token only', async () => {
      const owner = await createTestOwner(server);
      const first = (await login({ contactNumber: owner.contactNumber, password: owner.password })).json()
        .token;
      const second = (await login({ contactNumber: owner.contactNumber, password: owner.password })).json()
        .token;
      const out = await rest('POST', '/api/users/logout', bearer(first));
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      expectRestError(await rest('GET', '/api/users/me', bearer(first)), 401, ERROR_TEXTS.unauthorized);
      expectRestError(await rest('GET', '/api/users/stats', bearer(first)), 401, ERROR_TEXTS.unauthorized);
      expectTrpcError(await trpc('owner.me', bearer(first)), 401, 'UNAUTHORIZED', ERROR_TEXTS.unauthorized);
      expectRestError(await rest('POST', '/api/users/logout', bearer(first)), 401, ERROR_TEXTS.unauthorized);
      // The other device stays signed in.
      expect((await rest('GET', '/api/users/me', bearer(second))).statusCode).toBe(200);
    });

    it('has a tRPC twin, owner.logout', async () => {
      const owner = await createTestOwner(server);
      const { token } = await issueOwnerToken(server, owner.id);
      const out = await trpcMutate('owner.logout', bearer(token));
      expect(out.statusCode).toBe(200);
      expect(out.json().result.data).toEqual({ success: true });
      expectRestError(await rest('GET', '/api/users/me', bearer(token)), 401, ERROR_TEXTS.unauthorized);
    });
  });

  describe('auth on every owner route and procedure', () => {
    it('refuses missing, garbage, expired, revoked, tampered, forged, admin and deleted-owner tokens', async () => {
      const owner = await createTestOwner(server, { businessName: 'Secret Sauce Kitchen' });
      const other = await createTestOwner(server);
      const reviewId = await submitReview({ code: owner.code, rating: 1, message: 'private complaint xyz' });
      const live = await issueOwnerToken(server, owner.id);
      const secret = server.config.tokenSecret;
      const issuedAt = (msAgo: number) =>
        createTokenService(server.deps.db, secret, () => new Date(Date.now() - msAgo)).issue(
          'owner',
          owner.id,
        );

      // 29 days old still works: owner tokens live 30 days.
      const oldButAlive = await issuedAt(29 * DAY);
      expect((await rest('GET', '/api/users/me', bearer(oldButAlive.token))).statusCode).toBe(200);
      const expired = await issuedAt(30 * DAY + 60_000);
      // A token whose signature is still in date but whose session has expired on the server.
      const sessionExpired = await issueOwnerToken(server, owner.id);
      const sessionId = JSON.parse(
        Buffer.from(sessionExpired.token.split('.')[1]!, 'base64url').toString(),
      ).jti;
      await server.deps.db
        .updateTable('authSessions')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('id', '=', sessionId)
        .execute();
      const revoked = (await login({ contactNumber: owner.contactNumber, password: owner.password })).json()
        .token;
      expect((await rest('POST', '/api/users/logout', bearer(revoked))).statusCode).toBe(200);

      const [head, payload, signature] = live.token.split('.') as [string, string, string];
      const flipped = signature[10] === 'A' ? 'B' : 'A';
      const tamperedSignature = `${head}.${payload}.${signature.slice(0, 10)}${flipped}${signature.slice(11)}`;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const otherClaims = Buffer.from(JSON.stringify({ ...claims, sub: String(other.id) })).toString(
        'base64url',
      );
      const tamperedPayload = `${head}.${otherClaims}.${signature}`;
      const noneHeader = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
      const unsigned = `${noneHeader}.${payload}.`;
      const forged = await createTokenService(
        server.deps.db,
        'some-other-secret-that-is-long-enough-for-hs256',
      ).issue('owner', owner.id);
      const admin = await createTestAdmin(server);
      const adminToken = (await server.deps.tokens.issue('admin', admin.id)).token;
      // Live tokens of owners the sign-in rule refuses (their sessions were not revoked, as if a
      // change raced a request): every owner call answers 403 with the reason.
      const gone = await createTestOwner(server);
      const goneToken = (await issueOwnerToken(server, gone.id)).token;
      await server.deps.db
        .updateTable('owners')
        .set({ deletedAt: new Date() })
        .where('id', '=', gone.id)
        .execute();
      const inactive = await createTestOwner(server, { status: 'inactive' });
      const pending = await createTestOwner(server, { status: 'pending' });
      const refusedOwners: Record<string, { headers: Record<string, string>; message: string }> = {
        'deleted owner': { headers: bearer(goneToken), message: ERROR_TEXTS.ownerDeleted },
        'inactive owner': {
          headers: bearer((await issueOwnerToken(server, inactive.id)).token),
          message: ERROR_TEXTS.ownerInactive,
        },
        'pending owner': {
          headers: bearer((await issueOwnerToken(server, pending.id)).token),
          message: ERROR_TEXTS.ownerPending,
        },
      };

      const refused: Record<string, Record<string, string>> = {
        none: {},
        garbage: bearer('not-a-token'),
        'no Bearer prefix': { authorization: live.token },
        expired: bearer(expired.token),
        'session expired': bearer(sessionExpired.token),
        revoked: bearer(revoked),
        'tampered signature': bearer(tamperedSignature),
        'tampered payload': bearer(tamperedPayload),
        'alg none': bearer(unsigned),
        'signed with another secret': bearer(forged.token),
        admin: bearer(adminToken),
      };
      const secrets = [owner.code, owner.contactNumber, 'Secret Sauce Kitchen', 'private complaint xyz'];
      const expectNoLeak = (res: LightMyRequestResponse, label: string) => {
        for (const s of secrets) expect(res.body, label).not.toContain(s);
      };

      const routes = routeRegistry.filter((r) => r.auth === 'owner');
      expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        'DELETE /users/autopay',
        'GET /users/data-requests',
        'GET /users/me',
        'GET /users/stats',
        'GET /v1/account/exports',
        'GET /v1/account/exports/:id',
        'GET /v1/account/exports/:id/download',
        'GET /v1/business',
        'PATCH /v1/business',
        'POST /requests/contacts/import',
        'POST /users/autopay',
        'POST /users/data-requests/:id/complete',
        'POST /users/logout',
        'POST /v1/account/exports',
        'PUT /v1/business/code',
      ]);
      for (const route of routes) {
        for (const [name, headers] of Object.entries(refused)) {
          const label = `${route.method} ${route.url} with ${name}`;
          const res = await rest(
            route.method as 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
            `/api${route.url}`,
            headers,
          );
          expect(res.statusCode, label).toBe(401);
          expect(res.json(), label).toMatchObject({ success: false, message: ERROR_TEXTS.unauthorized });
          expectNoLeak(res, label);
        }
        for (const [name, { headers, message }] of Object.entries(refusedOwners)) {
          const label = `${route.method} ${route.url} with ${name}`;
          const res = await rest(
            route.method as 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
            `/api${route.url}`,
            headers,
          );
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toMatchObject({ success: false, message });
        }
      }

      const calls = ownerProcedureCalls(reviewId);
      expect(calls.length).toBeGreaterThanOrEqual(14);
      for (const call of calls) {
        for (const [name, headers] of Object.entries(refused)) {
          const label = `${call.path} with ${name}`;
          const res = await callProcedure(server, call, headers);
          expect(res.statusCode, label).toBe(401);
          expect(res.json().error.data.code, label).toBe('UNAUTHORIZED');
          expect(res.json().error.message, label).toBe(ERROR_TEXTS.unauthorized);
          expectNoLeak(res, label);
        }
        for (const [name, { headers, message }] of Object.entries(refusedOwners)) {
          const label = `${call.path} with ${name}`;
          const res = await callProcedure(server, call, headers);
          // A pending owner may still pay for its plan; nothing else.
          if (name === 'pending owner' && /^owner\.plan\.(get|createOrder)$/.test(call.path)) {
            expect(res.json().error?.message, label).not.toBe(message);
            continue;
          }
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error.message, label).toBe(message);
        }
      }

      // None of the refused calls changed anything: the settings, password and live token are intact.
      const ownerRow = await server.deps.db
        .selectFrom('owners')
        .select(['reviewFlow', 'dailyDigest'])
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(ownerRow).toEqual({ reviewFlow: 'smart', dailyDigest: false });
      expect((await rest('GET', '/api/users/me', bearer(live.token))).statusCode).toBe(200);
      expect((await rest('GET', '/api/users/me', bearer(oldButAlive.token))).statusCode).toBe(200);
      expect((await login({ contactNumber: owner.contactNumber, password: owner.password })).statusCode).toBe(
        200,
      );
      // And a live owner token passes the same procedures' auth.
      expect((await trpc('owner.dashboard.review', bearer(live.token), { id: reviewId })).statusCode).toBe(
        200,
      );
    });
  });

  describe('one owner never reaches another', () => {
    it("keeps A's reviews, stats and settings out of B's reach", async () => {
      const a = await createTestOwner(server, { businessName: 'Owner A Bakes' });
      const b = await createTestOwner(server, { businessName: 'Owner B Brews' });
      const aAuth = await authFor(a.id);
      const bAuth = await authFor(b.id);
      const aIds: number[] = [];
      for (const rating of [1, 2, 5]) {
        aIds.push(await submitReview({ code: a.code, rating, message: `alpha-secret review ${rating}` }));
      }
      const bId = await submitReview({ code: b.code, rating: 4, message: 'bravo review' });

      for (const id of aIds) {
        const res = await trpc('owner.dashboard.review', bAuth, { id });
        expectTrpcError(res, 404, 'NOT_FOUND', 'Review not found');
        expect(res.body).not.toContain('alpha-secret');
      }
      // The same answer as for a review that does not exist: no way to probe ids.
      const missing = await trpc('owner.dashboard.review', bAuth, { id: 2_000_000_001 });
      expect(missing.json().error.message).toBe('Review not found');
      expect((await trpc('owner.dashboard.review', aAuth, { id: aIds[0] })).statusCode).toBe(200);

      const bStats = (await rest('GET', '/api/users/stats', bAuth)).json();
      expect(bStats).toMatchObject({ totalReviews: 1, averageRating: 4, fiveStarCount: 0 });
      expect(bStats.reviews.map((r: { id: number }) => r.id)).toEqual([bId]);
      const bList = (await trpc('owner.dashboard.reviews', bAuth, { page: 1, limit: 50 })).json().result.data;
      expect(bList.reviews.map((r: { id: number }) => r.id)).toEqual([bId]);
      expect(bList.meta.total).toBe(1);
      const bSearch = (
        await trpc('owner.dashboard.reviews', bAuth, { page: 1, limit: 50, search: 'alpha-secret' })
      ).json().result.data;
      expect(bSearch).toMatchObject({ reviews: [], meta: { total: 0 } });
      const bDash = (await trpc('owner.dashboard.stats', bAuth)).json().result.data;
      expect(bDash).toMatchObject({ totalReviews: 1, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 } });
      expect((await rest('GET', '/api/users/me', bAuth)).json().user.id).toBe(b.id);

      // B's settings, password and sign-out touch B only.
      const update = await trpcMutate('owner.settings.update', bAuth, {
        reviewFlow: 'open',
        notifyLowRatings: false,
        dailyDigest: true,
      });
      expect(update.statusCode).toBe(200);
      expect((await trpc('owner.settings.get', aAuth)).json().result.data).toEqual({
        reviewFlow: 'smart',
        notifyLowRatings: true,
        dailyDigest: false,
        reviewPageLanguage: null,
        casesForNegativeHighRatings: false,
      });
      expect((await rest('GET', `/api/users/review-link/${a.code}`)).json().reviewFlow).toBe('smart');
      expect(
        (
          await trpcMutate('owner.settings.changePassword', bAuth, {
            currentPassword: b.password,
            newPassword: 'b-new-pass-1',
          })
        ).statusCode,
      ).toBe(200);
      expect((await login({ contactNumber: a.contactNumber, password: a.password })).statusCode).toBe(200);
      expect((await trpcMutate('owner.logout', bAuth)).statusCode).toBe(200);
      expect((await rest('GET', '/api/users/me', aAuth)).statusCode).toBe(200);
      const aStats = (await rest('GET', '/api/users/stats', aAuth)).json();
      expect(aStats.reviews.map((r: { id: number }) => r.id)).toEqual([...aIds].reverse());
    });
  });

  describe('sign-in rate limits', () => {
    it('blocks a number after 5 failures for 15 minutes, even with the right password', async () => {
      const owner = await createTestOwner(server);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        expectRestError(
          await login({ contactNumber: owner.contactNumber, password: `wrong-${i}-pass` }, ip),
          401,
          ERROR_TEXTS.invalidCredentials,
        );
      }
      for (const from of [ip, freshIp()]) {
        const res = await login({ contactNumber: owner.contactNumber, password: owner.password }, from);
        expectRestError(res, 429, TOO_MANY_REQUESTS_MESSAGE);
        const retryAfter = Number(res.headers['retry-after']);
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThan(800);
        expect(retryAfter).toBeLessThanOrEqual(900);
      }
      const twin = await callProcedure(
        server,
        {
          path: 'owner.login',
          kind: 'mutation',
          input: { contactNumber: owner.contactNumber, password: owner.password },
        },
        { 'x-forwarded-for': freshIp() },
      );
      expectTrpcError(twin, 429, 'TOO_MANY_REQUESTS', TOO_MANY_REQUESTS_MESSAGE);
      // Other numbers from the same address are not blocked.
      const neighbour = await createTestOwner(server);
      expect(
        (await login({ contactNumber: neighbour.contactNumber, password: neighbour.password }, ip))
          .statusCode,
      ).toBe(200);
    });

    it('forgets the failures of a number once its owner signs in', async () => {
      const owner = await createTestOwner(server);
      const ip = freshIp();
      const fail = () => login({ contactNumber: owner.contactNumber, password: 'wrong-pass' }, ip);
      for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(401);
      expect(
        (await login({ contactNumber: owner.contactNumber, password: owner.password }, ip)).statusCode,
      ).toBe(200);
      // Without the reset, the 2nd of these would already be refused.
      for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(401);
      expect(
        (await login({ contactNumber: owner.contactNumber, password: owner.password }, ip)).statusCode,
      ).toBe(200);
      for (let i = 0; i < 5; i++) expect((await fail()).statusCode).toBe(401);
      expect((await fail()).statusCode).toBe(429);
    });

    it('counts guesses sent in parallel: at most 5 of 40 reach the password check', async () => {
      const owner = await createTestOwner(server);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          login({ contactNumber: owner.contactNumber, password: 'wrong-pass' }, freshIp()),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(35);
    });

    it('blocks an address after 20 failures across different numbers', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        expect((await login({ contactNumber: unknownPhone(), password: 'guess-pass' }, ip)).statusCode).toBe(
          401,
        );
      }
      const owner = await createTestOwner(server);
      const blocked = await login({ contactNumber: owner.contactNumber, password: owner.password }, ip);
      expectRestError(blocked, 429, TOO_MANY_REQUESTS_MESSAGE);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The owner is fine from anywhere else.
      expect((await login({ contactNumber: owner.contactNumber, password: owner.password })).statusCode).toBe(
        200,
      );
    });
  });
});

describe(`sign-in rate limit window on ${testDriverName()}`, () => {
  // Its own server without background jobs: this test moves the clock and its timers.
  let server: TTestServer;
  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-data-')),
      TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
    });
    const created = await createServer({
      config,
      database: await createTestDb(),
      logger: false,
      webDistDir: fixtureWebDist(),
      jobs: false,
    });
    await created.app.ready();
    server = Object.assign(created, { config });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await server?.stop();
  });

  it('lets a blocked number sign in again once 15 minutes have passed', async () => {
    const owner = await createTestOwner(server);
    const attempt = (password: string) =>
      postJson(server, '/api/users/login', { contactNumber: owner.contactNumber, password }, '10.60.0.1');
    // The memory store checks expiry against Date.now() and drops a key with a timer at the end
    // of its window (a read before then still sees the key), so both move together here.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      for (let i = 0; i < 5; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
      expect((await attempt(owner.password)).statusCode).toBe(429);
      vi.advanceTimersByTime(14 * 60 * 1000);
      const still = await attempt(owner.password);
      expect(still.statusCode).toBe(429);
      expect(Number(still.headers['retry-after'])).toBeLessThanOrEqual(60);
      vi.advanceTimersByTime(61 * 1000);
      const again = await attempt(owner.password);
      expect(again.statusCode).toBe(200);
      expect(again.json().user.id).toBe(owner.id);
    } finally {
      vi.useRealTimers();
    }
  });
});
