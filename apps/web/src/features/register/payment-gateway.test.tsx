import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeTrpc } from '../../test/fake-trpc.ts';
import {
  GATEWAY_LOAD_ERROR,
  openCheckout,
  PaymentGatewayLoadError,
  RAZORPAY_CHECKOUT_URL,
  type TCheckoutOrder,
} from './payment-gateway.ts';

const ORDER: TCheckoutOrder = { orderId: 'order_1', amount: 199900, currency: 'INR', keyId: 'rzp_test_key' };
const PREFILL = {
  name: 'Asha Kulkarni',
  email: 'asha@example.com',
  contact: '9876543210',
  notes: { businessName: 'Chai Point Pune', code: 'chai-point-pune' },
};
const RESPONSE = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig_1' };

/** What openCheckout hands to Razorpay (the parts the tests call or read). */
interface TRazorpayOptions {
  handler: (response: unknown) => void;
  modal: { ondismiss: () => void };
  [key: string]: unknown;
}

/** A stand-in for Razorpay's checkout.js global: records its options, lets the test fire its callbacks. */
function installFakeRazorpay() {
  const instances: {
    options: TRazorpayOptions;
    failed?: (event: unknown) => void;
    opened: boolean;
    closed: boolean;
  }[] = [];
  class FakeRazorpay {
    readonly record: (typeof instances)[number];
    constructor(options: TRazorpayOptions) {
      this.record = { options, opened: false, closed: false };
      instances.push(this.record);
    }
    on(event: string, handler: (event: unknown) => void) {
      if (event === 'payment.failed') this.record.failed = handler;
    }
    open() {
      this.record.opened = true;
    }
    close() {
      this.record.closed = true;
    }
  }
  window.Razorpay = FakeRazorpay as unknown as NonNullable<Window['Razorpay']>;
  return instances;
}

afterEach(() => {
  delete window.Razorpay;
  for (const script of document.querySelectorAll('script[src*="razorpay"]')) script.remove();
});

describe('openCheckout with Razorpay', () => {
  it('opens Checkout with key, order_id, amount, INR, StarLoop, prefill and notes; the handler means success', async () => {
    const instances = installFakeRazorpay();

    // The order carries GST: Razorpay is told the total charged.
    const result = openCheckout({ ...ORDER, tax: 35982, total: 235882 }, PREFILL);
    await waitFor(() => expect(instances).toHaveLength(1));
    const [checkout] = instances;

    expect(checkout?.opened).toBe(true);
    expect(checkout?.options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_1',
      amount: 235882,
      currency: 'INR',
      name: 'StarLoop',
      prefill: { name: 'Asha Kulkarni', email: 'asha@example.com', contact: '9876543210' },
      notes: { businessName: 'Chai Point Pune', code: 'chai-point-pune' },
    });
    checkout?.options.handler({ ...RESPONSE, extra: 'ignored' });
    await expect(result).resolves.toEqual({ status: 'success', response: RESPONSE });
  });

  it('closing the Checkout window means cancelled', async () => {
    const instances = installFakeRazorpay();
    const result = openCheckout(ORDER, PREFILL);
    await waitFor(() => expect(instances).toHaveLength(1));

    instances[0]?.options.modal.ondismiss();

    await expect(result).resolves.toEqual({ status: 'cancelled' });
  });

  it("payment.failed means failed, with Razorpay's description when it gives one, and closes Checkout", async () => {
    const instances = installFakeRazorpay();
    const first = openCheckout(ORDER, PREFILL);
    await waitFor(() => expect(instances).toHaveLength(1));
    instances[0]?.failed?.({ error: { description: 'Your payment was declined by the bank' } });
    // A later dismiss of the same window changes nothing.
    instances[0]?.options.modal.ondismiss();
    await expect(first).resolves.toEqual({
      status: 'failed',
      description: 'Your payment was declined by the bank',
    });
    expect(instances[0]?.closed).toBe(true);

    const second = openCheckout(ORDER, PREFILL);
    await waitFor(() => expect(instances).toHaveLength(2));
    instances[1]?.failed?.({ error: {} });
    await expect(second).resolves.toEqual({ status: 'failed' });
  });

  it(`loads ${RAZORPAY_CHECKOUT_URL} on demand, and rejects with the spec's message when it cannot`, async () => {
    const appended: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      appended.push(node as unknown as HTMLScriptElement);
      return node;
    });

    const failing = openCheckout(ORDER, PREFILL);
    await waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]?.src).toBe(RAZORPAY_CHECKOUT_URL);
    appended[0]?.onerror?.(new Event('error'));
    await expect(failing).rejects.toBeInstanceOf(PaymentGatewayLoadError);
    await expect(failing).rejects.toThrow(GATEWAY_LOAD_ERROR);

    // A second attempt tries again, and works once the script defines Razorpay.
    const retry = openCheckout(ORDER, PREFILL);
    await waitFor(() => expect(appended).toHaveLength(2));
    const fakeInstances = installFakeRazorpay();
    appended[1]?.onload?.(new Event('load'));
    await waitFor(() => expect(fakeInstances).toHaveLength(1));
    fakeInstances[0]?.options.modal.ondismiss();
    await expect(retry).resolves.toEqual({ status: 'cancelled' });
  });
});

