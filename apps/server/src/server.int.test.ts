import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_URL_MESSAGE } from './server.ts';
import { bearer } from './test/requests-kit.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  FIXTURE_INDEX_HTML,
  fixtureWebDist,
  issueOwnerToken,
  json,
  type TTestServer,
} from './test/test-server.ts';
import { fixtureOwnerPage, routedWebDist } from './test/web-build.ts';

describe(`server on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    // A fake web build listing the router's pages, as the real build does (404 for any other page).
    server = await createTestServer({}, { webDistDir: await routedWebDist() });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });
  const post = (url: string, body: unknown) => server.app.inject({ method: 'POST', url, ...json(body) });

  it('answers /healthz while the process is up', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database answers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: true });
  });

  it('tags every response with a request id, keeping a sane one the client sent', async () => {
    const generated = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await server.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
  });

  it('sends security headers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    const api = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves the web app for a deep link such as /admin-dashboard/leads', async () => {
    for (const url of ['/', '/admin-dashboard/leads', '/dashboard/profile/', '/login?next=1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      // The owner area's pages have their own (the area's frame and chunks, owner-html.mjs).
      expect(res.body, url).toBe(
        url.startsWith('/dashboard/') ? fixtureOwnerPage('owner.html') : FIXTURE_INDEX_HTML,
      );
    }
    expect((await server.app.inject({ method: 'GET', url: '/dashboard' })).body).toBe(
      fixtureOwnerPage('owner-dashboard.html'),
    );
  });

  it('serves the landing page rendered at build time for / only, compressed like any route', async () => {
    const dist = fixtureWebDist();
    const landing = `<!doctype html><html><body><div id="root" data-prerendered="/">${'<p>Turn happy customers into 5-star reviews</p>'.repeat(40)}</div></body></html>`;
    writeFileSync(path.join(dist, 'landing.html'), landing);
    const withLanding = await createTestServer({}, { webDistDir: dist });
    try {
      const home = await withLanding.app.inject({ method: 'GET', url: '/?utm_source=qr' });
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toContain('text/html');
      expect(home.headers['cache-control']).toBe('no-cache');
      expect(home.body).toBe(landing);
      const compressed = await withLanding.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      for (const url of ['/login', '/dashboard/profile']) {
        expect((await withLanding.app.inject({ method: 'GET', url })).body, url).toBe(FIXTURE_INDEX_HTML);
      }
    } finally {
      await withLanding.stop();
    }
  });

  it('serves the app (which shows its 404 page) with status 404 for an unknown page', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(FIXTURE_INDEX_HTML);
  });

  it('answers JSON 404 for an unknown API path and plain 404 for a missing asset', async () => {
    const api = await server.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toContain('/api/nope');
    const asset = await server.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('answers a path that is not valid percent-encoding with a 400 in the one error shape', async () => {
    for (const url of ['/api/admin/users/%ff', '/api/users/review-link/%E0%A4', '/dashboard/%zz']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: BAD_URL_MESSAGE,
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  describe('owner procedures', () => {
    it('are a 401 with no token', async () => {
      const res = await server.app.inject({ method: 'GET', url: '/trpc/owner.me' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.data.code).toBe('UNAUTHORIZED');
    });

    it('are a 401 with an admin token', async () => {
      const admin = await createTestAdmin(server);
      const login = await post('/trpc/admin.auth.login', { email: admin.email, password: admin.password });
      expect(login.statusCode).toBe(200);
      const adminToken = login.json().result.data.token as string;
      const res = await get('/trpc/owner.me', bearer(adminToken));
      expect(res.statusCode).toBe(401);
      // ...and the same token does open admin procedures.
      const me = await get('/trpc/admin.auth.me', bearer(adminToken));
      expect(me.statusCode).toBe(200);
      expect(me.json().result.data.email).toBe(admin.email);
    });

    it('are a 401 with a tampered token', async () => {
      const owner = await createTestOwner(server);
      const { token } = await issueOwnerToken(server, owner.id);
      const [head, body, signature] = token.split('.');
      const tampered = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('A') ? 'B' : 'A'}A`;
      const res = await get('/trpc/owner.me', bearer(tampered));
      expect(res.statusCode).toBe(401);
    });

    it('work with an owner token, and stop working after logout', async () => {
      const owner = await createTestOwner(server);
      const login = await post('/api/users/login', {
        contactNumber: owner.contactNumber,
        password: owner.password,
      });
      expect(login.statusCode).toBe(200);
      const body = login.json();
      expect(body.message).toBe('Login successful! Welcome back.');
      expect(body.user).not.toHaveProperty('passwordHash');
      const auth = { authorization: `Bearer ${body.token}` };
      const me = await get('/trpc/owner.me', auth);
      expect(me.statusCode).toBe(200);
      expect(me.json().result.data.code).toBe(owner.code);
      const rest = await get('/api/users/me', auth);
      expect(rest.json().user.businessName).toBe(owner.businessName);

      const logout = await server.app.inject({
        method: 'POST',
        url: '/trpc/owner.logout',
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(logout.statusCode).toBe(200);
      const after = await get('/trpc/owner.me', auth);
      expect(after.statusCode).toBe(401);
    });
  });

  describe('sign-in', () => {
    it('rejects bad input with the spec message and a 400', async () => {
      const res = await post('/api/users/login', { contactNumber: '', password: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Phone number is required');
      const admin = await post('/api/admin/login', { email: 'nope', password: 'secret1' });
      expect(admin.statusCode).toBe(400);
      expect(admin.json().message).toBe('Email is invalid');
    });

    it('rejects a wrong password with 401 and the same message as an unknown phone', async () => {
      const owner = await createTestOwner(server);
      const wrong = await post('/api/users/login', {
        contactNumber: owner.contactNumber,
        password: 'wrong-password',
      });
      const unknown = await post('/api/users/login', {
        contactNumber: '9999999999',
        password: 'wrong-password',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe(unknown.json().message);
    });

    it('admin login answers {token, message} and updates lastLogin', async () => {
      const admin = await createTestAdmin(server);
      const res = await post('/api/admin/login', {
        email: admin.email.toUpperCase(),
        password: admin.password,
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['message', 'token']);
      expect(res.json().message).toBe('Login successful! Welcome to admin dashboard.');
      const row = await server.deps.db
        .selectFrom('admins')
        .select('lastLogin')
        .where('id', '=', admin.id)
        .executeTakeFirst();
      expect(row?.lastLogin).toBeInstanceOf(Date);
    });

    it('rate-limits repeated failed sign-ins for one phone with 429 and Retry-After', async () => {
      let last: Awaited<ReturnType<typeof server.app.inject>> | undefined;
      for (let i = 0; i < 11; i++) {
        last = await post('/api/users/login', { contactNumber: '9111111111', password: 'wrong-password' });
      }
      expect(last?.statusCode).toBe(429);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});

describe(`readiness when the database is gone (${testDriverName()})`, () => {
  it('answers /readyz with 503 while /healthz stays up', async () => {
    const server = await createTestServer();
    await server.deps.database.close();
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: false });
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    await server.app.close();
  });
});

describe(`compression (${testDriverName()})`, () => {
  it('compresses the web app and API answers for clients that accept it', async () => {
    const server = await createTestServer();
    try {
      const big = await server.app.inject({
        method: 'GET',
        url: '/api/docs/openapi.json',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(big.statusCode).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      const plain = await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body).openapi).toBe('3.1.0');
    } finally {
      await server.stop();
    }
  });
});
