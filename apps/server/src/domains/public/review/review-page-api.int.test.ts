import { MESSAGES, PUBLIC_TEXTS } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../lib/rate-limit.ts';
import { addressSequence, postJson } from '../../../test/client-kit.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

describe(`public review page API on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    // The per-business ceiling has its own test (review-abuse.int.test.ts); here 200 reviews race.
    server = await createTestServer({ REVIEWS_PER_BUSINESS_PER_HOUR: '1000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // Every request from its own address unless a test says otherwise.
  const freshIp = addressSequence('10.20');
  let deviceCounter = 0;
  const freshDevice = () => {
    deviceCounter += 1;
    return `device-${deviceCounter}-${Math.random().toString(36).slice(2, 8)}`;
  };

  const get = (url: string) =>
    server.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': freshIp() } });
  const submit = (body: unknown, ip = freshIp()) => postJson(server, '/api/reviews/', body, ip);

  /** The REST error shape: JSON with a message for people, the field at fault, and the request id. */
  const expectError = (res: LightMyRequestResponse, status: number, message: string, field?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(message);
    expect(typeof body.requestId).toBe('string');
    if (field !== undefined) expect(body.field).toBe(field);
  };

  const count = async (table: 'reviews' | 'activityEvents', ownerId?: number) => {
    let query = server.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
    if (table === 'activityEvents') query = query.where('type', '=', 'review');
    if (ownerId !== undefined) query = query.where('ownerId', '=', ownerId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  /** Everything a review write touches: rows, counters and activity events (per owner and overall). */
  const snapshot = async (ownerId: number) => ({
    ownerReviews: await count('reviews', ownerId),
    ownerEvents: await count('activityEvents', ownerId),
    allReviews: await count('reviews'),
    allEvents: await count('activityEvents'),
    counters: await server.deps.db
      .selectFrom('ownerReviewStats')
      .select(['reviewCount', 'ratingSum', 'star1', 'star2', 'star3', 'star4', 'star5'])
      .where('ownerId', '=', ownerId)
      .executeTakeFirstOrThrow()
      .then((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))),
  });

  /** One owner in each state that matters to the page: closed (the first four) or in its 7-day grace. */
  const ownersByPageState = async () => ({
    inactive: await createTestOwner(server, { status: 'inactive' }),
    pending: await createTestOwner(server, { status: 'pending' }),
    deleted: await createTestOwner(server, { deletedAt: new Date() }),
    lapsed: await createTestOwner(server, { subscriptionEnd: new Date(Date.now() - 8 * DAY) }),
    inGrace: await createTestOwner(server, { subscriptionEnd: new Date(Date.now() - 6 * DAY) }),
  });

  const ownerAuth = async (ownerId: number) => ({
    authorization: `Bearer ${(await issueOwnerToken(server, ownerId)).token}`,
  });

  describe('GET /api/users/review-link/:code', () => {
    it('answers the link, business name and review flow of an active business, any letter case', async () => {
      const owner = await createTestOwner(server, {
        businessName: 'Chai Point',
        reviewLink: 'https://g.page/r/chai',
        reviewFlow: 'open',
      });
      const res = await get(`/api/users/review-link/${owner.code}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        reviewLink: 'https://g.page/r/chai',
        businessName: 'Chai Point',
        reviewFlow: 'open',
      });
      const upper = await get(`/api/users/review-link/${owner.code.toUpperCase()}`);
      expect(upper.statusCode).toBe(200);
      expect(upper.json().businessName).toBe('Chai Point');

      const noLink = await createTestOwner(server, { businessName: 'No Link Cafe' });
      expect((await get(`/api/users/review-link/${noLink.code}`)).json()).toEqual({
        reviewLink: null,
        businessName: 'No Link Cafe',
        reviewFlow: 'smart',
      });
    });

    it('is 404 with a message for an unknown code and 400 for a malformed one', async () => {
      expectError(await get('/api/users/review-link/no-such-business'), 404, PUBLIC_TEXTS.businessNotFound);
      expectError(
        await get('/api/users/review-link/Bad%20Code!'),
        400,
        MESSAGES.registration.codeInvalid,
        'code',
      );
    });

    it('is 410 for an inactive, pending or deleted business', async () => {
      const { inactive, pending, deleted } = await ownersByPageState();
      for (const owner of [inactive, pending, deleted]) {
        expectError(await get(`/api/users/review-link/${owner.code}`), 410, PUBLIC_TEXTS.reviewPageInactive);
      }
    });

    it('keeps working up to 7 days past the subscription end, then answers 410', async () => {
      const current = await createTestOwner(server, { subscriptionEnd: new Date(Date.now() + 30 * DAY) });
      const { inGrace, lapsed } = await ownersByPageState();
      expect((await get(`/api/users/review-link/${current.code}`)).statusCode).toBe(200);
      expect((await get(`/api/users/review-link/${inGrace.code}`)).statusCode).toBe(200);
      expectError(await get(`/api/users/review-link/${lapsed.code}`), 410, PUBLIC_TEXTS.reviewPageInactive);
    });

    it('has a tRPC twin, public.review.link, with the same answers', async () => {
      const link = (code: string) =>
        get(`/trpc/public.review.link?input=${encodeURIComponent(JSON.stringify({ code }))}`);
      const owner = await createTestOwner(server, { reviewLink: 'https://g.page/r/twin' });
      const ok = await link(owner.code);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().result.data).toEqual({
        code: owner.code,
        businessName: owner.businessName,
        reviewLink: 'https://g.page/r/twin',
        reviewFlow: 'smart',
      });
      const unknown = await link('no-such-business');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(PUBLIC_TEXTS.businessNotFound);
      const inactive = await createTestOwner(server, { status: 'inactive' });
      const gone = await link(inactive.code);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().error.message).toBe(PUBLIC_TEXTS.reviewPageInactive);
      expect(gone.json().error.data.httpStatus).toBe(410);
    });
  });

  describe('POST /api/reviews', () => {
    it('stores a low rating with its trimmed feedback and answers 201 with the stored id', async () => {
      const owner = await createTestOwner(server);
      const before = await snapshot(owner.id);
      const res = await submit({
        code: owner.code,
        rating: 2,
        message: '  Waited an hour for food  ',
        customerContact: 'asha@example.in',
        deviceId: 'device-low-1',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({ success: true, message: PUBLIC_TEXTS.reviewThanks, id: expect.any(Number) });
      const row = await server.deps.db
        .selectFrom('reviews')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        ownerId: owner.id,
        rating: 2,
        message: 'Waited an hour for food',
        customerContact: 'asha@example.in',
        deviceId: 'device-low-1',
        sentimentLabel: 'negative',
      });
      const after = await snapshot(owner.id);
      expect(after.ownerReviews).toBe(before.ownerReviews + 1);
      expect(after.ownerEvents).toBe(before.ownerEvents + 1);
      expect(after.counters).toEqual({ ...before.counters, reviewCount: 1, ratingSum: 2, star2: 1 });
      const event = await server.deps.db
        .selectFrom('activityEvents')
        .selectAll()
        .where('ownerId', '=', owner.id)
        .where('type', '=', 'review')
        .executeTakeFirstOrThrow();
      expect(event).toMatchObject({
        code: owner.code,
        message: `${owner.businessName} received a 2-star review`,
      });
    });

    it('takes 4 and 5 stars without a message, and a contact as phone or email', async () => {
      const owner = await createTestOwner(server);
      const cases = [
        { body: { rating: 5 }, stored: { rating: 5, message: '', customerContact: null } },
        { body: { rating: 4, message: '' }, stored: { rating: 4, message: '', customerContact: null } },
        {
          body: { rating: 5, message: 'Lovely', customerContact: '+91 98765 43210' },
          stored: { rating: 5, message: 'Lovely', customerContact: '+91 98765 43210' },
        },
        {
          body: { rating: 3, message: 'ok', customerContact: '9876543210' },
          stored: { rating: 3, message: 'ok', customerContact: '9876543210' },
        },
        {
          body: { rating: 1, message: 'x'.repeat(500), customerContact: '' },
          stored: { rating: 1, message: 'x'.repeat(500), customerContact: null },
        },
        { body: { rating: '4' }, stored: { rating: 4, message: '' } },
      ];
      for (const { body, stored } of cases) {
        const res = await submit({ code: owner.code, ...body });
        expect(res.statusCode, JSON.stringify(body)).toBe(201);
        const row = await server.deps.db
          .selectFrom('reviews')
          .selectAll()
          .where('id', '=', res.json().id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ ownerId: owner.id, deviceId: null, ...stored });
      }
      expect((await snapshot(owner.id)).counters).toMatchObject({ reviewCount: 6, ratingSum: 22 });
    });

    it('keeps the contact left under the form with its consent, and writes it on the review only with consent', async () => {
      const owner = await createTestOwner(server);
      const consented = await submit({
        code: owner.code,
        rating: 2,
        message: 'Shop was closed at 8 pm',
        contact: { phone: '+91 98765-43210', email: ' Asha@Example.com ', consent: true },
        language: 'ta',
        deviceId: freshDevice(),
      });
      expect(consented.statusCode).toBe(201);
      const silent = await submit({
        code: owner.code,
        rating: 1,
        message: 'Rude',
        contact: { phone: '9876500000', consent: false },
        deviceId: freshDevice(),
      });
      expect(silent.statusCode).toBe(201);
      const rows = await server.deps.db
        .selectFrom('reviews')
        .leftJoin('reviewContacts', 'reviewContacts.reviewId', 'reviews.id')
        .select([
          'reviews.id',
          'reviews.customerContact',
          'reviews.language',
          'phoneE164',
          'email',
          'consent',
          'consentAt',
        ])
        .where('reviews.ownerId', '=', owner.id)
        .orderBy('reviews.id')
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({
          id: consented.json().id,
          customerContact: '+919876543210, asha@example.com',
          language: 'ta',
          phoneE164: '+919876543210',
          email: 'asha@example.com',
          consent: true,
        }),
        expect.objectContaining({
          id: silent.json().id,
          customerContact: null,
          language: null,
          phoneE164: '+919876500000',
          email: null,
          consent: false,
          consentAt: null,
        }),
      ]);
      expect(rows[0]!.consentAt).not.toBeNull();
    });

    it('rejects every invalid review with a 400, the spec message and the field, and writes nothing', async () => {
      const owner = await createTestOwner(server);
      const f = MESSAGES.feedback;
      const cases: { body: Record<string, unknown>; message: string; field: string }[] = [
        { body: { rating: 0, message: 'hi' }, message: f.ratingInvalid, field: 'rating' },
        { body: { rating: 6, message: 'hi' }, message: f.ratingInvalid, field: 'rating' },
        { body: { rating: 2.5, message: 'hi' }, message: f.ratingInvalid, field: 'rating' },
        { body: { rating: 'x', message: 'hi' }, message: f.ratingInvalid, field: 'rating' },
        { body: { rating: -1, message: 'hi' }, message: f.ratingInvalid, field: 'rating' },
        { body: { message: 'no rating' }, message: f.ratingInvalid, field: 'rating' },
        { body: { rating: 5, message: 'x'.repeat(501) }, message: f.messageMax, field: 'message' },
        { body: { rating: 1 }, message: f.messageRequired, field: 'message' },
        { body: { rating: 2, message: '' }, message: f.messageRequired, field: 'message' },
        { body: { rating: 3, message: '    ' }, message: f.messageRequired, field: 'message' },
        ...['call me maybe', '12345', 'asha@example', '1234567890'].map((customerContact) => ({
          body: { rating: 5, customerContact },
          message: f.contactInvalid,
          field: 'customerContact',
        })),
        {
          body: { rating: 2, message: 'x', contact: { phone: '12345', consent: true } },
          message: f.phoneInvalid,
          field: 'contact.phone',
        },
        {
          body: { rating: 2, message: 'x', contact: { email: 'asha@', consent: true } },
          message: f.emailInvalid,
          field: 'contact.email',
        },
        {
          body: { rating: 2, message: 'x', contact: { consent: true } },
          message: f.contactNeeded,
          field: 'contact.phone',
        },
        { body: { rating: 2, message: 'x', language: 'fr' }, message: f.languageInvalid, field: 'language' },
      ];
      const before = await snapshot(owner.id);
      for (const { body, message, field } of cases) {
        expectError(
          await submit({ code: owner.code, deviceId: freshDevice(), ...body }),
          400,
          message,
          field,
        );
      }
      expectError(
        await submit({ rating: 5, message: 'no code' }),
        400,
        MESSAGES.registration.codeRequired,
        'code',
      );
      expectError(
        await submit({ code: 'Not A Code!', rating: 5 }),
        400,
        MESSAGES.registration.codeInvalid,
        'code',
      );
      const longDevice = await submit({ code: owner.code, rating: 5, deviceId: 'd'.repeat(65) });
      expect(longDevice.statusCode).toBe(400);
      expect(longDevice.json().field).toBe('deviceId');
      expect(typeof longDevice.json().message).toBe('string');
      // Not even JSON: still a JSON answer with a message.
      const broken = await postJson(server, '/api/reviews/', '{"code": "oops"', freshIp());
      expect(broken.statusCode).toBe(400);
      expect(broken.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof broken.json().message).toBe('string');
      expect(await snapshot(owner.id)).toEqual(before);
    });

    it('answers 404 for an unknown business and 410 for one whose page is closed, writing nothing', async () => {
      const { inactive, pending, deleted, lapsed, inGrace } = await ownersByPageState();
      const before = await Promise.all([inactive, pending, deleted, lapsed].map((o) => snapshot(o.id)));
      const allBefore = await count('reviews');
      expectError(await submit({ code: 'no-such-business', rating: 5 }), 404, PUBLIC_TEXTS.businessNotFound);
      for (const owner of [inactive, pending, deleted, lapsed]) {
        expectError(
          await submit({ code: owner.code, rating: 4, deviceId: freshDevice() }),
          410,
          PUBLIC_TEXTS.reviewPageInactive,
        );
      }
      expect(await Promise.all([inactive, pending, deleted, lapsed].map((o) => snapshot(o.id)))).toEqual(
        before,
      );
      expect(await count('reviews')).toBe(allBefore);
      expect((await submit({ code: inGrace.code, rating: 4 })).statusCode).toBe(201);
    });

    it('refuses unknown codes before counting them against the device (always 404, never 429)', async () => {
      const device = freshDevice();
      const ip = freshIp();
      for (let i = 0; i < 6; i++) {
        const res = await submit({ code: 'no-such-business', rating: 5, deviceId: device }, ip);
        expectError(res, 404, PUBLIC_TEXTS.businessNotFound);
      }
    });

    it('keeps one bad review in a group commit from taking the others down', async () => {
      const open = await createTestOwner(server);
      const closed = await createTestOwner(server, { status: 'inactive' });
      const before = await snapshot(closed.id);
      const allBefore = await count('reviews');
      const results = await Promise.all([
        submit({ code: open.code, rating: 5 }),
        submit({ code: closed.code, rating: 5 }),
        submit({ code: open.code, rating: 4 }),
        submit({ code: 'no-such-business', rating: 5 }),
        submit({ code: open.code, rating: 3, message: 'fine' }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([201, 410, 201, 404, 201]);
      expect(await snapshot(closed.id)).toEqual({
        ...before,
        allReviews: allBefore + 3,
        allEvents: before.allEvents + 3,
      });
      expect((await snapshot(open.id)).counters).toMatchObject({ reviewCount: 3, ratingSum: 12 });
    });

    it('has a tRPC twin, public.review.submit', async () => {
      const owner = await createTestOwner(server);
      const call = (input: unknown) => postJson(server, '/trpc/public.review.submit', input, freshIp());
      const ok = await call({ code: owner.code, rating: 5, message: 'Great' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().result.data).toEqual({
        success: true,
        message: PUBLIC_TEXTS.reviewThanks,
        id: expect.any(Number),
      });
      const bad = await call({ code: owner.code, rating: 2 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(MESSAGES.feedback.messageRequired);
      expect(bad.json().error.data.field).toBe('message');
      expect(await count('reviews', owner.id)).toBe(1);
    });
  });

  describe('rate limits', () => {
    it('lets one device leave 3 reviews an hour per business: the 4th is 429 with Retry-After', async () => {
      const owner = await createTestOwner(server);
      const other = await createTestOwner(server);
      const device = freshDevice();
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        expect((await submit({ code: owner.code, rating: 5, deviceId: device }, ip)).statusCode).toBe(201);
      }
      const before = await snapshot(owner.id);
      // Even from another address: the device is the key.
      for (const from of [ip, freshIp()]) {
        const limited = await submit({ code: owner.code, rating: 5, deviceId: device }, from);
        expectError(limited, 429, TOO_MANY_REQUESTS_MESSAGE);
        const retryAfter = Number(limited.headers['retry-after']);
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThan(3500);
        expect(retryAfter).toBeLessThanOrEqual(3600);
      }
      expect(await snapshot(owner.id)).toEqual(before);
      // The same device on another business, and another device on this one, still work.
      expect((await submit({ code: other.code, rating: 5, deviceId: device }, ip)).statusCode).toBe(201);
      expect((await submit({ code: owner.code, rating: 5, deviceId: freshDevice() }, ip)).statusCode).toBe(
        201,
      );
    });

    it('lets one address leave 100 reviews an hour per business: the 101st is 429', async () => {
      const owner = await createTestOwner(server);
      const other = await createTestOwner(server);
      const ip = freshIp();
      const first = await Promise.all(
        Array.from({ length: 100 }, () =>
          submit({ code: owner.code, rating: 4, deviceId: freshDevice() }, ip),
        ),
      );
      expect(first.map((r) => r.statusCode)).toEqual(Array(100).fill(201));
      const before = await snapshot(owner.id);
      expect(before.ownerReviews).toBe(100);
      const limited = await submit({ code: owner.code, rating: 4, deviceId: freshDevice() }, ip);
      expectError(limited, 429, TOO_MANY_REQUESTS_MESSAGE);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expectError(await submit({ code: owner.code, rating: 4 }, ip), 429, TOO_MANY_REQUESTS_MESSAGE);
      expect(await snapshot(owner.id)).toEqual(before);
      // Another business from the same address, and another address on this business, still work.
      expect((await submit({ code: other.code, rating: 4 }, ip)).statusCode).toBe(201);
      expect((await submit({ code: owner.code, rating: 4 })).statusCode).toBe(201);
    });

    it('forgets a device once its hour has passed', async () => {
      const owner = await createTestOwner(server);
      const device = freshDevice();
      for (let i = 0; i < 3; i++) {
        expect((await submit({ code: owner.code, rating: 5, deviceId: device })).statusCode).toBe(201);
      }
      expect((await submit({ code: owner.code, rating: 5, deviceId: device })).statusCode).toBe(429);
      // rate-limiter-flexible's memory store compares its expiry with Date.now() on every consume.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + HOUR - 60 * 1000);
        expect((await submit({ code: owner.code, rating: 5, deviceId: device })).statusCode).toBe(429);
        vi.setSystemTime(Date.now() + 2 * 60 * 1000);
        const again = await submit({ code: owner.code, rating: 5, deviceId: device });
        expect(again.statusCode).toBe(201);
      } finally {
        vi.useRealTimers();
      }
      expect(await count('reviews', owner.id)).toBe(4);
    });
  });

  describe('counters under load', () => {
    it('stays exact with 200 concurrent reviews for one business', async () => {
      const owner = await createTestOwner(server, { businessName: 'Busy Biryani' });
      const auth = await ownerAuth(owner.id);
      // A few reviews that existed before the rush.
      const earlier = [5, 1, 4];
      for (const rating of earlier) {
        expect((await submit({ code: owner.code, rating, message: 'earlier visit' })).statusCode).toBe(201);
      }
      const before = await snapshot(owner.id);
      const pattern = [5, 4, 5, 3, 1, 5, 2, 4, 5, 5, 4, 3];
      const sent = Array.from({ length: 200 }, (_, i) => ({
        code: owner.code,
        rating: pattern[i % pattern.length]!,
        message: `visit number ${i}`,
        deviceId: `rush-${i}`,
      }));
      const responses = await Promise.all(sent.map((body) => submit(body)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(200).fill(201));
      const ids = responses.map((r) => r.json().id as number);
      expect(new Set(ids).size).toBe(200);

      // Each id is the row of the review that was sent with it.
      const rows = await server.deps.db
        .selectFrom('reviews')
        .select(['id', 'ownerId', 'rating', 'message', 'deviceId'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(rows).toHaveLength(200);
      sent.forEach((body, i) => {
        expect(byId.get(ids[i]!)).toEqual({
          id: ids[i],
          ownerId: owner.id,
          rating: body.rating,
          message: body.message,
          deviceId: body.deviceId,
        });
      });

      const after = await snapshot(owner.id);
      expect(after.ownerReviews).toBe(before.ownerReviews + 200);
      expect(after.ownerEvents).toBe(before.ownerEvents + 200);
      expect(after.allReviews).toBe(before.allReviews + 200);
      const all = [...earlier, ...sent.map((s) => s.rating)];
      const sum = all.reduce((a, b) => a + b, 0);
      const stars = (n: number) => all.filter((r) => r === n).length;
      expect(after.counters).toEqual({
        reviewCount: 203,
        ratingSum: sum,
        star1: stars(1),
        star2: stars(2),
        star3: stars(3),
        star4: stars(4),
        star5: stars(5),
      });

      const stats = await server.app.inject({ method: 'GET', url: '/api/users/stats', headers: auth });
      expect(stats.statusCode).toBe(200);
      const body = stats.json();
      expect(body.totalReviews).toBe(203);
      expect(body.averageRating).toBe(Math.round((sum / 203) * 10) / 10);
      expect(body.fiveStarCount).toBe(stars(5));
      expect(body.fiveStarPercentage).toBe(Math.round((stars(5) / 203) * 100));
      expect(body.reviews).toHaveLength(203);
      expect(new Set(body.reviews.map((r: { id: number }) => r.id))).toEqual(
        new Set([
          ...ids,
          ...(
            await server.deps.db
              .selectFrom('reviews')
              .select('id')
              .where('ownerId', '=', owner.id)
              .where('message', '=', 'earlier visit')
              .execute()
          ).map((r) => r.id),
        ]),
      );
      // Newest first (created_at, then id, descending).
      for (let i = 1; i < body.reviews.length; i++) {
        const [prev, next] = [body.reviews[i - 1], body.reviews[i]];
        const order = Date.parse(prev.createdAt) - Date.parse(next.createdAt) || prev.id - next.id;
        expect(order).toBeGreaterThan(0);
      }
    });
  });

  it('checks business-code availability', async () => {
    const owner = await createTestOwner(server);
    expect((await get(`/api/users/code-available/${owner.code}`)).json()).toEqual({
      available: false,
      message: PUBLIC_TEXTS.codeTaken,
    });
    expect((await get('/api/users/code-available/fresh-code-123')).json()).toEqual({
      available: true,
      message: PUBLIC_TEXTS.codeAvailable,
    });
    expectError(await get('/api/users/code-available/x'), 400, MESSAGES.registration.codeInvalid, 'code');
  });
});
