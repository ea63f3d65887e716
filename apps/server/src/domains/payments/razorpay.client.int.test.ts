import Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type TFakeRazorpay } from '../../test/fake-razorpay.ts';
import { PaymentProviderError, PROVIDER_TIMEOUT_MS } from './provider.types.ts';
import { createPaymentProvider } from './provider-registry.service.ts';
import { createRazorpayClient, createRazorpayProvider, sdkBaseUrl } from './razorpay.client.ts';

const KEY_ID = 'rzp_test_provider';
const KEY_SECRET = 'provider-secret';

describe('Razorpay provider against the fake Razorpay server', () => {
  let fake: TFakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  // If this fails after an SDK upgrade, the SDK no longer honours `rzp.api.rq.defaults.baseURL`:
  // requests would go to the real api.razorpay.com. Fix createRazorpayClient before anything else.
  it('SDK base-URL override: the SDK request arrives at the fake server', async () => {
    expect(Razorpay.VERSION).toBeTypeOf('string');
    const client = createRazorpayClient({ keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: fake.url });
    const order = await client.orders.create({
      amount: 199900,
      currency: 'INR',
      receipt: '42',
      notes: { a: 'b' },
    });
    expect(order.id).toMatch(/^order_/);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/orders');
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    );
    expect(request.body).toEqual({ amount: 199900, currency: 'INR', receipt: '42', notes: { a: 'b' } });
  });

  it('keeps the 10 s timeout on the SDK client', () => {
    const client = createRazorpayClient({ keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: fake.url });
    const rq = (client.api as unknown as { rq: { defaults: { timeout?: number; baseURL?: string } } }).rq;
    expect(PROVIDER_TIMEOUT_MS).toBe(10_000);
    expect(rq.defaults.timeout).toBe(10_000);
    expect(rq.defaults.baseURL).toBe(fake.url);
  });

  it('maps the configured API base (with or without /v1) to the SDK host', () => {
    expect(sdkBaseUrl('https://api.razorpay.com/v1')).toBe('https://api.razorpay.com');
    expect(sdkBaseUrl('https://api.razorpay.com/v1/')).toBe('https://api.razorpay.com');
    expect(sdkBaseUrl('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(sdkBaseUrl('http://127.0.0.1:4000/v1')).toBe('http://127.0.0.1:4000');
  });

  it('reads the payments of an order (GET /v1/orders/:id/payments)', async () => {
    const provider = createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      apiBase: `${fake.url}/v1`,
    });
    const order = await provider.createOrder({ amount: 299900, currency: 'INR', receipt: '7', notes: {} });
    fake.setOrderPayments(order.id, [
      { id: 'pay_failed1', status: 'failed', method: 'card', error_description: 'Card declined' },
      { id: 'pay_ok1', status: 'captured', method: 'upi' },
    ]);
    const payments = await provider.fetchOrderPayments(order.id);
    expect(fake.requests.at(-1)?.path).toBe(`/v1/orders/${order.id}/payments`);
    expect(payments).toEqual([
      { id: 'pay_failed1', status: 'failed', method: 'card', errorDescription: 'Card declined' },
      { id: 'pay_ok1', status: 'captured', method: 'upi', errorDescription: null },
    ]);
  });

  it('turns a 500 into a PaymentProviderError that carries no secret', async () => {
    fake.mode = 'error';
    const provider = createRazorpayProvider({ keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: fake.url });
    const error = await provider
      .createOrder({ amount: 199900, currency: 'INR', receipt: '1', notes: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).statusCode).toBe(500);
    expect(JSON.stringify(error)).not.toContain(KEY_SECRET);
    expect((error as Error).message).not.toContain(KEY_SECRET);
    expect((error as Error).cause).toBeUndefined();
  });

  it('gives up on a hanging provider after the timeout', async () => {
    fake.mode = 'hang';
    const provider = createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      apiBase: fake.url,
      timeoutMs: 300,
    });
    const started = Date.now();
    const error = await provider
      .createOrder({ amount: 199900, currency: 'INR', receipt: '1', notes: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fake.requests).toHaveLength(1);
  });

  it('checks checkout signatures in constant time and rejects near misses', async () => {
    const provider = createRazorpayProvider({ keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: fake.url });
    const { signCheckout } = await import('../../test/fake-razorpay.ts');
    const good = signCheckout(KEY_SECRET, 'order_1', 'pay_1');
    expect(provider.verifyCheckoutSignature('order_1', 'pay_1', good)).toBe(true);
    expect(provider.verifyCheckoutSignature('order_2', 'pay_1', good)).toBe(false);
    expect(provider.verifyCheckoutSignature('order_1', 'pay_1', good.slice(0, -1))).toBe(false);
    expect(
      provider.verifyCheckoutSignature('order_1', 'pay_1', signCheckout('other', 'order_1', 'pay_1')),
    ).toBe(false);
    expect(provider.verifyCheckoutSignature('order_1', 'pay_1', '')).toBe(false);
  });

  it('uses Razorpay exactly when both keys are set, the test gateway otherwise', () => {
    const base = { webhookSecret: undefined, apiBase: fake.url };
    const real = createPaymentProvider({ ...base, keyId: KEY_ID, keySecret: KEY_SECRET, enabled: true });
    expect(real.kind).toBe('razorpay');
    expect(real.testMode).toBe(false);
    expect(real.testGateway).toBeUndefined();
    const test = createPaymentProvider({ ...base, keyId: KEY_ID, keySecret: undefined, enabled: false });
    expect(test.kind).toBe('test');
    expect(test.testMode).toBe(true);
    expect(test.testGateway).toBeDefined();
  });
});
