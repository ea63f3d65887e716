import { AUTOPAY_TEXTS } from '@starloop/contract';
import { findOwnerById } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveTestBillingProfile } from '../../test/billing-profile.ts';
import { addressSequence, postJson } from '../../test/client-kit.ts';
import {
  signWebhook,
  startFakeRazorpay,
  subscriptionWebhookBody,
  type TFakeRazorpay,
} from '../../test/fake-razorpay.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../test/test-server.ts';
import { addMonths } from './subscription.rules.ts';

const WEBHOOK_SECRET = 'rzp-webhook-secret-autopay';
const DAY = 86_400_000;
const nextIp = addressSequence('10.41');
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

describe(`AutoPay through Razorpay Subscriptions (fake server) on ${testDriverName()}`, () => {
  let server: TTestServer;
  let fake: TFakeRazorpay;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    server = await createTestServer({
      RAZORPAY_KEY_ID: 'rzp_test_autopay',
      RAZORPAY_KEY_SECRET: 'rzp-key-secret-autopay',
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_BASE: fake.url,
    });
    await saveTestBillingProfile(server.deps.db);
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  const call = async (method: 'POST' | 'DELETE', ownerId: number) =>
    server.app.inject({
      method,
      url: '/api/users/autopay',
      headers: { authorization: `Bearer ${(await issueOwnerToken(server, ownerId)).token}` },
    });
  const webhook = (body: string, eventId = `evt_${unique()}`) =>
    postJson(server, '/api/payments/webhook', body, nextIp(), {
      'x-razorpay-signature': signWebhook(WEBHOOK_SECRET, body),
      'x-razorpay-event-id': eventId,
    });
  const chargesOf = (ownerId: number) =>
    server.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('ownerId', '=', ownerId)
      .where('razorpaySubscriptionId', 'is not', null)
      .execute();
  const invoicesOf = (ownerId: number) =>
    server.deps.db.selectFrom('invoices').selectAll().where('businessId', '=', ownerId).execute();

  it('creates a monthly plan at the price plus GST and a subscription, and answers what checkout needs', async () => {
    const owner = await createTestOwner(server, { plan: 'professional', state: 'Karnataka' });
    const res = await call('POST', owner.id);
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json();
    expect(started).toMatchObject({ keyId: 'rzp_test_autopay', amount: 299900, tax: 53982, total: 353882 });
    expect(started.gst).toEqual({ cgst: 0, sgst: 0, igst: 53982 });
    const subscription = fake.subscriptions.get(started.subscriptionId)!;
    expect(fake.plans.get(subscription.plan_id)?.item.amount).toBe(353882);
    expect(subscription.notes).toMatchObject({ businessId: String(owner.id), purpose: 'autopay' });
    // Checkout closed before authorising: the same subscription opens again; no second one.
    expect((await call('POST', owner.id)).json().subscriptionId).toBe(started.subscriptionId);
    expect(fake.subscriptions.size).toBe(1);
  });

  it('extends the period and issues one invoice per charge, however the webhooks are replayed or ordered', async () => {
    const end = new Date(Date.now() + 2 * DAY);
    const owner = await createTestOwner(server, {
      subscriptionEnd: end,
      subscriptionStart: new Date(Date.now() - 28 * DAY),
    });
    const { subscriptionId } = (await call('POST', owner.id)).json();
    const sub = { id: subscriptionId };
    const first = { id: `pay_${unique()}`, orderId: `order_${unique()}`, amount: 235882 };
    const charged = subscriptionWebhookBody('subscription.charged', sub, first);

    // Charged arrives before activated; then both again (Razorpay retries), and again under another event id.
    expect((await webhook(charged)).statusCode).toBe(200);
    expect((await webhook(subscriptionWebhookBody('subscription.activated', sub))).statusCode).toBe(200);
    expect((await webhook(subscriptionWebhookBody('subscription.authenticated', sub))).statusCode).toBe(200);
    await Promise.all([
      webhook(charged),
      webhook(charged),
      webhook(charged, 'evt_same'),
      webhook(charged, 'evt_same'),
    ]);
    expect(await chargesOf(owner.id)).toHaveLength(1);
    expect(await invoicesOf(owner.id)).toHaveLength(1);
    expect((await findOwnerById(server.deps.db, owner.id))!.subscriptionEnd).toEqual(addMonths(end, 1));
    const status = await server.deps.db
      .selectFrom('autopaySubscriptions')
      .select('status')
      .where('razorpaySubscriptionId', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('active');

    // Next month's charge: one more extension and invoice.
    const second = { id: `pay_${unique()}`, orderId: `order_${unique()}`, amount: 235882 };
    await webhook(subscriptionWebhookBody('subscription.charged', sub, second));
    expect(await chargesOf(owner.id)).toHaveLength(2);
    expect(await invoicesOf(owner.id)).toHaveLength(2);
    expect((await findOwnerById(server.deps.db, owner.id))!.subscriptionEnd).toEqual(addMonths(end, 2));

    // A charge of another amount than the subscription's is not applied.
    await webhook(
      subscriptionWebhookBody('subscription.charged', sub, {
        ...second,
        id: `pay_${unique()}`,
        orderId: `order_${unique()}`,
        amount: 100,
      }),
    );
    expect(await invoicesOf(owner.id)).toHaveLength(2);
  });

  it('pending and halted email the owner a pay link once; cancelled stops it and a late event does not revive it', async () => {
    const owner = await createTestOwner(server, { email: `dunning-${unique()}@example.in` });
    const { subscriptionId } = (await call('POST', owner.id)).json();
    const sub = { id: subscriptionId };
    await webhook(subscriptionWebhookBody('subscription.activated', sub));
    await webhook(subscriptionWebhookBody('subscription.pending', sub));
    await webhook(subscriptionWebhookBody('subscription.pending', sub));
    await webhook(subscriptionWebhookBody('subscription.halted', sub));
    const mails = await server.deps.db
      .selectFrom('emailOutbox')
      .select(['subject', 'textBody'])
      .where('category', '=', 'autopay-dunning')
      .where('toAddress', '=', owner.email!)
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.subject)).toEqual([
      'Your StarLoop AutoPay payment did not go through',
      'Your StarLoop AutoPay has stopped',
    ]);
    expect(mails[0]!.textBody).toContain(`/dashboard/plan?branch=${owner.id}`);
    // The review page stays open: halted changes no period.
    expect((await findOwnerById(server.deps.db, owner.id))!.status).toBe('active');

    const off = await call('DELETE', owner.id);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ success: true, message: AUTOPAY_TEXTS.cancelled });
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
    await webhook(subscriptionWebhookBody('subscription.cancelled', sub));
    await webhook(subscriptionWebhookBody('subscription.activated', sub));
    const plan = await server.app.inject({
      method: 'GET',
      url: '/trpc/owner.plan.get',
      headers: { authorization: `Bearer ${(await issueOwnerToken(server, owner.id)).token}` },
    });
    expect(plan.json().result.data.autopay).toBeNull();
    expect((await call('DELETE', owner.id)).statusCode).toBe(404);
  });

  it('refuses with the test gateway, for a pending branch, and when Razorpay is down', async () => {
    const plain = await createTestServer();
    try {
      const owner = await createTestOwner(plain);
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/users/autopay',
        headers: { authorization: `Bearer ${(await issueOwnerToken(plain, owner.id)).token}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTOPAY_TEXTS.unavailable);
    } finally {
      await plain.stop();
    }
    const pending = await createTestOwner(server, { status: 'pending' });
    const refused = await call('POST', pending.id);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const down = await createTestOwner(server);
    fake.mode = 'error';
    try {
      expect((await call('POST', down.id)).statusCode).toBe(503);
    } finally {
      fake.mode = 'ok';
    }
    expect(
      await server.deps.db
        .selectFrom('autopaySubscriptions')
        .selectAll()
        .where('businessId', '=', down.id)
        .execute(),
    ).toEqual([]);
  });
});
