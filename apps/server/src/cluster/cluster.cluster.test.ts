import { insertAdmin, insertOwner, type TOwnerPublic } from '@starloop/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import { signCheckout, signWebhook, webhookBody } from '../test/fake-razorpay.ts';
import { CLUSTER_SECRETS, startCluster, type TCluster, waitFor } from './cluster-harness.ts';

/**
 * The whole cluster on this machine: three built instances in production mode on one PostgreSQL
 * database behind nginx (round robin, TRUST_PROXY naming it). `npm run test:cluster`.
 */
describe('three instances behind nginx on one PostgreSQL database', () => {
  let cluster: TCluster;
  const figures: Record<string, unknown> = {};
  let seq = 0;

  beforeAll(async () => {
    const started = Date.now();
    cluster = await startCluster(3);
    figures.coldStartMs = Date.now() - started;
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
    console.info(`cluster figures: ${JSON.stringify(figures)}`);
  });

  const send = (
    base: string,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });

  async function owner(overrides: Partial<Parameters<typeof insertOwner>[1]> = {}) {
    seq += 1;
    const password = 'owner-pass-cluster';
    const row = await insertOwner(cluster.db.db, {
      name: `Cluster Owner ${seq}`,
      businessName: `Cluster Cafe ${seq}`,
      contactNumber: `96${String(10_000_000 + seq).slice(-8)}`,
      code: `cluster-cafe-${seq}`,
      registrationSource: 'website',
      status: 'active',
      passwordHash: await hashPassword(password),
      ...overrides,
    });
    return { ...row, password };
  }

  it('cold-starts all three on an empty database, migrating once', async () => {
    const rows = await sql<{
      n: number;
      distinct: number;
    }>`SELECT count(*)::int AS n, count(DISTINCT name)::int AS distinct FROM kysely_migration`.execute(
      cluster.db.db,
    );
    expect(rows.rows[0]!.n).toBeGreaterThan(0);
    expect(rows.rows[0]!.n).toBe(rows.rows[0]!.distinct);
    for (const instance of cluster.instances) {
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    }
  });

  it("accepts one instance's token on the others; a logout is final on all at once", async () => {
    const o = await owner();
    const login = await send(cluster.url, 'POST', '/api/users/login', {
      contactNumber: o.contactNumber,
      password: o.password,
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    for (const instance of cluster.instances) {
      expect((await send(instance.url, 'GET', '/api/users/me', undefined, auth)).status).toBe(200);
    }
    expect((await send(cluster.instances[0]!.url, 'POST', '/api/users/logout', undefined, auth)).status).toBe(
      200,
    );
    for (const instance of cluster.instances) {
      expect((await send(instance.url, 'GET', '/api/users/me', undefined, auth)).status).toBe(401);
    }
  });

  it("closes a deleted owner's review page on every instance within a second", async () => {
    const o = await owner();
    const adminPassword = 'admin-pass-cluster';
    const admin = await insertAdmin(cluster.db.db, {
      name: 'Cluster Admin',
      email: `cluster-admin-${seq}@starloop.test`,
      passwordHash: await hashPassword(adminPassword),
      role: 'super_admin',
      status: 'active',
    });
    const link = (base: string) => send(base, 'GET', `/api/users/review-link/${o.code}`);
    // Every instance has the open page in its cache.
    for (const instance of cluster.instances) expect((await link(instance.url)).status).toBe(200);
    const login = await send(cluster.url, 'POST', '/api/admin/login', {
      email: admin.email,
      password: adminPassword,
    });
    const token = ((await login.json()) as { token: string }).token;
    const removed = await send(cluster.url, 'DELETE', `/api/admin/users/${o.id}`, undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(removed.status).toBe(200);
    const seen = await Promise.all(
      cluster.instances.map((instance) =>
        waitFor(async () => (await link(instance.url)).status === 410, 1_000, 20),
      ),
    );
    figures.ownerDeletionSeenMs = seen;
  });

  it('holds the per-device review limit and the sign-in failure limit across instances', async () => {
    const o = await owner();
    const review = (i: number) =>
      send(cluster.instances[i % 3]!.url, 'POST', '/api/reviews/', {
        code: o.code,
        rating: 5,
        message: '',
        deviceId: 'one-phone-many-instances',
      });
    const reviewCodes = [];
    for (let i = 0; i < 4; i++) reviewCodes.push((await review(i)).status);
    expect(reviewCodes).toEqual([201, 201, 201, 429]);

    const signIn = (i: number) =>
      send(cluster.instances[i % 3]!.url, 'POST', '/api/users/login', {
        contactNumber: o.contactNumber,
        password: 'wrong-password-1',
      });
    const signInCodes = [];
    for (let i = 0; i < 6; i++) signInCodes.push((await signIn(i)).status);
    expect(signInCodes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('activates a payment once when verify and webhooks reach different instances at once', async () => {
    seq += 1;
    const initiate = await send(cluster.url, 'POST', '/api/payments/initiate', {
      userData: {
        name: 'Asha Verma',
        email: `asha${seq}@example.com`,
        phone: `95${String(10_000_000 + seq).slice(-8)}`,
        businessName: 'Cluster Chai',
        code: `cluster-chai-${seq}`,
        businessUrl: 'https://g.page/r/chai/review',
        salesGuy: 'Direct',
        state: 'Maharashtra',
        city: 'Pune',
        password: 'secret-pass-9',
      },
      plan: 'Essential',
      amount: 199900,
    });
    expect(initiate.status).toBe(200);
    const { orderId } = (await initiate.json()) as { orderId: string };
    const paymentId = `pay_cluster${seq}`;
    const calls: Promise<Response>[] = [];
    for (let round = 0; round < 3; round++) {
      calls.push(
        send(cluster.instances[0]!.url, 'POST', '/api/payments/verify', {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: signCheckout(CLUSTER_SECRETS.keySecret, orderId, paymentId),
        }),
      );
      for (const [i, event] of (['payment.captured', 'order.paid'] as const).entries()) {
        // What checkout charged: the plan price plus 18% GST.
        const body = webhookBody(event, { id: paymentId, orderId, amount: 235882, method: 'upi' });
        calls.push(
          send(cluster.instances[1 + i]!.url, 'POST', '/api/payments/webhook', body, {
            'x-razorpay-signature': signWebhook(CLUSTER_SECRETS.webhookSecret, body),
            'x-razorpay-event-id': `evt_cluster_${seq}_${event}_${round}`,
          }),
        );
      }
    }
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const payments = await cluster.db.db
      .selectFrom('payments')
      .select(['ownerId', 'status'])
      .where('razorpayOrderId', '=', orderId)
      .execute();
    expect(payments.map((p) => p.status)).toEqual(['captured']);
    const owners = await cluster.db.db
      .selectFrom('owners')
      .select(['status', 'subscriptionStart', 'subscriptionEnd'])
      .where('id', '=', payments[0]!.ownerId!)
      .execute();
    expect(owners[0]!.status).toBe('active');
    const activity = await cluster.db.db
      .selectFrom('activityEvents')
      .select('id')
      .where('ownerId', '=', payments[0]!.ownerId!)
      .execute();
    expect(activity).toHaveLength(1);
  });

  it("runs each review's reply and low-rating alert jobs once across the instances", async () => {
    const o: TOwnerPublic = await owner({
      plan: 'professional',
      email: `alerts${seq}@example.com`,
      notifyLowRatings: true,
      dailyDigest: false,
    });
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await send(cluster.url, 'POST', '/api/reviews/', {
        code: o.code,
        rating: 1 + (i % 3),
        message: `Cold food and slow service, visit ${i}.`,
        customerContact: `customer${seq}x${i}@example.com`,
        deviceId: `jobs-device-${i}`,
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const started = Date.now();
    await waitFor(
      async () => {
        const pending = await cluster.db.db
          .selectFrom('reviews')
          .select('id')
          .where('id', 'in', ids)
          .where('replyStatus', 'in', ['pending', 'drafted'])
          .execute();
        return pending.length === 0;
      },
      60_000,
      250,
    );
    figures.repliesDoneMs = Date.now() - started;
    const rows = await cluster.db.db
      .selectFrom('reviews')
      .select(['replyStatus', 'replyAttempts'])
      .where('id', 'in', ids)
      .execute();
    // Each reply was drafted and emailed by exactly one attempt on one instance.
    for (const row of rows) {
      expect(row.replyStatus).toBe('sent');
      expect(row.replyAttempts).toBe(1);
    }
    const replyMails = cluster.smtp.messages.filter((mail) =>
      mail.to.some((to) => to.startsWith(`customer${seq}x`)),
    );
    expect(replyMails).toHaveLength(ids.length);
    expect(new Set(replyMails.flatMap((mail) => mail.to)).size).toBe(ids.length);
    // Low ratings within ten minutes make one alert email for the owner, never one per instance.
    const alerts = () =>
      cluster.smtp.messages.filter((mail) => mail.to.includes(o.email!) && /review/i.test(mail.subject));
    await waitFor(async () => alerts().length >= 1, 30_000, 250);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    figures.lowRatingAlerts = alerts().map((mail) => mail.subject);
    expect(alerts()).toHaveLength(1);
  });

  it('loses no acknowledged review when an instance is SIGKILLed under load, and counters match a recount', async () => {
    const owners = await Promise.all(Array.from({ length: 20 }, () => owner()));
    const results: { status: number | 'network'; id?: number; deviceId: string }[] = [];
    let running = true;
    let n = 0;
    const loop = async () => {
      while (running) {
        n += 1;
        const deviceId = `kill-load-${n}`;
        const target = owners[n % owners.length]!;
        try {
          const res = await send(
            cluster.url,
            'POST',
            '/api/reviews/',
            { code: target.code, rating: 1 + (n % 5), message: n % 5 < 3 ? 'Not great.' : '', deviceId },
            // Many customers behind the one load balancer: nginx appends this address to the chain.
            { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          );
          const body = (await res.json().catch(() => ({}))) as { id?: number };
          results.push({ status: res.status, deviceId, ...(body.id ? { id: body.id } : {}) });
        } catch {
          results.push({ status: 'network', deviceId });
        }
      }
    };
    const loops = Array.from({ length: 12 }, loop);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const victim = cluster.instances[1]!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    running = false;
    await Promise.all(loops);

    const acknowledged = results.filter((r) => r.status === 201);
    const stored = await sql<{ id: number; deviceId: string }>`
      SELECT id, device_id AS "deviceId" FROM reviews WHERE device_id LIKE 'kill-load-%'`.execute(
      cluster.db.db,
    );
    const storedIds = new Set(stored.rows.map((row) => Number(row.id)));
    expect(acknowledged.filter((r) => !storedIds.has(r.id!))).toEqual([]);
    expect(new Set(stored.rows.map((r) => r.deviceId)).size).toBe(stored.rows.length);
    figures.killLoad = {
      requests: results.length,
      acknowledged: acknowledged.length,
      stored: stored.rows.length,
      refused: results.filter((r) => r.status !== 201).length,
    };
    expect(acknowledged.length).toBeGreaterThan(500);

    // Counters kept in the reviews' transactions match a recount.
    const mismatches = await sql<{ ownerId: number }>`
      SELECT s.owner_id AS "ownerId" FROM owner_review_stats s
        LEFT JOIN (SELECT owner_id, count(*)::int AS n, sum(rating)::int AS total FROM reviews GROUP BY owner_id) r
          ON r.owner_id = s.owner_id
       WHERE s.review_count <> coalesce(r.n, 0) OR s.rating_sum <> coalesce(r.total, 0)`.execute(
      cluster.db.db,
    );
    expect(mismatches.rows).toEqual([]);
    const platform = await sql<{ counted: number; actual: number }>`
      SELECT (SELECT coalesce(sum(n), 0)::int FROM stat_counters WHERE metric = 'reviews') AS counted,
             (SELECT count(*)::int FROM reviews) AS actual`.execute(cluster.db.db);
    expect(platform.rows[0]!.counted).toBe(platform.rows[0]!.actual);
  }, 60_000);
});
