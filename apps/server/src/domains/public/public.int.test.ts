import { consumeOneTimeToken, issueOneTimeToken, listEmails } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOwner, createTestServer, json, type TTestServer } from '../../test/test-server.ts';

const DAY = 24 * 60 * 60 * 1000;

describe(`public API on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    server.app.inject({
      method,
      url,
      ...(body === undefined ? {} : json(body)),
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    });

  describe('review link', () => {
    it('answers the business name, link and review flow for an active owner', async () => {
      const owner = await createTestOwner(server, {
        businessName: 'Chai Point',
        reviewLink: 'https://g.page/r/chai',
      });
      const res = await inject('GET', `/api/users/review-link/${owner.code}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        reviewLink: 'https://g.page/r/chai',
        businessName: 'Chai Point',
        reviewFlow: 'smart',
      });
      const upper = await inject('GET', `/api/users/review-link/${owner.code.toUpperCase()}`);
      expect(upper.statusCode).toBe(200);
    });

    it('is 404 for an unknown or deleted business and 410 for an inactive one', async () => {
      expect((await inject('GET', '/api/users/review-link/no-such-code')).statusCode).toBe(404);
      const deleted = await createTestOwner(server, { deletedAt: new Date() });
      expect((await inject('GET', `/api/users/review-link/${deleted.code}`)).statusCode).toBe(404);
      const inactive = await createTestOwner(server, { status: 'inactive' });
      const res = await inject('GET', `/api/users/review-link/${inactive.code}`);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('This review page is not active right now.');
      const pending = await createTestOwner(server, { status: 'pending' });
      expect((await inject('GET', `/api/users/review-link/${pending.code}`)).statusCode).toBe(410);
    });

    it('keeps working 7 days past the subscription end, then answers 410', async () => {
      const inGrace = await createTestOwner(server, { subscriptionEnd: new Date(Date.now() - 6 * DAY) });
      expect((await inject('GET', `/api/users/review-link/${inGrace.code}`)).statusCode).toBe(200);
      const expired = await createTestOwner(server, { subscriptionEnd: new Date(Date.now() - 8 * DAY) });
      expect((await inject('GET', `/api/users/review-link/${expired.code}`)).statusCode).toBe(410);
    });

    it('is the same through tRPC', async () => {
      const owner = await createTestOwner(server);
      const res = await inject(
        'GET',
        `/trpc/public.review.link?input=${encodeURIComponent(JSON.stringify({ code: owner.code }))}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().result.data).toMatchObject({ code: owner.code, businessName: owner.businessName });
    });
  });

  describe('review submit', () => {
    it('records a low rating with feedback and bumps the counters', async () => {
      const owner = await createTestOwner(server);
      const res = await inject('POST', '/api/reviews/', {
        code: owner.code,
        rating: 2,
        message: '  Waited an hour for food  ',
        customerContact: 'asha@example.in',
        deviceId: 'device-1',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Thank you! Your feedback has been received',
      });
      const row = await server.deps.db
        .selectFrom('reviews')
        .selectAll()
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        ownerId: owner.id,
        rating: 2,
        message: 'Waited an hour for food',
        customerContact: 'asha@example.in',
      });
      const stats = await server.deps.db
        .selectFrom('ownerReviewStats')
        .selectAll()
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(stats).toMatchObject({ reviewCount: 1, ratingSum: 2, star2: 1 });
    });

    it('records a 5-star rating with no message', async () => {
      const owner = await createTestOwner(server);
      const res = await inject('POST', '/api/reviews', { code: owner.code, rating: 5, message: '' });
      expect(res.statusCode).toBe(201);
    });

    it('rejects bad input with a 400 and records nothing', async () => {
      const owner = await createTestOwner(server);
      const tooLong = await inject('POST', '/api/reviews/', {
        code: owner.code,
        rating: 1,
        message: 'x'.repeat(501),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe('Feedback must be at most 500 characters');
      expect((await inject('POST', '/api/reviews/', { code: owner.code, rating: 6 })).statusCode).toBe(400);
      expect((await inject('POST', '/api/reviews/', { code: owner.code, rating: 0 })).statusCode).toBe(400);
      expect((await inject('POST', '/api/reviews/', { rating: 3 })).statusCode).toBe(400);
      const count = await server.deps.db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('refuses reviews for a page that is not active', async () => {
      const inactive = await createTestOwner(server, { status: 'inactive' });
      expect((await inject('POST', '/api/reviews/', { code: inactive.code, rating: 4 })).statusCode).toBe(
        410,
      );
    });

    it('limits one device to 10 reviews an hour per business, with Retry-After', async () => {
      const owner = await createTestOwner(server);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await inject('POST', '/api/reviews/', {
          code: owner.code,
          rating: 5,
          deviceId: 'spammy-device',
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
      expect(codes[10]).toBe(429);
      // Another device on the same network is still welcome.
      expect(
        (await inject('POST', '/api/reviews/', { code: owner.code, rating: 5, deviceId: 'other' }))
          .statusCode,
      ).toBe(201);
    });
  });

  describe('demo requests', () => {
    const lead = {
      name: 'Karan Mehta',
      email: 'karan@example.in',
      contactNumber: '9876543210',
      bussiness: 'Cafe Mocha',
      subject: 'demo',
      message: 'Please show us StarLoop.',
      source: 'website',
      status: 'new',
    };

    it('stores a lead from the website form', async () => {
      const res = await inject('POST', '/api/lead/', lead);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(
        "Your request has been submitted successfully! We'll contact you within 2 hours.",
      );
      const row = await server.deps.db
        .selectFrom('leads')
        .selectAll()
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: 'Karan Mehta',
        source: 'website',
        status: 'new',
        bussiness: 'Cafe Mocha',
      });
    });

    it('answers the spec messages for missing fields', async () => {
      expect((await inject('POST', '/api/lead/', { ...lead, subject: '' })).json().message).toBe(
        'Please select a subject',
      );
      expect((await inject('POST', '/api/lead/', { ...lead, email: 'nope' })).json().message).toBe(
        'Please enter a valid email address',
      );
      expect((await inject('POST', '/api/lead/', { ...lead, name: ' ' })).json().message).toBe(
        'Name is required',
      );
      expect((await inject('POST', '/api/lead/', { ...lead, message: '' })).statusCode).toBe(400);
    });
  });

  it('checks business-code availability', async () => {
    const owner = await createTestOwner(server);
    expect((await inject('GET', `/api/users/code-available/${owner.code}`)).json()).toEqual({
      available: false,
      message: 'This business code is taken',
    });
    expect((await inject('GET', '/api/users/code-available/fresh-code-123')).json()).toEqual({
      available: true,
      message: 'This business code is available',
    });
    expect((await inject('GET', '/api/users/code-available/x')).statusCode).toBe(400);
  });

  describe('password links', () => {
    it('emails a reset link for a known number and answers the same for an unknown one', async () => {
      const owner = await createTestOwner(server, { email: 'owner-reset@example.in' });
      const known = await inject('POST', '/api/users/password/forgot', {
        contactNumber: owner.contactNumber,
      });
      const unknown = await inject('POST', '/api/users/password/forgot', { contactNumber: '9012345678' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      const [mail] = await listEmails(server.deps.db, { to: 'owner-reset@example.in' });
      expect(mail?.subject).toBe('Reset your StarLoop password');
      expect(mail?.textBody).toMatch(/\/reset-password\?token=/);
      expect(mail?.status).toBe('outbox');
    });

    it('sets a password once from a link, signs in, and revokes older sessions', async () => {
      const owner = await createTestOwner(server);
      const old = await server.deps.tokens.issue('owner', owner.id);
      const { token } = await issueOneTimeToken(server.deps.db, {
        ownerId: owner.id,
        kind: 'set_password',
        ttlSeconds: 3600,
      });
      const res = await inject('POST', '/api/users/password/set', { token, password: 'new-secret-1' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.code).toBe(owner.code);
      const again = await inject('POST', '/api/users/password/set', { token, password: 'other-secret' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('This link is invalid or has expired. Ask for a new one.');
      expect(await server.deps.tokens.verify('owner', old.token)).toBeUndefined();
      const login = await inject('POST', '/api/users/login', {
        contactNumber: owner.contactNumber,
        password: 'new-secret-1',
      });
      expect(login.statusCode).toBe(200);
      expect(await consumeOneTimeToken(server.deps.db, token, ['set_password'])).toBeUndefined();
    });

    it('rejects a short password and leaves the token usable', async () => {
      const owner = await createTestOwner(server);
      const { token } = await issueOneTimeToken(server.deps.db, {
        ownerId: owner.id,
        kind: 'reset_password',
        ttlSeconds: 3600,
      });
      const res = await inject('POST', '/api/users/password/set', { token, password: '123' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Password must be at least 6 characters');
      expect(
        (await inject('POST', '/api/users/password/set', { token, password: '123456' })).statusCode,
      ).toBe(200);
    });
  });
});
