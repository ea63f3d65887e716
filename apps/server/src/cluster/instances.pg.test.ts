import { loadConfig } from '@starloop/config';
import { PAYMENT_TEXTS } from '@starloop/contract';
import { createDb, findBusinessOwnerPerson, migrateToLatest, type TDbHandle } from '@starloop/db';
import { createEmptyPostgresDatabase, type TTestDatabase, testDatabaseUrl } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../domains/payments/subscription.rules.ts';
import { createServer, type TStarLoopServer } from '../server.ts';
import { saveTestBillingProfile } from '../test/billing-profile.ts';
import {
  signCheckout,
  signWebhook,
  startFakeRazorpay,
  type TFakeRazorpay,
  webhookBody,
} from '../test/fake-razorpay.ts';
import { createTestAdmin, createTestOwner, fixtureWebDist, json } from '../test/test-server.ts';

/** Several instances on one PostgreSQL database behave as one. */
describe('instances sharing one PostgreSQL database', () => {
  let database: TTestDatabase;
  const handles: TDbHandle[] = [];
  const servers: TStarLoopServer[] = [];

  async function instance(env: Record<string, string> = {}): Promise<TStarLoopServer> {
    const handle = createDb({ url: database.url, poolSize: 3 });
    handles.push(handle);
    const server = await createServer({
      config: loadConfig({
        DATA_DIR: '/tmp',
        DATABASE_URL: database.url,
        TOKEN_SECRET: 'one-secret-shared-by-every-instance-0123456789',
        LOG_LEVEL: 'silent',
        ...env,
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

  describe('Razorpay: the webhook on one instance, the paying browser on another', () => {
    const KEY_SECRET = 'rzp-key-secret-for-cluster-tests';
    const WEBHOOK_SECRET = 'rzp-webhook-secret-for-cluster-tests';
    let fake: TFakeRazorpay;
    let a: TStarLoopServer;
    let b: TStarLoopServer;

    beforeAll(async () => {
      fake = await startFakeRazorpay();
      const razorpay = {
        RAZORPAY_KEY_ID: 'rzp_test_cluster',
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_BASE: fake.url,
        // Each registration comes from a browser of its own (X-Forwarded-For), as behind the load balancer.
        TRUST_PROXY: 'loopback',
      };
      [a, b] = [await instance(razorpay), await instance(razorpay)];
      await saveTestBillingProfile(a.deps.db);
    });
    afterAll(async () => {
      await fake?.close();
    });

    /** Who delivers what: Razorpay's `payment.captured` to A, the browser's verify to A or B. */
    type TCall = 'webhook on A' | 'verify on A' | 'verify on B';
    /** Steps in turn; the calls of one step at once. */
    const SCENARIOS: Record<string, TCall[][]> = {
      'webhook on A, then verify on B': [['webhook on A'], ['verify on B']],
      'verify on B, then webhook on A': [['verify on B'], ['webhook on A']],
      'webhook on A and verify on B at once': [['webhook on A', 'verify on B']],
      'one verify on A and on B at once': [['verify on A', 'verify on B']],
      'webhook on A, then one verify on A and on B at once': [
        ['webhook on A'],
        ['verify on A', 'verify on B'],
      ],
      'webhook on A and one verify on A and on B, all at once': [
        ['webhook on A', 'verify on A', 'verify on B'],
      ],
    };
    const ORDERS_PER_SCENARIO = 2;

    let ip = 0;
    const post = (server: TStarLoopServer, url: string, body: string, headers: Record<string, string> = {}) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${++ip}`, ...headers },
        payload: body,
      });

    it('capture every registration once and sign its browser in once, whichever instance hears first', async () => {
      // An account with a second branch: from here on a new business's id is not its owner's
      // person's id, as in any database where an account has more than one branch.
      const first = await createTestOwner(a);
      await createTestOwner(a, { accountId: first.accountId, code: `cluster-branch-${first.id}` });

      const plan = Object.entries(SCENARIOS).flatMap(([scenario, steps]) =>
        Array.from({ length: ORDERS_PER_SCENARIO }, () => ({ scenario, steps })),
      );
      // Every registration initiated at once, half on each instance.
      const orders = await Promise.all(
        plan.map(async ({ scenario, steps }, i) => {
          const phone = `93${String(10_000_000 + i * 7919).padStart(8, '0')}`;
          const code = `cluster-pay-${i}`;
          const res = await post(
            i % 2 === 0 ? a : b,
            '/api/payments/initiate',
            JSON.stringify({
              userData: {
                name: 'Cluster Payer',
                email: `payer${i}@example.in`,
                phone,
                businessName: `Cluster Bakery ${i}`,
                code,
                businessUrl: 'https://g.page/r/cluster/review',
                salesGuy: 'Direct',
                state: 'Maharashtra',
                city: 'Pune',
                password: 'cluster-pass-2026',
              },
              plan: 'Essential',
              amount: 199900,
            }),
          );
          expect(res.statusCode, res.body).toBe(200);
          const { orderId, total } = res.json() as { orderId: string; total: number };
          const paymentId = `pay_cluster${String(i).padStart(4, '0')}`;
          return { scenario, steps, code, orderId, total, paymentId };
        }),
      );

      const verify = (server: TStarLoopServer, order: (typeof orders)[number]) =>
        post(
          server,
          '/api/payments/verify',
          JSON.stringify({
            razorpay_order_id: order.orderId,
            razorpay_payment_id: order.paymentId,
            razorpay_signature: signCheckout(KEY_SECRET, order.orderId, order.paymentId),
          }),
        );
      const captured = (order: (typeof orders)[number]) => {
        const body = webhookBody('payment.captured', {
          id: order.paymentId,
          orderId: order.orderId,
          amount: order.total,
        });
        return post(a, '/api/payments/webhook', body, {
          'x-razorpay-signature': signWebhook(WEBHOOK_SECRET, body),
          'x-razorpay-event-id': `evt_${order.paymentId}`,
        });
      };
      const run = (call: TCall, order: (typeof orders)[number]) =>
        call === 'webhook on A' ? captured(order) : verify(call === 'verify on A' ? a : b, order);

      // All orders at once, each playing its scenario.
      const played = await Promise.all(
        orders.map(async (order) => {
          const verifies: LightMyRequestResponse[] = [];
          for (const step of order.steps) {
            const answers = await Promise.all(step.map((call) => run(call, order)));
            for (const [j, res] of answers.entries()) {
              expect(res.statusCode, `${order.scenario}: ${step[j]}: ${res.body}`).toBe(200);
              if (step[j] !== 'webhook on A') verifies.push(res);
            }
          }
          return { ...order, verifies };
        }),
      );
      // Later, the checkout callback replayed on each instance (REST on A, tRPC on B).
      const replays = await Promise.all(
        played.map(async (order) => {
          const rest = await verify(a, order);
          const trpc = await post(
            b,
            '/trpc/payments.verify',
            JSON.stringify({
              razorpay_order_id: order.orderId,
              razorpay_payment_id: order.paymentId,
              razorpay_signature: signCheckout(KEY_SECRET, order.orderId, order.paymentId),
            }),
          );
          return [rest, trpc];
        }),
      );

      const db = a.deps.db;
      for (const [i, order] of played.entries()) {
        const label = `${order.scenario} (${order.orderId})`;
        const payment = await db
          .selectFrom('payments')
          .selectAll()
          .where('razorpayOrderId', '=', order.orderId)
          .executeTakeFirstOrThrow();
        expect(payment, label).toMatchObject({
          status: 'captured',
          razorpayPaymentId: order.paymentId,
          razorpaySignature: signCheckout(KEY_SECRET, order.orderId, order.paymentId),
        });
        const owner = await db
          .selectFrom('owners')
          .selectAll()
          .where('id', '=', payment.ownerId!)
          .executeTakeFirstOrThrow();
        expect(owner.status, label).toBe('active');
        expect(owner.code, label).toBe(order.code);
        // One period, one captured payment, one registration event, one invoice.
        expect(owner.subscriptionEnd, label).toEqual(addMonths(owner.subscriptionStart!, 1));
        expect(payment.periodEnd, label).toEqual(owner.subscriptionEnd);
        const capturedPayments = await db
          .selectFrom('payments')
          .select('id')
          .where('ownerId', '=', owner.id)
          .where('status', '=', 'captured')
          .execute();
        expect(capturedPayments, label).toHaveLength(1);
        const events = await db
          .selectFrom('activityEvents')
          .select('type')
          .where('ownerId', '=', owner.id)
          .execute();
        expect(events, label).toEqual([{ type: 'user' }]);
        const invoices = await db
          .selectFrom('invoices')
          .select('id')
          .where('paymentId', '=', payment.id)
          .where('kind', '=', 'invoice')
          .execute();
        expect(invoices, label).toHaveLength(1);

        // Exactly one verify signed the browser in; every other, and every replay, answered success alone.
        const answers = order.verifies.map((res) => res.json());
        const signedIn = answers.filter((answer) => typeof answer.token === 'string');
        expect(signedIn, label).toHaveLength(1);
        expect(signedIn[0], label).toMatchObject({ success: true, user: { id: owner.id, code: order.code } });
        for (const answer of answers.filter((x) => typeof x.token !== 'string')) {
          expect(answer, label).toEqual({ success: true, message: PAYMENT_TEXTS.paymentAlreadyVerified });
        }
        const [rest, trpc] = replays[i]!;
        expect(rest!.statusCode, label).toBe(200);
        expect(rest!.json(), label).toEqual({ success: true, message: PAYMENT_TEXTS.paymentAlreadyVerified });
        expect(trpc!.statusCode, label).toBe(200);
        expect(trpc!.json().result.data, label).toEqual({
          success: true,
          message: PAYMENT_TEXTS.paymentAlreadyVerified,
        });

        // The one token is this owner's, on either instance; it is the only session.
        const auth = { authorization: `Bearer ${signedIn[0].token}` };
        for (const server of [a, b]) {
          const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: auth });
          expect(me.statusCode, label).toBe(200);
          expect(me.json().user, label).toMatchObject({ id: owner.id, code: order.code });
        }
        const person = await findBusinessOwnerPerson(db, owner.id);
        const sessions = await db
          .selectFrom('authSessions')
          .select('id')
          .where('subjectKind', '=', 'owner')
          .where('subjectId', '=', person!.id)
          .execute();
        expect(sessions, label).toHaveLength(1);
      }
    });
  });
});
