import { PAYMENT_TEXTS } from '@starloop/contract';
import {
  findOwnerByPhone,
  findPaymentByOrderId,
  insertAgent,
  insertPayment,
  type TNewPayment,
  updateOwner,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressSequence, ownerSessions, postJson } from '../../test/client-kit.ts';
import {
  refundWebhookBody,
  signCheckout,
  signWebhook,
  startFakeRazorpay,
  type TFakeRazorpay,
  webhookBody,
} from '../../test/fake-razorpay.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../test/test-server.ts';
import { reconcilePendingPayments } from './reconcile.worker.ts';
import { addMonths } from './subscription.rules.ts';

const KEY_ID = 'rzp_test_x';
const KEY_SECRET = 'rzp-key-secret-for-tests';
const WEBHOOK_SECRET = 'rzp-webhook-secret-for-tests';
const DAY = 24 * 60 * 60 * 1000;
/** What checkout charges: the plan's price plus 18% GST (issue 32). */
const ESSENTIAL_TOTAL = 235882;
const PROFESSIONAL_TOTAL = 353882;

let seq = 0;
const unique = () =>
  `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const randomPhone = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const nextIp = addressSequence('10.9');

function userData(over: Record<string, unknown> = {}) {
  return {
    name: 'Asha Verma',
    email: 'Asha@Example.com',
    phone: randomPhone(),
    businessName: 'Chai Point Baner',
    code: `chai-${unique()}`,
    businessUrl: 'https://g.page/r/chai-point/review',
    salesGuy: 'Direct',
    state: 'Maharashtra',
    city: 'Pune',
    password: 'secret-pass',
    ...over,
  };
}

/** The body of an initiate call (Essential at its price unless told otherwise). */
const registration = (data: Record<string, unknown>, plan = 'Essential', amount = 199900) => ({
  userData: data,
  plan,
  amount,
});

describe(`payments with Razorpay (fake server) on ${testDriverName()}`, () => {
  let server: TTestServer;
  let fake: TFakeRazorpay;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    server = await createTestServer({
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_BASE: fake.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(server, url, body, nextIp(), headers);
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  async function initiate(data = userData(), plan = 'Essential', amount = 199900) {
    const res = await post('/api/payments/initiate', registration(data, plan, amount));
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().orderId as string;
    const payment = await findPaymentByOrderId(server.deps.db, orderId);
    const owner = await findOwnerByPhone(server.deps.db, data.phone);
    return { res, orderId, data, payment: payment!, owner: owner! };
  }

  const verify = (
    orderId: string,
    paymentId: string,
    signature = signCheckout(KEY_SECRET, orderId, paymentId),
  ) =>
    post('/api/payments/verify', {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    });

  const webhook = (body: string, eventId?: string, signature = signWebhook(WEBHOOK_SECRET, body)) =>
    post('/api/payments/webhook', body, {
      'x-razorpay-signature': signature,
      ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
    });
  /** Razorpay reporting by webhook (an event of its own) that `paymentId` paid the order. */
  const paidByWebhook = (
    orderId: string,
    paymentId: string,
    event: 'payment.captured' | 'order.paid' = 'payment.captured',
    amount = ESSENTIAL_TOTAL,
  ) => webhook(webhookBody(event, { id: paymentId, orderId, amount }), `evt_${paymentId}_${unique()}`);
  /** A payment row written straight to the database (Essential, a registration through Razorpay unless told). */
  const storedPayment = (ownerId: number, fields: Partial<TNewPayment>) =>
    insertPayment(server.deps.db, {
      ownerId,
      plan: 'essential',
      purpose: 'registration',
      provider: 'razorpay',
      amount: 199900,
      ...fields,
    });

  const sessionCount = async (ownerId: number) => (await ownerSessions(server, ownerId)).length;
  const ownerRow = (id: number) =>
    server.deps.db.selectFrom('owners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentRow = (id: number) =>
    server.deps.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const activityCount = async (ownerId: number) =>
    Number(
      (
        await server.deps.db
          .selectFrom('activityEvents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ownerId', '=', ownerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const tableCount = async (table: 'owners' | 'payments') =>
    Number(
      (
        await server.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('happy path: initiate -> order on Razorpay -> verify -> active owner, captured payment, working token', async () => {
    const agent = await insertAgent(server.deps.db, {
      code: `AG${String(1000 + (seq % 9000))}`,
      name: `Ravi Kumar ${unique()}`,
      email: `ravi-${unique()}@example.com`,
      phone: '9876543210',
    });
    const data = userData({ salesGuy: agent.name.toUpperCase() });
    const { res, orderId, payment, owner } = await initiate(data);

    expect(res.json()).toEqual({
      orderId,
      amount: 199900,
      currency: 'INR',
      keyId: KEY_ID,
      testMode: false,
      tax: 35982,
      total: ESSENTIAL_TOTAL,
      gst: { cgst: 17991, sgst: 17991, igst: 0 },
    });
    // The order really went to (fake) Razorpay, with our receipt and notes.
    const orderRequests = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders');
    expect(orderRequests).toHaveLength(1);
    expect(orderRequests[0]!.body).toMatchObject({
      amount: ESSENTIAL_TOTAL,
      currency: 'INR',
      receipt: String(payment.id),
      notes: { businessName: data.businessName, code: data.code },
    });
    expect(orderRequests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    );
    expect(fake.orders.get(orderId)?.receipt).toBe(String(payment.id));

    // Pending owner with everything from the form; pending payment.
    const pending = await ownerRow(owner.id);
    expect(pending).toMatchObject({
      status: 'pending',
      name: data.name,
      email: 'asha@example.com',
      businessName: data.businessName,
      code: data.code,
      reviewLink: data.businessUrl,
      salesRepName: data.salesGuy,
      state: 'Maharashtra',
      city: 'Pune',
      plan: 'essential',
      registrationSource: 'website',
      agentId: null,
    });
    const person = await server.deps.db
      .selectFrom('persons')
      .selectAll()
      .where('phone', '=', data.phone)
      .executeTakeFirstOrThrow();
    expect(person.passwordHash).toMatch(/^\$argon2id\$/);
    expect(payment).toMatchObject({
      status: 'pending',
      purpose: 'registration',
      provider: 'razorpay',
      amount: ESSENTIAL_TOTAL,
      taxableValue: 199900,
      currency: 'INR',
      ownerId: owner.id,
    });

    const verified = await verify(orderId, 'pay_happy0001');
    expect(verified.statusCode, verified.body).toBe(200);
    const body = verified.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ id: owner.id, status: 'active', code: data.code });
    expect(body.user).not.toHaveProperty('passwordHash');

    const active = await ownerRow(owner.id);
    expect(active.status).toBe('active');
    expect(active.agentId).toBe(agent.id);
    expect(active.subscriptionStart).toBeInstanceOf(Date);
    expect(Math.abs(active.subscriptionStart!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(active.subscriptionEnd).toEqual(addMonths(active.subscriptionStart!, 1));
    const captured = await paymentRow(payment.id);
    expect(captured).toMatchObject({
      status: 'captured',
      razorpayPaymentId: 'pay_happy0001',
      razorpaySignature: signCheckout(KEY_SECRET, orderId, 'pay_happy0001'),
    });
    expect(captured.capturedAt).toBeInstanceOf(Date);
    expect(captured.periodEnd).toEqual(active.subscriptionEnd);

    const events = await server.deps.db
      .selectFrom('activityEvents')
      .selectAll()
      .where('ownerId', '=', owner.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'user', code: data.code });

    const me = await get('/trpc/owner.me', { authorization: `Bearer ${body.token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.data).toMatchObject({ id: owner.id, status: 'active' });

    // The password from the form signs in.
    const login = await post('/api/users/login', { contactNumber: data.phone, password: data.password });
    expect(login.statusCode).toBe(200);
  });

  it('rejects forged and mismatched signatures with 400 and changes nothing', async () => {
    const { orderId, payment, owner } = await initiate();
    const other = await initiate();
    const paymentId = 'pay_forged001';
    const good = signCheckout(KEY_SECRET, orderId, paymentId);
    const attempts = [
      // The signature of this order presented for another order.
      { order: other.orderId, pay: paymentId, sig: good },
      // Signed with the wrong secret.
      { order: orderId, pay: paymentId, sig: signCheckout('not-the-secret', orderId, paymentId) },
      // Truncated, padded, upper-cased.
      { order: orderId, pay: paymentId, sig: good.slice(0, 40) },
      { order: orderId, pay: paymentId, sig: `${good}00` },
      { order: orderId, pay: paymentId, sig: good.toUpperCase() },
      // Signed for another payment id.
      { order: orderId, pay: 'pay_other0001', sig: good },
      // Signed over the wrong payload order.
      { order: orderId, pay: paymentId, sig: signCheckout(KEY_SECRET, paymentId, orderId) },
      // An order that is not ours.
      {
        order: 'order_unknown123',
        pay: paymentId,
        sig: signCheckout(KEY_SECRET, 'order_unknown123', paymentId),
      },
    ];
    for (const a of attempts) {
      const res = await verify(a.order, a.pay, a.sig);
      expect(res.statusCode, JSON.stringify(a)).toBe(400);
      expect(res.json().message).toBe(PAYMENT_TEXTS.verificationFailed);
    }
    const missing = await post('/api/payments/verify', { razorpay_order_id: orderId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(PAYMENT_TEXTS.verificationFailed);

    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending', razorpayPaymentId: null });
    expect(await paymentRow(other.payment.id)).toMatchObject({ status: 'pending', razorpayPaymentId: null });
    expect((await ownerRow(owner.id)).status).toBe('pending');
    expect((await ownerRow(other.owner.id)).status).toBe('pending');
    expect(await activityCount(owner.id)).toBe(0);
    expect(await activityCount(other.owner.id)).toBe(0);

    // The tRPC twin says the same.
    const trpc = await post('/trpc/payments.verify', {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: good.slice(1),
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe(PAYMENT_TEXTS.verificationFailed);
  });

  it('activates exactly once when verify and webhooks race, repeated 10 times in random order', async () => {
    const { orderId, payment, owner } = await initiate();
    const paymentId = 'pay_race00001';
    const calls: (() => ReturnType<typeof post>)[] = [];
    for (let i = 0; i < 10; i++) {
      calls.push(() => verify(orderId, paymentId));
      const event = i % 2 === 0 ? 'payment.captured' : 'order.paid';
      const body = webhookBody(event, { id: paymentId, orderId, amount: ESSENTIAL_TOTAL, method: 'card' });
      // Some deliveries are Razorpay retries of the same event id, some are distinct events.
      calls.push(() => webhook(body, i < 5 ? `evt_race_${event}` : `evt_race_${i}`));
    }
    for (let i = calls.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }
    const results = await Promise.all(calls.map((call) => call()));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);

    const captured = await paymentRow(payment.id);
    expect(captured.status).toBe('captured');
    expect(captured.razorpayPaymentId).toBe(paymentId);
    expect(captured.paymentMethod).toBe('card');
    const active = await ownerRow(owner.id);
    expect(active.status).toBe('active');
    // One period, not ten.
    expect(active.subscriptionEnd).toEqual(addMonths(active.subscriptionStart!, 1));
    expect(captured.periodEnd).toEqual(active.subscriptionEnd);
    const capturedCount = await server.deps.db
      .selectFrom('payments')
      .select('id')
      .where('ownerId', '=', owner.id)
      .where('status', '=', 'captured')
      .execute();
    expect(capturedCount).toHaveLength(1);
    expect(await activityCount(owner.id)).toBe(1);
  });

  it('rejects a tampered amount with 400 and creates nothing', async () => {
    const before = { owners: await tableCount('owners'), payments: await tableCount('payments') };
    for (const [plan, amount] of [
      ['Essential', 100],
      ['Essential', 299900],
      ['Professional', 199900],
      ['Unknown plan', 299900],
    ] as const) {
      const data = userData();
      const res = await post('/api/payments/initiate', registration(data, plan, amount));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: PAYMENT_TEXTS.amountMismatch, field: 'amount' });
      expect(await findOwnerByPhone(server.deps.db, data.phone)).toBeUndefined();
    }
    expect(fake.requests).toHaveLength(0);
    expect({ owners: await tableCount('owners'), payments: await tableCount('payments') }).toEqual(before);
  });

  it('falls back to Essential for an unknown plan name and charges Professional for Professional', async () => {
    const fallback = await initiate(userData(), 'Platinum', 199900);
    expect(fallback.payment.plan).toBe('essential');
    expect(fallback.owner.plan).toBe('essential');
    const pro = await initiate(userData(), 'Professional', 299900);
    expect(pro.res.json().amount).toBe(299900);
    expect(pro.payment.plan).toBe('professional');
    expect(fake.orders.get(pro.orderId)?.amount).toBe(PROFESSIONAL_TOTAL);
  });

  it('validates every registration rule with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Full name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'nope' }, 'Enter valid email'],
      [{ phone: '12345' }, 'Enter valid 10-digit phone'],
      [{ businessName: ' ' }, 'Business name is required'],
      [{ code: '' }, 'Business code is required'],
      [{ businessUrl: 'not a url' }, 'Enter valid URL'],
      [{ salesGuy: '' }, 'Sales representative name is required'],
      [{ state: '' }, 'State is required'],
      [{ city: '' }, 'City is required'],
      [{ password: '123' }, 'Password must be at least 6 characters'],
    ];
    for (const [over, message] of cases) {
      const res = await post('/api/payments/initiate', registration(userData(over)));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const noPlan = await post('/api/payments/initiate', registration(userData(), ''));
    expect(noPlan.json().message).toBe('Please select a plan');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 409 naming the field for a taken phone or business code', async () => {
    const active = await createTestOwner(server, { status: 'active' });
    const phone = await post(
      '/api/payments/initiate',
      registration(userData({ phone: active.contactNumber })),
    );
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({
      message: 'This phone number is already registered',
      field: 'phone',
    });

    const code = await post(
      '/api/payments/initiate',
      registration(userData({ code: active.code.toUpperCase() })),
    );
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({ message: 'This business code is taken', field: 'code' });

    // The tRPC twin carries the field too.
    const trpc = await post('/trpc/payments.initiate', registration(userData({ code: active.code })));
    expect(trpc.statusCode).toBe(409);
    expect(trpc.json().error).toMatchObject({
      message: 'This business code is taken',
      data: { field: 'code' },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('two registrations racing for one business code both start; one pending owner holds the code', async () => {
    const code = `race-${unique()}`;
    const results = await Promise.all(
      [userData({ code }), userData({ code })].map((data) =>
        post('/api/payments/initiate', registration(data)),
      ),
    );
    // Unpaid attempts do not take a code: the first capture does (registration attempts below).
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const owners = await server.deps.db.selectFrom('owners').select('id').where('code', '=', code).execute();
    expect(owners).toHaveLength(1);
    const attempts = await server.deps.db
      .selectFrom('registrationAttempts')
      .select('paymentId')
      .where('code', '=', code)
      .execute();
    expect(attempts).toHaveLength(2);
  });

  it('a second attempt for the same phone joins its pending owner without changing it', async () => {
    const first = await initiate();
    const again = await initiate({
      ...userData(),
      phone: first.data.phone,
      name: 'Asha V',
      code: `chai-${unique()}`,
    });
    expect(again.owner.id).toBe(first.owner.id);
    // The pending owner admins see still shows the first attempt; each attempt keeps its own.
    expect(again.owner).toMatchObject({ name: first.data.name, code: first.data.code, status: 'pending' });
    expect(again.payment.id).not.toBe(first.payment.id);
    const attempts = await server.deps.db
      .selectFrom('registrationAttempts')
      .select(['paymentId', 'name', 'code', 'outcome'])
      .where('paymentId', 'in', [first.payment.id, again.payment.id])
      .orderBy('paymentId')
      .execute();
    expect(attempts).toEqual([
      { paymentId: first.payment.id, name: first.data.name, code: first.data.code, outcome: 'pending' },
      { paymentId: again.payment.id, name: 'Asha V', code: again.data.code, outcome: 'pending' },
    ]);
    const owners = await server.deps.db
      .selectFrom('owners')
      .select('id')
      .where('contactNumber', '=', first.data.phone)
      .execute();
    expect(owners).toHaveLength(1);

    // Once paid, the phone is taken for good, and the paid attempt's details are the owner's.
    expect((await verify(again.orderId, 'pay_reuse0001')).statusCode).toBe(200);
    expect(await ownerRow(first.owner.id)).toMatchObject({ name: 'Asha V', code: again.data.code });
    const late = await post('/api/payments/initiate', registration(userData({ phone: first.data.phone })));
    expect(late.statusCode).toBe(409);
    expect(late.json().field).toBe('phone');
  });

  it('provider down (500): a clear 503 and no owner or payment left behind', async () => {
    const before = { owners: await tableCount('owners'), payments: await tableCount('payments') };
    fake.mode = 'error';
    const data = userData();
    const res = await post('/api/payments/initiate', registration(data));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Payment provider is unavailable. Please try again.');
    expect(res.body).not.toContain(KEY_SECRET);
    expect(fake.requests.filter((r) => r.path === '/v1/orders')).toHaveLength(1);
    expect(await findOwnerByPhone(server.deps.db, data.phone)).toBeUndefined();
    expect({ owners: await tableCount('owners'), payments: await tableCount('payments') }).toEqual(before);

    // A re-initiation of a pending owner keeps the old details when the provider is down.
    fake.mode = 'ok';
    const pending = await initiate();
    fake.mode = 'error';
    const retry = await post(
      '/api/payments/initiate',
      registration({ ...pending.data, name: 'Changed Name' }),
    );
    expect(retry.statusCode).toBe(503);
    expect((await ownerRow(pending.owner.id)).name).toBe(pending.data.name);

    // The tRPC twin answers the same.
    const trpc = await post('/trpc/payments.initiate', registration(userData()));
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json().error.message).toBe('Payment provider is unavailable. Please try again.');
  });

  it('rate-limits initiation per address', async () => {
    const headers = { 'x-forwarded-for': '10.250.250.250' };
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 31; i++) {
      last = await post('/api/payments/initiate', registration(userData(), 'Essential', 1), headers);
    }
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the test gateway cannot be reached when Razorpay keys are set', async () => {
    const { orderId, payment } = await initiate();
    const res = await post('/trpc/payments.testGateway.complete', { orderId, outcome: 'success' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(PAYMENT_TEXTS.testGatewayUnavailable);
    const fail = await post('/trpc/payments.testGateway.complete', { orderId, outcome: 'failure' });
    expect(fail.statusCode).toBe(404);
    expect((await paymentRow(payment.id)).status).toBe('pending');

    // A payment recorded by the test gateway (e.g. before keys were set) never verifies.
    const owner = await createTestOwner(server, { status: 'pending' });
    await storedPayment(owner.id, { provider: 'test', razorpayOrderId: 'order_test_legacy1' });
    const legacy = await verify('order_test_legacy1', 'pay_test_1');
    expect(legacy.statusCode).toBe(400);
  });

  describe('webhook', () => {
    it('rejects a bad or missing signature with 400 and changes nothing', async () => {
      const { orderId, payment } = await initiate();
      const body = webhookBody('payment.captured', { id: 'pay_badsig001', orderId, amount: ESSENTIAL_TOTAL });
      const forged = await webhook(body, 'evt_bad_1', signWebhook('wrong-secret', body));
      expect(forged.statusCode).toBe(400);
      const truncated = await webhook(body, 'evt_bad_2', signWebhook(WEBHOOK_SECRET, body).slice(0, 10));
      expect(truncated.statusCode).toBe(400);
      const missing = await server.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(missing.statusCode).toBe(400);
      // Signed body, different bytes delivered.
      const altered = await webhook(
        body.replace(String(ESSENTIAL_TOTAL), '100'),
        'evt_bad_3',
        signWebhook(WEBHOOK_SECRET, body),
      );
      expect(altered.statusCode).toBe(400);
      expect((await paymentRow(payment.id)).status).toBe('pending');
      const seen = await server.deps.db
        .selectFrom('webhookEvents')
        .select('eventId')
        .where('eventId', 'in', ['evt_bad_1', 'evt_bad_2', 'evt_bad_3'])
        .execute();
      expect(seen).toHaveLength(0);
    });

    it('verifies the signature over the raw bytes (not re-serialised JSON)', async () => {
      const { orderId, payment, owner } = await initiate();
      const pretty = JSON.stringify(
        JSON.parse(
          webhookBody('order.paid', { id: 'pay_rawbody01', orderId, amount: ESSENTIAL_TOTAL, method: 'upi' }),
        ),
        null,
        2,
      );
      const res = await webhook(pretty, `evt_raw_${unique()}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'captured', paymentMethod: 'upi' });
      expect((await ownerRow(owner.id)).status).toBe('active');
      expect(await activityCount(owner.id)).toBe(1);
    });

    it('payment.failed marks the payment failed with the reason; a later capture on the order still activates', async () => {
      const { orderId, payment, owner } = await initiate();
      const failed = webhookBody('payment.failed', {
        id: 'pay_fail00001',
        orderId,
        amount: ESSENTIAL_TOTAL,
        method: 'card',
        errorDescription: 'Payment declined by the bank',
      });
      expect((await webhook(failed, `evt_fail_${unique()}`)).statusCode).toBe(200);
      expect(await paymentRow(payment.id)).toMatchObject({
        status: 'failed',
        failureReason: 'Payment declined by the bank',
      });
      expect((await ownerRow(owner.id)).status).toBe('pending');
      expect(await activityCount(owner.id)).toBe(1);

      // Razorpay Checkout lets the customer retry on the same order.
      expect((await paidByWebhook(orderId, 'pay_retry0001')).statusCode).toBe(200);
      expect(await paymentRow(payment.id)).toMatchObject({
        status: 'captured',
        razorpayPaymentId: 'pay_retry0001',
        failureReason: null,
      });
      expect((await ownerRow(owner.id)).status).toBe('active');
      // A late failure of the first attempt never un-captures.
      expect((await webhook(failed, `evt_late_${unique()}`)).statusCode).toBe(200);
      expect((await paymentRow(payment.id)).status).toBe('captured');
    });

    it('deduplicates by event id: a replayed id is skipped even with another body', async () => {
      const a = await initiate();
      const b = await initiate();
      const eventId = `evt_dedupe_${unique()}`;
      const first = webhookBody('payment.failed', {
        id: 'pay_dd1',
        orderId: a.orderId,
        amount: ESSENTIAL_TOTAL,
      });
      expect((await webhook(first, eventId)).statusCode).toBe(200);
      expect((await paymentRow(a.payment.id)).status).toBe('failed');
      const replay = webhookBody('payment.failed', {
        id: 'pay_dd2',
        orderId: b.orderId,
        amount: ESSENTIAL_TOTAL,
      });
      const res = await webhook(replay, eventId);
      expect(res.statusCode).toBe(200);
      expect((await paymentRow(b.payment.id)).status).toBe('pending');
    });

    it('ignores a capture whose amount differs from the order, and unknown orders', async () => {
      const { orderId, payment } = await initiate();
      const wrong = webhookBody('payment.captured', { id: 'pay_amount01', orderId, amount: 100 });
      expect((await webhook(wrong, `evt_amt_${unique()}`)).statusCode).toBe(200);
      expect((await paymentRow(payment.id)).status).toBe('pending');
      const unknown = webhookBody('payment.captured', {
        id: 'pay_unk01',
        orderId: 'order_not_ours',
        amount: 100,
      });
      expect((await webhook(unknown, `evt_unk_${unique()}`)).statusCode).toBe(200);
    });
  });

  describe('renewal and upgrade', () => {
    const trpc = (path: string, token: string, input?: unknown) =>
      input === undefined
        ? get(`/trpc/${path}`, { authorization: `Bearer ${token}` })
        : post(`/trpc/${path}`, input, { authorization: `Bearer ${token}` });

    it('is for signed-in owners only', async () => {
      expect((await get('/trpc/owner.plan.get')).statusCode).toBe(401);
      expect(
        (await post('/trpc/owner.plan.createOrder', { plan: 'Essential', purpose: 'renewal' })).statusCode,
      ).toBe(401);
    });

    it('renewal extends the period from the old end; upgrade switches to Professional', async () => {
      const start = new Date(Date.now() - 20 * DAY);
      const end = new Date(Date.now() + 10 * DAY);
      const owner = await createTestOwner(server, {
        status: 'active',
        plan: 'essential',
        subscriptionStart: start,
        subscriptionEnd: end,
      });
      const { token } = await issueOwnerToken(server, owner.id);

      const plan = await trpc('owner.plan.get', token);
      expect(plan.statusCode).toBe(200);
      expect(plan.json().result.data).toMatchObject({
        plan: 'essential',
        planName: 'Essential',
        status: 'active',
        subscriptionEnd: end.toISOString(),
        daysLeft: 10,
        inGrace: false,
        reviewPageActive: true,
        payments: [],
      });

      const order = await trpc('owner.plan.createOrder', token, { plan: 'Essential', purpose: 'renewal' });
      expect(order.statusCode, order.body).toBe(200);
      const renewal = order.json().result.data;
      expect(renewal).toMatchObject({ amount: 199900, currency: 'INR', keyId: KEY_ID, testMode: false });
      expect(fake.orders.get(renewal.orderId)?.notes).toMatchObject({ code: owner.code, purpose: 'renewal' });
      expect((await verify(renewal.orderId, 'pay_renew0001')).statusCode).toBe(200);

      const renewed = await ownerRow(owner.id);
      expect(renewed.subscriptionEnd).toEqual(addMonths(end, 1));
      expect(renewed.subscriptionStart).toEqual(start);
      expect(renewed.plan).toBe('essential');
      const renewalPayment = (await findPaymentByOrderId(server.deps.db, renewal.orderId))!;
      expect(renewalPayment).toMatchObject({ purpose: 'renewal', status: 'captured', periodStart: end });

      // Upgrade, settled by the webhook this time: Professional now, period from the renewed end.
      const up = await trpc('owner.plan.createOrder', token, { plan: 'Essential', purpose: 'upgrade' });
      expect(up.statusCode, up.body).toBe(200);
      const upgrade = up.json().result.data;
      expect(upgrade.amount).toBe(299900);
      const upgradePaid = await paidByWebhook(
        upgrade.orderId,
        'pay_upgrade01',
        'order.paid',
        PROFESSIONAL_TOTAL,
      );
      expect(upgradePaid.statusCode).toBe(200);
      const upgraded = await ownerRow(owner.id);
      expect(upgraded.plan).toBe('professional');
      expect(upgraded.subscriptionEnd).toEqual(addMonths(addMonths(end, 1), 1));

      const again = await trpc('owner.plan.createOrder', token, { plan: 'Professional', purpose: 'upgrade' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toBe(PAYMENT_TEXTS.alreadyProfessional);

      const history = (await trpc('owner.plan.get', token)).json().result.data;
      expect(history.plan).toBe('professional');
      expect(history.payments).toHaveLength(2);
      expect(history.payments.map((p: { purpose: string }) => p.purpose).sort()).toEqual([
        'renewal',
        'upgrade',
      ]);
      expect(history.payments[0]).toEqual({
        id: expect.any(Number),
        plan: expect.any(String),
        purpose: expect.any(String),
        amount: expect.any(Number),
        status: 'captured',
        paymentMethod: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
        razorpayPaymentId: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(await activityCount(owner.id)).toBe(2);
    });

    it('an ended subscription is in grace, and renewing starts a fresh period from now', async () => {
      const end = new Date(Date.now() - 3 * DAY);
      const owner = await createTestOwner(server, {
        status: 'active',
        subscriptionStart: new Date(Date.now() - 40 * DAY),
        subscriptionEnd: end,
      });
      const { token } = await issueOwnerToken(server, owner.id);
      const before = (await trpc('owner.plan.get', token)).json().result.data;
      expect(before).toMatchObject({ daysLeft: 0, inGrace: true, reviewPageActive: true });

      const order = (
        await trpc('owner.plan.createOrder', token, { plan: 'Essential', purpose: 'renewal' })
      ).json().result.data;
      expect((await verify(order.orderId, 'pay_fresh0001')).statusCode).toBe(200);
      const renewed = await ownerRow(owner.id);
      expect(Math.abs(renewed.subscriptionStart!.getTime() - Date.now())).toBeLessThan(60_000);
      expect(renewed.subscriptionEnd).toEqual(addMonths(renewed.subscriptionStart!, 1));
      const after = (await trpc('owner.plan.get', token)).json().result.data;
      expect(after).toMatchObject({ inGrace: false, reviewPageActive: true });
      expect(after.daysLeft).toBeGreaterThanOrEqual(28);
    });

    it('an inactive (admin-disabled) owner cannot buy a renewal', async () => {
      const owner = await createTestOwner(server, { status: 'inactive' });
      const { token } = await issueOwnerToken(server, owner.id);
      const res = await trpc('owner.plan.createOrder', token, { plan: 'Essential', purpose: 'renewal' });
      expect(res.statusCode).toBe(403);
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('reconciliation', () => {
    it('is scheduled every 5 minutes', async () => {
      const schedules = await server.deps.jobs.boss.getSchedules('payment-reconcile');
      expect(schedules.map((s) => s.cron)).toContain('*/5 * * * *');
    });

    it('settles stale pending payments against the provider; fresh ones are left alone', async () => {
      const paid = await initiate();
      const declined = await initiate();
      const waiting = await initiate();
      const authorised = await initiate();
      fake.setOrderPayments(paid.orderId, [
        { id: 'pay_rec_fail1', status: 'failed', method: 'card', error_description: 'Insufficient funds' },
        { id: 'pay_rec_ok001', status: 'captured', method: 'netbanking' },
      ]);
      fake.setOrderPayments(declined.orderId, [
        { id: 'pay_rec_fail2', status: 'failed', method: 'card', error_description: 'Card declined' },
      ]);
      fake.setOrderPayments(authorised.orderId, [
        { id: 'pay_rec_auth1', status: 'authorized', method: 'upi' },
      ]);

      // Not yet stale: nothing asked, nothing settled.
      fake.reset();
      await reconcilePendingPayments(server.deps);
      expect(fake.requests.filter((r) => r.path.includes(paid.orderId))).toHaveLength(0);
      expect((await paymentRow(paid.payment.id)).status).toBe('pending');

      const summary = await reconcilePendingPayments(server.deps, {
        now: new Date(Date.now() + 16 * 60 * 1000),
      });
      expect(summary.captured).toBeGreaterThanOrEqual(1);
      expect(summary.failed).toBeGreaterThanOrEqual(1);
      expect(
        fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/orders/${paid.orderId}/payments`),
      ).toBe(true);

      expect(await paymentRow(paid.payment.id)).toMatchObject({
        status: 'captured',
        razorpayPaymentId: 'pay_rec_ok001',
        paymentMethod: 'netbanking',
      });
      expect((await ownerRow(paid.owner.id)).status).toBe('active');
      expect(await activityCount(paid.owner.id)).toBe(1);

      expect(await paymentRow(declined.payment.id)).toMatchObject({
        status: 'failed',
        failureReason: 'Card declined',
      });
      expect((await ownerRow(declined.owner.id)).status).toBe('pending');
      expect(await activityCount(declined.owner.id)).toBe(1);

      expect((await paymentRow(waiting.payment.id)).status).toBe('pending');
      expect((await paymentRow(authorised.payment.id)).status).toBe('pending');

      // The browser's verify arriving after reconciliation changes nothing more.
      expect((await verify(paid.orderId, 'pay_rec_ok001')).statusCode).toBe(200);
      expect(await activityCount(paid.owner.id)).toBe(1);

      // A provider outage leaves everything as it was and is reported.
      fake.mode = 'error';
      const down = await reconcilePendingPayments(server.deps, {
        now: new Date(Date.now() + 16 * 60 * 1000),
      });
      expect(down.errors).toBeGreaterThanOrEqual(1);
      expect((await paymentRow(waiting.payment.id)).status).toBe('pending');
      fake.mode = 'ok';

      // After a day with no attempt at all, the order is given up.
      await reconcilePendingPayments(server.deps, { now: new Date(Date.now() + 25 * 60 * 60 * 1000) });
      expect(await paymentRow(waiting.payment.id)).toMatchObject({
        status: 'failed',
        failureReason: 'Payment was not completed',
      });
      expect((await paymentRow(authorised.payment.id)).status).toBe('pending');
    });
  });
  describe('registration attempts (no takeover)', () => {
    const login = (phone: string, password: string) =>
      post('/api/users/login', { contactNumber: phone, password });
    let adminHeaders: Record<string, string> | undefined;
    const asAdmin = async () => {
      if (!adminHeaders) {
        const admin = await createTestAdmin(server, { role: 'admin' });
        const { token } = await server.deps.tokens.issue('admin', admin.id);
        adminHeaders = { authorization: `Bearer ${token}` };
      }
      return adminHeaders;
    };
    /** The payment as the admin payments list shows it (found by its order id). */
    const adminPayment = async (orderId: string) => {
      const res = await get(`/api/admin/payments?search=${orderId}`, await asAdmin());
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().payments as { razorpayOrderId: string; needsRefund: boolean }[];
      return rows.find((row) => row.razorpayOrderId === orderId);
    };
    const refundEvents = (paymentId: number) =>
      server.deps.db
        .selectFrom('activityEvents')
        .select(['type', 'message', 'code', 'meta'])
        .where(sql<boolean>`meta->>'paymentId' = ${String(paymentId)}`)
        .where(sql<boolean>`meta->>'needsRefund' = 'true'`)
        .execute();
    const attackerOf = (phone: string) =>
      userData({
        phone,
        name: 'Mallory Attacker',
        email: 'mallory@evil.test',
        businessName: 'Evil Biz',
        code: `evil-${unique()}`,
        businessUrl: 'https://g.page/r/evil/review',
        password: 'attacker-pass',
      });

    it("the attack: a second initiate with the victim's phone leaves the victim's details and password in force", async () => {
      const victim = await initiate();
      const attackerData = attackerOf(victim.data.phone);
      const attacker = await initiate(attackerData);
      // One pending owner per phone; the second attempt changed nothing on it.
      expect(attacker.owner.id).toBe(victim.owner.id);
      expect(attacker.payment.id).not.toBe(victim.payment.id);
      expect(await ownerRow(victim.owner.id)).toMatchObject({
        status: 'pending',
        name: victim.data.name,
        code: victim.data.code,
        email: 'asha@example.com',
      });

      const paid = await verify(victim.orderId, 'pay_victim0001');
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().token).toEqual(expect.any(String));
      expect(await ownerRow(victim.owner.id)).toMatchObject({
        status: 'active',
        name: victim.data.name,
        email: 'asha@example.com',
        businessName: victim.data.businessName,
        code: victim.data.code,
        reviewLink: victim.data.businessUrl,
      });
      expect((await login(victim.data.phone, victim.data.password)).statusCode).toBe(200);
      expect((await login(victim.data.phone, attackerData.password)).statusCode).toBe(401);

      // The attacker pays their own order afterwards: captured, applied to nobody, no token.
      const late = await verify(attacker.orderId, 'pay_attack0001');
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json().success).toBe(true);
      expect(late.json()).not.toHaveProperty('token');
      expect(await paymentRow(attacker.payment.id)).toMatchObject({ status: 'captured' });
      expect(await ownerRow(victim.owner.id)).toMatchObject({
        name: victim.data.name,
        code: victim.data.code,
      });
      expect((await login(victim.data.phone, victim.data.password)).statusCode).toBe(200);
      expect((await login(victim.data.phone, attackerData.password)).statusCode).toBe(401);
      expect(await adminPayment(attacker.orderId)).toMatchObject({ needsRefund: true });
      expect(await adminPayment(victim.orderId)).toMatchObject({ needsRefund: false });
      expect(await refundEvents(attacker.payment.id)).toHaveLength(1);
      // The attacker's code never reached the owner, so it is still free.
      await initiate(userData({ code: attackerData.code }));
    });

    it('the attacker initiating first changes nothing either: the attempt that is paid is applied', async () => {
      const phone = randomPhone();
      const attackerData = attackerOf(phone);
      const attacker = await initiate(attackerData);
      const victim = await initiate(userData({ phone }));
      expect(victim.owner.id).toBe(attacker.owner.id);

      const paid = await verify(victim.orderId, 'pay_victim0002');
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().user).toMatchObject({ name: victim.data.name, code: victim.data.code });
      expect(await ownerRow(victim.owner.id)).toMatchObject({
        status: 'active',
        name: victim.data.name,
        email: 'asha@example.com',
        businessName: victim.data.businessName,
        code: victim.data.code,
      });
      expect((await login(phone, victim.data.password)).statusCode).toBe(200);
      expect((await login(phone, attackerData.password)).statusCode).toBe(401);

      expect((await paidByWebhook(attacker.orderId, 'pay_attack0002')).statusCode).toBe(200);
      expect(await paymentRow(attacker.payment.id)).toMatchObject({ status: 'captured' });
      expect((await ownerRow(victim.owner.id)).code).toBe(victim.data.code);
      expect((await login(phone, attackerData.password)).statusCode).toBe(401);
      expect(await adminPayment(attacker.orderId)).toMatchObject({ needsRefund: true });
    });

    it('first captured wins for one phone; a later capture needs a refund and signs nobody in', async () => {
      const first = await initiate();
      const second = await initiate(
        userData({
          phone: first.data.phone,
          name: 'Second Try',
          code: `second-${unique()}`,
          password: 'second-pass',
        }),
      );
      // The second attempt is paid first (webhook), so it is the one applied.
      const secondPaid = await paidByWebhook(second.orderId, 'pay_second001', 'order.paid');
      expect(secondPaid.statusCode).toBe(200);
      expect(await ownerRow(first.owner.id)).toMatchObject({
        status: 'active',
        name: 'Second Try',
        code: second.data.code,
      });

      const sessionsBefore = await sessionCount(first.owner.id);
      const late = await verify(first.orderId, 'pay_first0001');
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json().success).toBe(true);
      expect(late.json()).not.toHaveProperty('token');
      expect(await sessionCount(first.owner.id)).toBe(sessionsBefore);
      expect(await paymentRow(first.payment.id)).toMatchObject({
        status: 'captured',
        razorpayPaymentId: 'pay_first0001',
        periodEnd: null,
      });
      const owner = await ownerRow(first.owner.id);
      expect(owner).toMatchObject({ name: 'Second Try', code: second.data.code });
      // One period only: the refunded payment extended nothing.
      expect(owner.subscriptionEnd).toEqual(addMonths(owner.subscriptionStart!, 1));
      expect((await login(first.data.phone, first.data.password)).statusCode).toBe(401);
      expect((await login(first.data.phone, 'second-pass')).statusCode).toBe(200);

      expect(await adminPayment(first.orderId)).toMatchObject({ needsRefund: true });
      expect(await adminPayment(second.orderId)).toMatchObject({ needsRefund: false });
      const events = await refundEvents(first.payment.id);
      expect(events).toHaveLength(1);
      expect(events[0]!.message).toContain('needs a refund');
      // The overview's activity shows it to admins.
      const activity = await get('/api/admin/activity/?limit=50', await asAdmin());
      expect(activity.statusCode).toBe(200);
      expect(
        activity.json().activities.some((a: { message: string }) => a.message === events[0]!.message),
      ).toBe(true);

      // Repeated deliveries change nothing more.
      expect((await paidByWebhook(first.orderId, 'pay_first0001')).statusCode).toBe(200);
      expect(await refundEvents(first.payment.id)).toHaveLength(1);
      expect((await verify(first.orderId, 'pay_first0001')).json()).not.toHaveProperty('token');
    });

    it('two phones may hold attempts for one code; the first captured takes it, the later one needs a refund', async () => {
      const code = `shared-${unique()}`;
      const a = await initiate(userData({ code }));
      const b = await initiate(userData({ code, name: 'Bhavna Rao' }));
      expect(a.owner.id).not.toBe(b.owner.id);
      expect(a.owner.code).toBe(code);
      expect(b.owner.code).not.toBe(code);

      // The form's availability check follows the same rule: an unpaid registration holds nothing.
      const check = await get(`/api/users/code-available/${code}`);
      expect(check.json()).toMatchObject({ available: true });

      // B pays and the browser never comes back: reconciliation captures it.
      fake.setOrderPayments(b.orderId, [{ id: 'pay_shared_b1', status: 'captured', method: 'upi' }]);
      await reconcilePendingPayments(server.deps, { now: new Date(Date.now() + 16 * 60 * 1000) });
      expect(await ownerRow(b.owner.id)).toMatchObject({ status: 'active', code, name: 'Bhavna Rao' });
      const displaced = await ownerRow(a.owner.id);
      expect(displaced.status).toBe('pending');
      expect(displaced.code).not.toBe(code);

      // A pays afterwards: the code is taken by then.
      const late = await verify(a.orderId, 'pay_shared_a1');
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json()).not.toHaveProperty('token');
      expect(await paymentRow(a.payment.id)).toMatchObject({ status: 'captured' });
      expect((await ownerRow(a.owner.id)).status).toBe('pending');
      expect((await ownerRow(b.owner.id)).code).toBe(code);
      expect(await adminPayment(a.orderId)).toMatchObject({ needsRefund: true });
      expect(await refundEvents(a.payment.id)).toHaveLength(1);

      expect((await get(`/api/users/code-available/${code}`)).json()).toMatchObject({ available: false });

      // A refunded capture does not use up A's phone: A registers again with another code.
      const retry = await initiate({ ...a.data, code: `shared-${unique()}` });
      expect(retry.owner.id).toBe(a.owner.id);
      const paid = await verify(retry.orderId, 'pay_shared_a2');
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().token).toEqual(expect.any(String));
      expect(await ownerRow(a.owner.id)).toMatchObject({ status: 'active', code: retry.data.code });
    });

    it('captures racing for one phone and one code: each is settled once, and no two are applied', async () => {
      const code = `racecap-${unique()}`;
      const a1 = await initiate(userData({ code }));
      const a2 = await initiate(
        userData({ phone: a1.data.phone, code: `other-${unique()}`, name: 'Second' }),
      );
      const b = await initiate(userData({ code }));
      const all = [a1, a2, b];
      const results = await Promise.all(
        all.flatMap((x, i) => {
          const body = webhookBody('payment.captured', {
            id: `pay_rc${i}x${unique()}`,
            orderId: x.orderId,
            amount: ESSENTIAL_TOTAL,
          });
          return [webhook(body, `evt_rc_${unique()}`), webhook(body, `evt_rc_${unique()}`)];
        }),
      );
      for (const res of results) expect(res.statusCode, res.body).toBe(200);

      const applied = new Map<string, boolean>();
      for (const x of all) {
        expect((await paymentRow(x.payment.id)).status).toBe('captured');
        applied.set(x.orderId, (await adminPayment(x.orderId))?.needsRefund === false);
        // Settled once: one activity event per payment, however many deliveries.
        const events = await server.deps.db
          .selectFrom('activityEvents')
          .select('id')
          .where(sql<boolean>`meta->>'paymentId' = ${String(x.payment.id)}`)
          .execute();
        expect(events).toHaveLength(1);
      }
      const [a1Won, a2Won, bWon] = all.map((x) => applied.get(x.orderId)!);
      // One phone: at most one of a1 and a2. One code: exactly one of a1 and b (nobody else wants it).
      expect(a1Won && a2Won).toBe(false);
      expect(a1Won).not.toBe(bWon);
      expect((await ownerRow(a1.owner.id)).status).toBe(a1Won || a2Won ? 'active' : 'pending');
      expect((await ownerRow(b.owner.id)).status).toBe(bWon ? 'active' : 'pending');
      const holders = await server.deps.db
        .selectFrom('owners')
        .select('id')
        .where('code', '=', code)
        .execute();
      expect(holders.map((h) => h.id)).toEqual([a1Won ? a1.owner.id : b.owner.id]);
    });

    it('an owner that ever had a captured payment, or was onboarded by an admin, is never reusable', async () => {
      const expect409 = async (over: Record<string, unknown>, field: 'phone' | 'code') => {
        const res = await post('/api/payments/initiate', registration(userData(over)));
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().field).toBe(field);
      };
      // Paid once, then set back to pending by an admin.
      const paid = await initiate();
      expect((await verify(paid.orderId, 'pay_reuse_p01')).statusCode).toBe(200);
      await updateOwner(server.deps.db, paid.owner.id, { status: 'pending' });
      await expect409({ phone: paid.data.phone }, 'phone');
      await expect409({ code: paid.data.code }, 'code');
      // A pending website owner with a captured renewal (e.g. a past subscriber).
      const renewed = await createTestOwner(server, { status: 'pending' });
      await storedPayment(renewed.id, {
        purpose: 'renewal',
        status: 'captured',
        razorpayOrderId: `order_reuse${unique()}`,
      });
      await expect409({ phone: renewed.contactNumber }, 'phone');
      await expect409({ code: renewed.code }, 'code');
      // Onboarded by an admin, never paid, still pending.
      const onboarded = await createTestOwner(server, { status: 'pending', registrationSource: 'manual' });
      await expect409({ phone: onboarded.contactNumber }, 'phone');
      await expect409({ code: onboarded.code }, 'code');
      // Deleted owners keep their phone and code.
      const deleted = await createTestOwner(server, { status: 'pending', deletedAt: new Date() });
      await expect409({ phone: deleted.contactNumber }, 'phone');

      // An owner that stops being reusable between initiate and capture: the capture needs a refund.
      const gone = await initiate();
      await updateOwner(server.deps.db, gone.owner.id, { deletedAt: new Date() });
      const late = await verify(gone.orderId, 'pay_reuse_g01');
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json()).not.toHaveProperty('token');
      expect(await paymentRow(gone.payment.id)).toMatchObject({ status: 'captured' });
      expect((await ownerRow(gone.owner.id)).status).toBe('pending');
      expect(await adminPayment(gone.orderId)).toMatchObject({ needsRefund: true });
    });

    describe('refunds of a payment applied to nobody', () => {
      /** A registration captured after its phone was taken; Razorpay knows the payment when `known`. */
      const needsRefund = async (paymentId: string, known = true) => {
        const victim = await initiate();
        const attacker = await initiate(attackerOf(victim.data.phone));
        expect((await verify(victim.orderId, `pay_v_${unique()}`)).statusCode).toBe(200);
        if (known) fake.setOrderPayments(attacker.orderId, [{ id: paymentId, status: 'captured' }]);
        expect((await verify(attacker.orderId, paymentId)).statusCode).toBe(200);
        expect(await adminPayment(attacker.orderId)).toMatchObject({ needsRefund: true, refundedAt: null });
        return { ...attacker, victim };
      };
      const refund = async (id: number, headers?: Record<string, string>) =>
        server.app.inject({
          method: 'POST',
          url: `/api/admin/payments/${id}/refund`,
          headers: headers ?? (await asAdmin()),
        });
      const audits = (paymentId: number) =>
        server.deps.db
          .selectFrom('auditLog')
          .selectAll()
          .where('action', '=', 'payment.refund')
          .where('targetId', '=', paymentId)
          .execute();

      it('refunds the whole amount once, through Razorpay, and says so in the list, the feed and the audit trail', async () => {
        const paid = await needsRefund('pay_refund_0001');
        const res = await refund(paid.payment.id);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          message: 'Refund made. The money goes back to the payer in 5-7 working days.',
          refundId: expect.stringMatching(/^rfnd_/),
          refundedAt: expect.any(String),
        });
        const made = fake.refunds.get('pay_refund_0001')!;
        expect(made).toEqual([
          expect.objectContaining({
            id: res.json().refundId,
            amount: ESSENTIAL_TOTAL,
            receipt: `refund-${paid.payment.id}`,
          }),
        ]);
        expect(await adminPayment(paid.orderId)).toMatchObject({
          needsRefund: false,
          refundedAt: res.json().refundedAt,
        });
        const [entry] = await audits(paid.payment.id);
        expect(entry).toMatchObject({ actorKind: 'admin', targetTable: 'payments' });
        expect(entry!.details).toMatchObject({ amount: ESSENTIAL_TOTAL, refundId: res.json().refundId });
        expect(JSON.stringify(entry)).not.toContain(KEY_SECRET);

        // Asked again (a second admin, a double click): refused, and Razorpay is not asked.
        const before = fake.requests.length;
        const again = await refund(paid.payment.id);
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe('This payment has already been refunded.');
        expect(fake.requests.length).toBe(before);
        expect(fake.refunds.get('pay_refund_0001')).toHaveLength(1);
        expect(await audits(paid.payment.id)).toHaveLength(1);

        // The victim's payment was applied: it is not refunded here; an unknown id is a 404.
        const applied = await findPaymentByOrderId(server.deps.db, paid.victim.orderId);
        const notOurs = await refund(applied!.id);
        expect(notOurs.statusCode).toBe(400);
        expect(notOurs.json().message).toBe(
          'Only a captured payment that was applied to nobody can be refunded here.',
        );
        expect((await refund(987654321)).statusCode).toBe(404);
        // Only admins: a call without a token is refused (the fuzz suite tries every caller kind).
        expect((await refund(paid.payment.id, {})).statusCode).toBe(401);
      });

      it('writes nothing when Razorpay is down (503) or refuses (409 with its reason)', async () => {
        const down = await needsRefund('pay_refund_0002');
        fake.mode = 'error';
        const unavailable = await refund(down.payment.id);
        fake.mode = 'ok';
        expect(unavailable.statusCode).toBe(503);
        expect(await adminPayment(down.orderId)).toMatchObject({ needsRefund: true, refundedAt: null });
        expect(await audits(down.payment.id)).toHaveLength(0);
        // Once it is back, the same refund goes through.
        expect((await refund(down.payment.id)).statusCode).toBe(200);

        const unknown = await needsRefund('pay_refund_0003', false);
        const refused = await refund(unknown.payment.id);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(
          'The payment provider refused the refund: Razorpay refund failed: The id provided does not exist',
        );
        expect(await adminPayment(unknown.orderId)).toMatchObject({ needsRefund: true, refundedAt: null });
        expect(await audits(unknown.payment.id)).toHaveLength(0);
      });

      it('two admins refunding at once: one refund is made, the other admin is told why', async () => {
        const paid = await needsRefund('pay_refund_0005');
        const answers = await Promise.all([refund(paid.payment.id), refund(paid.payment.id)]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        expect(fake.refunds.get('pay_refund_0005')).toHaveLength(1);
        expect(await audits(paid.payment.id)).toHaveLength(1);
      });

      it('a refund Razorpay reports failed reads "Needs refund" again, and the next refund is a new one', async () => {
        const paid = await needsRefund('pay_refund_0006');
        const first = await refund(paid.payment.id);
        expect(first.statusCode, first.body).toBe(200);
        const [made] = fake.refunds.get('pay_refund_0006')!;
        // Someone else's refund is not ours: ignored.
        const stranger = refundWebhookBody('refund.failed', { ...made!, id: 'rfnd_stranger' });
        expect((await webhook(stranger, `evt_${unique()}`)).statusCode).toBe(200);
        expect(await adminPayment(paid.orderId)).toMatchObject({ needsRefund: false });

        made!.status = 'failed';
        const failedEvent = `evt_${unique()}`;
        const failed = await webhook(refundWebhookBody('refund.failed', made!), failedEvent);
        expect(failed.statusCode, failed.body).toBe(200);
        expect(await adminPayment(paid.orderId)).toMatchObject({ needsRefund: true, refundedAt: null });
        const feed = await server.deps.db
          .selectFrom('activityEvents')
          .select('message')
          .where(sql<boolean>`meta->>'refundId' = ${made!.id}`)
          .execute();
        expect(feed.map((e) => e.message)).toContainEqual(
          `Refund ${made!.id} of payment #${paid.payment.id} failed at the provider: it needs a refund again`,
        );

        // The failed refund is not taken for a made one: a new refund is asked for.
        const second = await refund(paid.payment.id);
        expect(second.statusCode, second.body).toBe(200);
        expect(second.json().refundId).not.toBe(made!.id);
        expect(fake.refunds.get('pay_refund_0006')).toHaveLength(2);
        // The same event delivered again changes nothing.
        expect((await webhook(refundWebhookBody('refund.failed', made!), failedEvent)).statusCode).toBe(200);
        expect(await adminPayment(paid.orderId)).toMatchObject({ needsRefund: false });
      });

      it('records a refund Razorpay already made for this payment instead of asking for a second', async () => {
        const lost = await needsRefund('pay_refund_0004');
        // A refund made earlier whose answer never arrived (or whose record was rolled back).
        fake.refunds.set('pay_refund_0004', [
          {
            id: 'rfnd_earlier01',
            entity: 'refund',
            amount: 199900,
            currency: 'INR',
            payment_id: 'pay_refund_0004',
            receipt: `refund-${lost.payment.id}`,
            notes: {},
            status: 'processed',
          },
        ]);
        const res = await refund(lost.payment.id);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().refundId).toBe('rfnd_earlier01');
        expect(fake.refunds.get('pay_refund_0004')).toHaveLength(1);
        expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/refund'))).toHaveLength(
          0,
        );
      });
    });
  });

  describe('verify issues a token only on the call that captures a registration', () => {
    const trpcVerify = (orderId: string, paymentId: string) =>
      post('/trpc/payments.verify', {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signCheckout(KEY_SECRET, orderId, paymentId),
      });

    it('a repeated verify answers success without a token, on REST and tRPC', async () => {
      const { orderId, owner } = await initiate();
      const first = await verify(orderId, 'pay_once00001');
      expect(first.statusCode).toBe(200);
      expect(first.json().token).toEqual(expect.any(String));
      expect(await sessionCount(owner.id)).toBe(1);

      const again = await verify(orderId, 'pay_once00001');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ success: true });
      expect(again.json()).not.toHaveProperty('token');
      const twin = await trpcVerify(orderId, 'pay_once00001');
      expect(twin.statusCode).toBe(200);
      expect(twin.json().result.data).toMatchObject({ success: true });
      expect(twin.json().result.data).not.toHaveProperty('token');
      expect(await sessionCount(owner.id)).toBe(1);
    });

    it('the first verify after the webhook captured the payment signs the owner in; a replay does not', async () => {
      const { orderId, owner } = await initiate();
      expect((await paidByWebhook(orderId, 'pay_hook00001')).statusCode).toBe(200);
      expect((await ownerRow(owner.id)).status).toBe('active');
      const res = await verify(orderId, 'pay_hook00001');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, token: expect.any(String) });
      expect(await sessionCount(owner.id)).toBe(1);
      const again = await verify(orderId, 'pay_hook00001');
      expect(again.json()).not.toHaveProperty('token');
      const twin = await trpcVerify(orderId, 'pay_hook00001');
      expect(twin.json().result.data).not.toHaveProperty('token');
      expect(await sessionCount(owner.id)).toBe(1);
    });

    it('verifies racing after the webhook sign the paying browser in exactly once', async () => {
      const { orderId, owner } = await initiate();
      expect((await paidByWebhook(orderId, 'pay_hook00002')).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 6 }, () => verify(orderId, 'pay_hook00002')));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
      expect(answers.filter((a) => typeof a.json().token === 'string')).toHaveLength(1);
      expect(await sessionCount(owner.id)).toBe(1);
    });

    it('renewals and upgrades never issue a token', async () => {
      const owner = await createTestOwner(server, { status: 'active' });
      const { token } = await issueOwnerToken(server, owner.id);
      for (const purpose of ['renewal', 'upgrade'] as const) {
        const order = await post(
          '/trpc/owner.plan.createOrder',
          { plan: 'Essential', purpose },
          { authorization: `Bearer ${token}` },
        );
        expect(order.statusCode, order.body).toBe(200);
        const { orderId } = order.json().result.data;
        const res =
          purpose === 'renewal'
            ? await verify(orderId, `pay_r${unique()}`)
            : await trpcVerify(orderId, `pay_u${unique()}`);
        expect(res.statusCode, res.body).toBe(200);
        const answer = purpose === 'renewal' ? res.json() : res.json().result.data;
        expect(answer).toMatchObject({ success: true });
        expect(answer).not.toHaveProperty('token');
      }
      expect(await sessionCount(owner.id)).toBe(1);
    });

    it('a registration paid for an owner that may not sign in gets no token', async () => {
      // A registration payment from before attempts were recorded, for an owner an admin disabled.
      const owner = await createTestOwner(server, { status: 'inactive' });
      const orderId = `order_legacy${unique()}`;
      await storedPayment(owner.id, { razorpayOrderId: orderId });
      const res = await verify(orderId, 'pay_legacy001');
      expect(res.statusCode).toBe(403);
      expect(res.json()).not.toHaveProperty('token');
      expect(await sessionCount(owner.id)).toBe(0);
      expect((await findPaymentByOrderId(server.deps.db, orderId))?.status).toBe('captured');
    });
  });
});
