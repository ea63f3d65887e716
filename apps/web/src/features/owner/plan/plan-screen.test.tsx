import { ACCOUNT_TEXTS, INVOICE_TEXTS, PAYMENT_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../../lib/owner-i18n/en.ts';
import { failsWith } from '../../../test/fake-trpc.ts';
import { PAYMENT_ORDER } from '../../../test/fixtures.ts';
import { cleanToastsBeforeEach, deferred, owner, page, renderOwner } from '../test/owner-test-utils.tsx';

// The payment gateway (Razorpay Checkout or the test dialog) is stubbed: each test says how it ends.
const gateway = vi.hoisted(() => ({ openCheckout: vi.fn() }));
vi.mock('../../register/payment-gateway.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../register/payment-gateway.ts')>()),
  openCheckout: gateway.openCheckout,
}));

const NOW = new Date('2026-02-01T06:00:00.000Z');
const ORDER = PAYMENT_ORDER;
const RESPONSE = {
  razorpay_order_id: 'order_123',
  razorpay_payment_id: 'pay_NEW',
  razorpay_signature: 'sig_abc',
};

function plan(overrides: Record<string, unknown> = {}) {
  return {
    plan: 'essential',
    planName: 'Essential',
    status: 'active',
    subscriptionStart: '2026-01-10T00:00:00.000Z',
    subscriptionEnd: '2026-02-10T00:00:00.000Z',
    daysLeft: 9,
    inGrace: false,
    reviewPageActive: true,
    payments: [
      {
        id: 1,
        plan: 'essential',
        purpose: 'registration',
        amount: 199900,
        status: 'captured',
        paymentMethod: 'card',
        razorpayPaymentId: 'pay_FIRST',
        createdAt: '2026-01-10T05:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

function handlers(more: Record<string, (input: unknown) => unknown> = {}) {
  return {
    'owner.me': () => owner({ plan: 'essential' }),
    'owner.plan.get': () => plan(),
    'owner.plan.createOrder': () => ORDER,
    'payments.verify': () => ({ success: true, token: 'new-token', user: owner() }),
    ...more,
  };
}

cleanToastsBeforeEach();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  gateway.openCheckout.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('subscription plan', () => {
  it('shows the plan, its period, the days left and the payment history', async () => {
    await renderOwner('/dashboard/plan', handlers(), 'Subscription Plan');

    expect(await page().findByRole('heading', { level: 2, name: 'Essential' })).toBeInTheDocument();
    expect(page().getByText('Active')).toBeInTheDocument();
    expect(page().getByText('10 Jan 2026 – 10 Feb 2026')).toBeInTheDocument();
    expect(page().getByText('9 days left')).toBeInTheDocument();

    const history = within(page().getByRole('table'));
    const row = history.getAllByRole('row')[1]!;
    expect(within(row).getByText('10 Jan 2026')).toBeInTheDocument();
    expect(within(row).getByText('Essential')).toBeInTheDocument();
    expect(within(row).getByText('Registration')).toBeInTheDocument();
    expect(within(row).getByText('₹1,999.00')).toBeInTheDocument();
    expect(within(row).getByText('captured')).toBeInTheDocument();
    expect(within(row).getByText('pay_FIRST')).toBeInTheDocument();
  });

  it('says how long ago the plan ended and that the review page still works for 7 days', async () => {
    await renderOwner(
      '/dashboard/plan',
      handlers({
        'owner.plan.get': () =>
          plan({
            subscriptionEnd: '2026-01-29T00:00:00.000Z',
            daysLeft: 0,
            inGrace: true,
            reviewPageActive: true,
          }),
      }),
      'Subscription Plan',
    );
    expect(await page().findByText('Ended 3 days ago')).toBeInTheDocument();
    expect(page().getByText(/keeps working for 7 days after the end, until 05 Feb 2026/)).toBeInTheDocument();
  });

  it('renews: order, checkout, verify with the checkout response, a toast and a fresh plan', async () => {
    gateway.openCheckout.mockResolvedValue({ status: 'success', response: RESPONSE });
    const verify = deferred();
    const app = await renderOwner(
      '/dashboard/plan',
      handlers({ 'payments.verify': verify.handler }),
      'Subscription Plan',
    );
    await page().findByText('9 days left');
    const planCalls = app.server.callsTo('owner.plan.get').length;

    await app.user.click(page().getByRole('button', { name: 'Renew' }));

    expect(
      await screen.findByText('Payment processing... please wait for confirmation.'),
    ).toBeInTheDocument();
    expect(app.server.callsTo('owner.plan.createOrder')[0]?.input).toEqual({
      plan: 'essential',
      purpose: 'renewal',
    });
    expect(gateway.openCheckout).toHaveBeenCalledWith(
      ORDER,
      expect.objectContaining({
        name: 'Asha Rao',
        contact: '9876543210',
        notes: expect.objectContaining({ businessName: 'Chai Point & Co.', code: 'chai-point' }),
      }),
      expect.objectContaining({ completeTestPayment: expect.any(Function) }),
    );
    await waitFor(() => expect(app.server.callsTo('payments.verify')[0]?.input).toEqual(RESPONSE));

    verify.resolve({ success: true, token: 'new-token', user: owner() });
    expect(await screen.findByText('Payment received. Your plan is renewed.')).toBeInTheDocument();
    await waitFor(() => expect(app.server.callsTo('owner.plan.get').length).toBeGreaterThan(planCalls));
    // The browser keeps its own session.
    expect(window.localStorage.getItem('authToken')).toBe('owner-token');
  });

  it('upgrades an Essential owner to Professional', async () => {
    gateway.openCheckout.mockResolvedValue({ status: 'success', response: RESPONSE });
    const app = await renderOwner('/dashboard/plan', handlers(), 'Subscription Plan');
    await app.user.click(await page().findByRole('button', { name: 'Upgrade to Professional' }));

    expect(
      await screen.findByText('Payment received. Welcome to the Professional plan!'),
    ).toBeInTheDocument();
    expect(app.server.callsTo('owner.plan.createOrder')[0]?.input).toEqual({
      plan: 'professional',
      purpose: 'upgrade',
    });
  });

  it('offers no upgrade to a Professional owner', async () => {
    await renderOwner(
      '/dashboard/plan',
      handlers({ 'owner.plan.get': () => plan({ plan: 'professional', planName: 'Professional' }) }),
      'Subscription Plan',
    );
    expect(await page().findByRole('button', { name: 'Renew' })).toBeInTheDocument();
    expect(page().queryByRole('button', { name: 'Upgrade to Professional' })).toBeNull();
  });

  it('says "Payment cancelled" when the checkout is closed, and verifies nothing', async () => {
    gateway.openCheckout.mockResolvedValue({ status: 'cancelled' });
    const app = await renderOwner('/dashboard/plan', handlers(), 'Subscription Plan');
    await app.user.click(await page().findByRole('button', { name: 'Renew' }));

    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    expect(app.server.callsTo('payments.verify')).toHaveLength(0);
    await waitFor(() => expect(page().getByRole('button', { name: 'Renew' })).toBeEnabled());
  });

  it("shows the gateway's failure description", async () => {
    gateway.openCheckout.mockResolvedValue({ status: 'failed', description: 'Your card was declined' });
    const app = await renderOwner('/dashboard/plan', handlers(), 'Subscription Plan');
    await app.user.click(await page().findByRole('button', { name: 'Renew' }));

    expect(await screen.findByText('Payment failed: Your card was declined')).toBeInTheDocument();
    expect(app.server.callsTo('payments.verify')).toHaveLength(0);
  });

  it('says "Please try again" when the gateway gives no description', async () => {
    gateway.openCheckout.mockResolvedValue({ status: 'failed' });
    const app = await renderOwner('/dashboard/plan', handlers(), 'Subscription Plan');
    await app.user.click(await page().findByRole('button', { name: 'Renew' }));

    expect(await screen.findByText('Payment failed: Please try again')).toBeInTheDocument();
  });

  it("shows the server's message when the order cannot be created", async () => {
    const app = await renderOwner(
      '/dashboard/plan',
      handlers({
        'owner.plan.createOrder': failsWith(
          'BAD_REQUEST',
          'Payment provider is unavailable. Please try again.',
        ),
      }),
      'Subscription Plan',
    );
    await app.user.click(await page().findByRole('button', { name: 'Renew' }));

    expect(await screen.findByText('Payment provider is unavailable. Please try again.')).toBeInTheDocument();
    expect(gateway.openCheckout).not.toHaveBeenCalled();
  });

  it('says so when the payment gateway cannot load', async () => {
    gateway.openCheckout.mockRejectedValue(new Error('script blocked'));
    const app = await renderOwner('/dashboard/plan', handlers(), 'Subscription Plan');
    await app.user.click(await page().findByRole('button', { name: 'Renew' }));

    expect(
      await screen.findByText('Failed to load payment gateway. Please refresh and try again.'),
    ).toBeInTheDocument();
  });

  it('shows "Failed to load plan" with the error and a Retry button', async () => {
    await renderOwner(
      '/dashboard/plan',
      handlers({ 'owner.plan.get': failsWith('INTERNAL_SERVER_ERROR', 'Plan service is down') }),
      'Subscription Plan',
    );
    const alert = await page().findByRole('alert');
    expect(within(alert).getByText('Failed to load plan')).toBeInTheDocument();
    expect(within(alert).getByText('Error: Plan service is down')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

it('offers to pay for a branch added to the chain that is not paid for yet', async () => {
  await renderOwner(
    '/dashboard/plan',
    handlers({
      'owner.plan.get': () =>
        plan({
          status: 'pending',
          subscriptionStart: null,
          subscriptionEnd: null,
          daysLeft: null,
          reviewPageActive: false,
          payments: [],
        }),
    }),
    'Subscription Plan',
  );
  expect(await page().findByRole('button', { name: 'Pay for this branch' })).toBeEnabled();
  expect(page().getByText(/This branch is not paid for yet/)).toBeInTheDocument();
  expect(page().queryByRole('button', { name: 'Renew' })).toBeNull();
});

it("lets the account's owner keep its billing details, checking the GSTIN before saving", async () => {
  const saved: unknown[] = [];
  const billing = {
    legalName: 'Chai Point LLP',
    address: '1 FC Road, Pune',
    state: 'Maharashtra',
    gstin: null,
    complete: true,
    updatedAt: null,
  };
  const app = await renderOwner(
    '/dashboard/plan',
    handlers({
      'owner.account.get': () => ({
        account: { id: 1, name: 'Chai Point', plan: 'essential', createdAt: '2026-01-01T00:00:00.000Z' },
        role: 'owner',
        currentBusinessId: 7,
        branches: [],
      }),
      'owner.account.billing': () => billing,
      'owner.account.updateBilling': (input) => {
        saved.push(input);
        return {
          success: true,
          message: 'Billing details saved.',
          billing: { ...billing, gstin: '27AAPFU0939F1ZV' },
        };
      },
    }),
    'Subscription Plan',
  );
  const section = within(await page().findByRole('region', { name: 'Billing details' }));
  const legalName = section.getByRole('textbox', { name: /Legal name/ });
  await waitFor(() => expect(legalName).toHaveValue('Chai Point LLP'));
  const gstin = section.getByRole('textbox', { name: 'GSTIN (optional)' });
  await app.user.type(gstin, '27AAPFU0939F1ZW');
  await app.user.click(section.getByRole('button', { name: 'Save billing details' }));
  expect(await section.findByText(/please check it for a typing mistake/)).toBeInTheDocument();
  expect(saved).toEqual([]);
  await app.user.clear(gstin);
  await app.user.type(gstin, '27aapfu0939f1zv');
  await app.user.click(section.getByRole('button', { name: 'Save billing details' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]).toMatchObject({
    legalName: 'Chai Point LLP',
    state: 'Maharashtra',
    gstin: '27AAPFU0939F1ZV',
  });
});

it("lists the account's invoices and credit notes for its owner, each downloadable as a PDF", async () => {
  const fetched: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    fetched.push(String(url));
    return new Response(new Blob(['%PDF-1.7']), {
      headers: { 'content-disposition': 'attachment; filename="SL-2627-000001.pdf"' },
    });
  });
  URL.createObjectURL = vi.fn(() => 'blob:invoice');
  URL.revokeObjectURL = vi.fn();
  const invoice = {
    id: 41,
    number: 'SL/2627/000001',
    kind: 'invoice' as const,
    date: '2026-11-20T05:00:00.000Z',
    taxableValue: 199900,
    cgst: 17991,
    sgst: 17991,
    igst: 0,
    total: 235882,
    paymentId: 9,
  };
  const app = await renderOwner(
    '/dashboard/plan',
    handlers({
      'owner.account.get': () => ({
        account: { id: 1, name: 'Chai Point', plan: 'essential', createdAt: '2026-01-01T00:00:00.000Z' },
        role: 'owner',
        currentBusinessId: 7,
        branches: [],
      }),
      'owner.account.billing': () => ({
        legalName: null,
        address: null,
        state: null,
        gstin: null,
        complete: false,
        updatedAt: null,
      }),
      'owner.account.invoices': () => ({
        invoices: [{ ...invoice, id: 42, number: 'SL/2627/C00001', kind: 'credit-note' }, invoice],
      }),
    }),
    'Subscription Plan',
  );
  const section = within(await page().findByRole('region', { name: 'Invoices' }));
  expect(await section.findByText('SL/2627/000001')).toBeInTheDocument();
  expect(section.getByText('Credit note')).toBeInTheDocument();
  expect(section.getAllByText('-₹2,358.82')).toHaveLength(1);
  expect(section.getAllByText('₹359.82')).toHaveLength(1);
  await app.user.click(section.getByRole('button', { name: 'PDF SL/2627/000001' }));
  await waitFor(() => expect(fetched).toEqual(['/api/users/invoices/41/pdf']));
});

it('switches AutoPay on through checkout with the subscription, and off again', async () => {
  const calls: string[] = [];
  let autopay: unknown = null;
  gateway.openCheckout.mockResolvedValue({ status: 'success', response: {} });
  const app = await renderOwner(
    '/dashboard/plan',
    handlers({
      'owner.plan.get': () => ({ ...plan(), autopay }),
      'owner.account.get': () => ({
        account: { id: 1, name: 'Chai Point', plan: 'essential', createdAt: '2026-01-01T00:00:00.000Z' },
        role: 'owner',
        currentBusinessId: 7,
        branches: [],
      }),
      'owner.account.billing': () => ({
        legalName: null,
        address: null,
        state: null,
        gstin: null,
        complete: false,
        updatedAt: null,
      }),
      'owner.account.invoices': () => ({ invoices: [] }),
      'owner.plan.startAutopay': () => {
        calls.push('start');
        autopay = { status: 'active', total: 235882, since: '2026-11-28T00:00:00.000Z' };
        return {
          subscriptionId: 'sub_1',
          keyId: 'rzp_key',
          amount: 199900,
          tax: 35982,
          total: 235882,
          gst: { cgst: 17991, sgst: 17991, igst: 0 },
        };
      },
      'owner.plan.cancelAutopay': () => {
        calls.push('cancel');
        autopay = null;
        return { success: true, message: 'AutoPay is off. Your plan runs until the end of the paid period.' };
      },
    }),
    'Subscription Plan',
  );
  const section = within(await page().findByRole('region', { name: 'AutoPay' }));
  await app.user.click(await section.findByRole('button', { name: 'Turn on AutoPay' }));
  await waitFor(() => expect(gateway.openCheckout).toHaveBeenCalled());
  expect(gateway.openCheckout.mock.calls[0]![0]).toMatchObject({ subscriptionId: 'sub_1', total: 235882 });
  expect(
    await section.findByText('On: ₹2,358.82 (GST included) is charged each month when your plan renews.'),
  ).toBeInTheDocument();
  await app.user.click(section.getByRole('button', { name: 'Turn off AutoPay' }));
  await section.findByRole('button', { name: 'Turn on AutoPay' });
  expect(calls).toEqual(['start', 'cancel']);
});

describe('subscription plan in Hindi', () => {
  it("reads in the person's chosen language; plan names, prices and GST stay as they are", async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    await renderOwner(
      '/dashboard/plan',
      handlers({ 'owner.language.get': () => ({ language: 'hi' }) }),
      'सब्सक्रिप्शन प्लान',
    );
    expect(await page().findByRole('heading', { level: 2, name: 'Essential' })).toBeInTheDocument();
    expect(page().getByText('चालू')).toBeInTheDocument();
    expect(page().getByText('9 दिन बाकी')).toBeInTheDocument();
    expect(page().getByText('₹1,999.00 / महीना + GST')).toBeInTheDocument();
    expect(page().getByRole('button', { name: 'रिन्यू करें' })).toBeInTheDocument();
    expect(page().getByRole('button', { name: 'Professional पर अपग्रेड करें' })).toBeInTheDocument();
    const history = within(page().getByRole('region', { name: 'भुगतान का इतिहास' }));
    expect(history.getByRole('columnheader', { name: 'किसलिए' })).toBeInTheDocument();
    const row = history.getAllByRole('row')[1]!;
    expect(within(row).getByText('रजिस्ट्रेशन')).toBeInTheDocument();
    expect(within(row).getByText('कार्ड')).toBeInTheDocument();
    expect(within(row).getByText('सफल')).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });
});

it("the catalog's English is the contract's where both show a text", () => {
  expect(en.plan.payForBranch).toBe(ACCOUNT_TEXTS.payForBranch);
  expect(en.plan.branchUnpaid).toBe(ACCOUNT_TEXTS.branchUnpaid);
  expect(en.plan.accountInactive).toBe(PAYMENT_TEXTS.accountInactive);
  expect(en.plan.invoices.empty).toBe(INVOICE_TEXTS.noInvoices);
});
