import { loadConfig } from '@starloop/config';
import { createDb, migrateToLatest, type TDbHandle } from '@starloop/db';
import { createEmptyPostgresDatabase, type TTestDatabase, testDatabaseUrl } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type TStarLoopServer } from '../server.ts';
import { saveTestBillingProfile } from '../test/billing-profile.ts';
import { createTestAdmin, createTestOwner, fixtureWebDist, json } from '../test/test-server.ts';

/** Several instances on one PostgreSQL database behave as one. */
describe('instances sharing one PostgreSQL database', () => {
  let database: TTestDatabase;
  const handles: TDbHandle[] = [];
  const servers: TStarLoopServer[] = [];

  async function instance(): Promise<TStarLoopServer> {
    const handle = createDb({ url: database.url, poolSize: 3 });
    handles.push(handle);
    const server = await createServer({
      config: loadConfig({
        DATA_DIR: '/tmp',
        DATABASE_URL: database.url,
        TOKEN_SECRET: 'one-secret-shared-by-every-instance-0123456789',
        LOG_LEVEL: 'silent',
      }),
      database: handle,
      logger: false,
      webDistDir: fixtureWebDist(),
      // A long cache: only the change bus can explain a fresh answer.
      reviewPageCacheMs: 60_000,
    });
    await server.app.ready();
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(testDatabaseUrl()!);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop().catch(() => {});
    await database?.drop();
  });

  it('apply migrations once when started together (an advisory lock serialises them)', async () => {
    const racers = [
      createDb({ url: database.url, poolSize: 2 }),
      createDb({ url: database.url, poolSize: 2 }),
    ];
    try {
      const applied = await Promise.all(racers.map((racer) => migrateToLatest(racer.db)));
      const all = applied.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(applied.some((list) => list.length === 0)).toBe(true);
    } finally {
      for (const racer of racers) await racer.close();
    }
  });

  it("clear every instance's review page cache within a second of an owner change", async () => {
    const [a, b] = [await instance(), await instance()];
    const owner = await createTestOwner(a);
    const admin = await createTestAdmin(a);
    const link = (server: TStarLoopServer) =>
      server.app.inject({ method: 'GET', url: `/api/users/review-link/${owner.code}` });
    expect((await link(a)).statusCode).toBe(200);
    expect((await link(b)).statusCode).toBe(200);

    const login = await a.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      ...json({ email: admin.email, password: admin.password }),
    });
    const token = login.json().token as string;
    const changed = await a.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${owner.id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: owner.name,
        businessName: owner.businessName,
        contactNumber: owner.contactNumber,
        code: owner.code,
        status: 'inactive',
      }),
    });
    expect(changed.statusCode).toBe(200);
    const changedAt = Date.now();
    let seenMs = -1;
    while (Date.now() - changedAt < 1_000) {
      if ((await link(b)).statusCode === 410) {
        seenMs = Date.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenMs).toBeGreaterThanOrEqual(0);
    console.info(`owner change seen by the other instance after ${seenMs} ms`);
  });

  it("accept each other's tokens, and a logout on one is final on all", async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const owner = await createTestOwner(a);
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ contactNumber: owner.contactNumber, password: owner.password }),
    });
    const auth = { authorization: `Bearer ${login.json().token}` };
    expect((await b.app.inject({ method: 'GET', url: '/api/users/me', headers: auth })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'POST', url: '/api/users/logout', headers: auth })).statusCode).toBe(
      200,
    );
    expect((await a.app.inject({ method: 'GET', url: '/api/users/me', headers: auth })).statusCode).toBe(401);
  });

  it('share rate limits through the database when there is no Redis', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    expect(a.deps.rateLimiter.store).toBe('postgres');
    const owner = await createTestOwner(a);
    const attempt = (server: TStarLoopServer) =>
      server.app.inject({
        method: 'POST',
        url: '/api/users/login',
        ...json({ contactNumber: owner.contactNumber, password: 'wrong-password-1' }),
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await attempt(i % 2 === 0 ? a : b)).statusCode);
    // Five failures per phone across both instances, then 429 on either.
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt(a)).statusCode).toBe(429);
  });

  it('number invoices without a gap or a duplicate when two instances capture at once', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    await saveTestBillingProfile(a.deps.db);
    const call = (server: TStarLoopServer, path: string, body: unknown) =>
      server.app.inject({ method: 'POST', url: `/trpc/${path}`, ...json(body) });
    // The test gateway signs with a secret of its own instance: each order stays on the instance
    // that made it, half on each.
    const on = (i: number) => (i % 2 === 0 ? a : b);
    const orders: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call(on(i), 'payments.initiate', {
        userData: {
          name: 'Cluster Owner',
          email: `cluster${i}@example.in`,
          phone: `90${String(70_000_000 + i * 7919).padStart(8, '0')}`,
          businessName: `Cluster Cafe ${i}`,
          code: `cluster-inv-${i}`,
          businessUrl: 'https://g.page/r/cluster/review',
          salesGuy: 'Direct',
          state: 'Maharashtra',
          city: 'Pune',
          password: 'cluster-pass-2026',
        },
        plan: 'Essential',
        amount: 199900,
      });
      expect(res.statusCode, res.body).toBe(200);
      orders.push(res.json().result.data.orderId);
    }
    const paid = [];
    for (const [i, orderId] of orders.entries()) {
      const res = await call(on(i), 'payments.testGateway.complete', { orderId, outcome: 'success' });
      expect(res.statusCode, res.body).toBe(200);
      paid.push(res.json().result.data);
    }
    // Every checkout verified twice at once (a retried callback), all orders at once on both instances.
    const results = await Promise.all(
      paid.flatMap((checkout, i) => [1, 2].map(() => call(on(i), 'payments.verify', checkout))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const invoices = await a.deps.db
      .selectFrom('invoices')
      .select(['serial', 'number', 'paymentId'])
      .where('kind', '=', 'invoice')
      .orderBy('serial')
      .execute();
    expect(invoices.map((i) => i.serial)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(invoices.map((i) => i.paymentId)).size).toBe(8);
    expect(new Set(invoices.map((i) => i.number)).size).toBe(8);
  });
});
