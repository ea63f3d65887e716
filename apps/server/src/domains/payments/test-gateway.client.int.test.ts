import { PAYMENT_TEXTS } from '@starloop/contract';
import { findOwnerByPhone, findPaymentByOrderId } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCheckout, signWebhook, webhookBody } from '../../test/fake-razorpay.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../test/test-server.ts';
import { reconcilePendingPayments } from './reconcile.worker.ts';
import { addMonths } from './subscription.rules.ts';
import { createTestGateway } from './test-gateway.client.ts';

let seq = 0;
const randomPhone = () => `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const userData = () => ({
  name: 'Kiran Shah',
  email: 'kiran@example.com',
  phone: randomPhone(),
  businessName: 'Kiran Sweets',
  code: `sweets-${Date.now().toString(36)}-${seq++}`,
  businessUrl: 'https://g.page/r/kiran-sweets/review',
  salesGuy: 'Direct',
  state: 'Gujarat',
  city: 'Surat',
  password: 'kiran-pass',
});

describe(`test gateway (no Razorpay keys) on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const complete = (orderId: string, outcome: 'success' | 'failure') =>
    post('/trpc/payments.testGateway.complete', { orderId, outcome });

  async function initiate() {
    const data = userData();
    const res = await post('/trpc/payments.initiate', {
      userData: data,
      plan: 'Professional',
      amount: 299900,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().result.data;
    const payment = (await findPaymentByOrderId(server.deps.db, order.orderId))!;
    return { data, order, payment };
  }

  it('runs the whole flow without keys, labelled as test mode', async () => {
    expect(server.config.razorpay.enabled).toBe(false);
    const { data, order, payment } = await initiate();
    expect(order).toMatchObject({ amount: 299900, currency: 'INR', keyId: 'test_gateway', testMode: true });
    expect(order.orderId).toMatch(/^order_test_/);
    expect(payment).toMatchObject({ provider: 'test', status: 'pending', plan: 'professional' });

    // Fail first: the payment fails with the gateway's description, the owner stays pending.
    const failed = await complete(order.orderId, 'failure');
    expect(failed.statusCode).toBe(200);
    expect(failed.json().result.data).toEqual({ error: { description: 'Test payment failed' } });
    const afterFailure = await findPaymentByOrderId(server.deps.db, order.orderId);
    expect(afterFailure).toMatchObject({ status: 'failed', failureReason: 'Test payment failed' });
    expect((await findOwnerByPhone(server.deps.db, data.phone))?.status).toBe('pending');

    // Then pay: the browser gets the three checkout fields and calls verify exactly as with Razorpay.
    const paid = await complete(order.orderId, 'success');
    expect(paid.statusCode).toBe(200);
    const fields = paid.json().result.data;
    expect(Object.keys(fields).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    expect(fields.razorpay_order_id).toBe(order.orderId);
    const verified = await post('/api/payments/verify', fields);
    expect(verified.statusCode, verified.body).toBe(200);
    const { token, user } = verified.json();
    expect(user).toMatchObject({ status: 'active', plan: 'professional', code: data.code });
    expect(await findPaymentByOrderId(server.deps.db, order.orderId)).toMatchObject({
      status: 'captured',
      paymentMethod: 'test',
      razorpayPaymentId: fields.razorpay_payment_id,
      failureReason: null,
    });
    const me = await server.app.inject({
      method: 'GET',
      url: '/trpc/owner.me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);

    const again = await complete(order.orderId, 'success');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(PAYMENT_TEXTS.paymentAlreadyComplete);
  });

  it("rejects signatures not made with this process's gateway secret", async () => {
    const { order, payment } = await initiate();
    // Another gateway instance (another process, or a restart) has another secret.
    const foreign = createTestGateway().testGateway.pay(order.orderId);
    expect((await post('/api/payments/verify', foreign)).statusCode).toBe(400);
    const guessed = {
      razorpay_order_id: order.orderId,
      razorpay_payment_id: 'pay_test_guess',
      razorpay_signature: signCheckout('', order.orderId, 'pay_test_guess'),
    };
    expect((await post('/api/payments/verify', guessed)).statusCode).toBe(400);
    expect((await findPaymentByOrderId(server.deps.db, order.orderId))?.status).toBe(payment.status);
  });

  it('answers 404 for an order it does not know', async () => {
    const res = await complete('order_test_nope', 'success');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(PAYMENT_TEXTS.paymentNotFound);
  });

  it('refuses webhooks when no webhook secret is configured', async () => {
    const { order, payment } = await initiate();
    const body = webhookBody('payment.captured', { id: 'pay_x', orderId: order.orderId, amount: 299900 });
    const res = await post('/api/payments/webhook', body, { 'x-razorpay-signature': signWebhook('', body) });
    expect(res.statusCode).toBe(400);
    expect((await findPaymentByOrderId(server.deps.db, order.orderId))?.status).toBe(payment.status);
  });

  it('renews in test mode, and reconciliation settles a paid order whose verify never came', async () => {
    const end = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    const owner = await createTestOwner(server, { status: 'active', subscriptionEnd: end });
    const { token } = await issueOwnerToken(server, owner.id);
    const res = await post(
      '/trpc/owner.plan.createOrder',
      { plan: 'Essential', purpose: 'renewal' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().result.data;
    expect(order).toMatchObject({ testMode: true, amount: 199900 });

    // Paid in the dialog, but the tab was closed before verify.
    expect((await complete(order.orderId, 'success')).statusCode).toBe(200);
    await reconcilePendingPayments(server.deps, { now: new Date(Date.now() + 16 * 60 * 1000) });
    expect(await findPaymentByOrderId(server.deps.db, order.orderId)).toMatchObject({
      status: 'captured',
      paymentMethod: 'test',
    });
    const renewed = await server.deps.db
      .selectFrom('owners')
      .select('subscriptionEnd')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(renewed.subscriptionEnd).toEqual(addMonths(end, 1));
  });
});