describe('openCheckout with the test gateway (testMode)', () => {
  const TEST_ORDER: TCheckoutOrder = { ...ORDER, keyId: 'test', testMode: true };

  afterEach(async () => {
    // The dialog unmounts itself shortly after it settles (after its closing animation).
    await waitFor(() => expect(document.querySelector('[data-test-payment]')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the labelled "Test payment" dialog; Pay completes the order and answers like Razorpay', async () => {
    const complete = vi.fn(async () => RESPONSE);
    const user = userEvent.setup();

    const result = openCheckout(TEST_ORDER, PREFILL, { completeTestPayment: complete });

    const dialog = await screen.findByRole('dialog', { name: /Test payment/ });
    expect(dialog).toHaveTextContent('Test mode');
    expect(dialog).toHaveTextContent('₹1,999.00');
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999.00' }));

    await expect(result).resolves.toEqual({ status: 'success', response: RESPONSE });
    expect(complete).toHaveBeenCalledWith({ orderId: 'order_1', outcome: 'success' });
  });

  it('shows the price, each tax and the total charged when the order carries GST', async () => {
    const complete = vi.fn(async () => RESPONSE);
    const user = userEvent.setup();
    const taxed: TCheckoutOrder = {
      ...TEST_ORDER,
      tax: 35982,
      total: 235882,
      gst: { cgst: 17991, sgst: 17991, igst: 0 },
    };
    const result = openCheckout(taxed, PREFILL, { completeTestPayment: complete });
    const dialog = await screen.findByRole('dialog', { name: /Test payment/ });
    expect(dialog).toHaveTextContent('Price: ₹1,999.00');
    expect(dialog).toHaveTextContent('CGST 9%: ₹179.91');
    expect(dialog).toHaveTextContent('SGST 9%: ₹179.91');
    expect(dialog).not.toHaveTextContent('IGST');
    await user.click(screen.getByRole('button', { name: 'Pay ₹2,358.82' }));
    await expect(result).resolves.toEqual({ status: 'success', response: RESPONSE });
  });

  it("Fail answers failed with the gateway's description", async () => {
    const complete = vi.fn(async () => ({ error: { description: 'Test payment failed' } }));
    const user = userEvent.setup();

    const result = openCheckout(TEST_ORDER, PREFILL, { completeTestPayment: complete });
    await user.click(await screen.findByRole('button', { name: 'Fail' }));

    await expect(result).resolves.toEqual({ status: 'failed', description: 'Test payment failed' });
    expect(complete).toHaveBeenCalledWith({ orderId: 'order_1', outcome: 'failure' });
  });

  it('Cancel answers cancelled without calling the server', async () => {
    const complete = vi.fn();
    const user = userEvent.setup();

    const result = openCheckout(TEST_ORDER, PREFILL, { completeTestPayment: complete });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await expect(result).resolves.toEqual({ status: 'cancelled' });
    expect(complete).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    expect(document.querySelector('[data-test-payment]')).toBeNull();
  });

  it('without a completeTestPayment it calls payments.testGateway.complete itself', async () => {
    const server = createFakeTrpc({ 'payments.testGateway.complete': () => RESPONSE });
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();

    const result = openCheckout(TEST_ORDER, PREFILL);
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,999.00' }));

    await expect(result).resolves.toEqual({ status: 'success', response: RESPONSE });
    expect(server.callsTo('payments.testGateway.complete').map((c) => c.input)).toEqual([
      { orderId: 'order_1', outcome: 'success' },
    ]);
  });
});
