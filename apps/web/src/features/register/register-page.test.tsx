import { notifications } from '@mantine/notifications';
import { PLANS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failsWith } from '../../test/fake-trpc.ts';
import { PAYMENT_ORDER } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render-with-router.tsx';
import { openCheckout, type TCheckoutResult } from './payment-gateway.ts';

// The gateway is stubbed: these tests drive its three outcomes (Razorpay itself is tested apart).
vi.mock('./payment-gateway.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./payment-gateway.ts')>()),
  openCheckout: vi.fn(),
}));

beforeEach(() => {
  notifications.clean();
  vi.mocked(openCheckout).mockReset();
});
// A long Mantine form in happy-dom: give each test room.
vi.setConfig({ testTimeout: 30_000 });

const ORDER = PAYMENT_ORDER;
const CHECKOUT_RESPONSE = {
  razorpay_order_id: 'order_123',
  razorpay_payment_id: 'pay_456',
  razorpay_signature: 'sig_789',
};
const USER = { name: 'Asha Kulkarni', contactNumber: '9876543210' };

function handlers(overrides = {}) {
  return {
    'public.businessCode.check': (input: unknown) => ({
      available: (input as { code: string }).code !== 'taken-code',
      message:
        (input as { code: string }).code === 'taken-code'
          ? 'This business code is taken'
          : 'This business code is available',
    }),
    'payments.initiate': () => ORDER,
    'payments.verify': () => ({ success: true, token: 'owner-token', user: USER }),
    ...overrides,
  };
}

const field = (label: RegExp) => screen.getByLabelText(label);

/** Sets a text field the fast way: focus, select all, paste (one input event instead of one per key). */
async function fill(user: UserEvent, label: RegExp, value: string) {
  const input = field(label);
  await user.click(input);
  await user.clear(input);
  await user.paste(value);
}

async function chooseOption(user: UserEvent, label: RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  await user.clear(input);
  await user.paste(option);
  // Mantine keeps its dropdown at display:none in happy-dom (no layout): the options are there.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function fillForm(
  user: UserEvent,
  options: { code?: string; plan?: 'Essential' | 'Professional' } = {},
) {
  await fill(user, /^Full name/, 'Asha Kulkarni');
  await fill(user, /^Email/, 'Asha@Example.com');
  await fill(user, /^Phone number/, '9876543210');
  await fill(user, /^Sales representative name/, 'Direct');
  await fill(user, /^Business name/, 'Chai Point Pune');
  await fill(user, /^Business code/, options.code ?? 'chai-point-pune');
  await fill(user, /^Business review URL/, 'https://g.page/r/chai-point/review');
  await chooseOption(user, /^State/, 'Maharashtra');
  await waitFor(() => expect(screen.getByRole('combobox', { name: /^City/ })).toBeEnabled());
  await chooseOption(user, /^City/, 'Pune');
  await fill(user, /^Password/, 'secret12');
  await fill(user, /^Confirm password/, 'secret12');
  await user.click(screen.getByRole('radio', { name: new RegExp(options.plan ?? 'Essential') }));
  await user.click(screen.getByRole('checkbox'));
}

/** A complete form as a saved draft (what a reload keeps): everything but the passwords. */
const DRAFT = {
  name: 'Asha Kulkarni',
  email: 'asha@example.com',
  phone: '9876543210',
  businessName: 'Chai Point Pune',
  code: 'chai-point-pune',
  businessUrl: 'https://g.page/r/chai-point/review',
  salesGuy: 'Direct',
  state: 'Maharashtra',
  city: 'Pune',
  plan: 'Essential',
  terms: true,
};
/** What payments.initiate gets of the draft (without plan and terms). */
const { plan: _plan, terms: _terms, ...USER_DATA } = DRAFT;

async function renderRegister(overrides = {}) {
  const app = await renderWithRouter({ path: '/register', handlers: handlers(overrides) });
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  return app;
}

/** From a saved draft: only the passwords are typed again. */
async function renderAtPlanStep(overrides = {}) {
  sessionStorage.setItem('starloopRegistrationDraft', JSON.stringify(DRAFT));
  const app = await renderRegister(overrides);
  await fill(app.user, /^Password/, 'secret12');
  await fill(app.user, /^Confirm password/, 'secret12');
  await waitFor(() => expect(screen.getByText('This business code is available')).toBeInTheDocument());
  await app.user.click(screen.getByRole('button', { name: 'Continue to plan' }));
  await screen.findByRole('heading', { level: 3, name: 'Essential' });
  return app;
}

async function reachPlanStep(user: UserEvent, plan: 'Essential' | 'Professional' = 'Essential') {
  await fillForm(user, { plan });
  await waitFor(() => expect(screen.getByText('This business code is available')).toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Continue to plan' }));
  await screen.findByRole('heading', { level: 3, name: 'Essential' });
}

describe('/register: the account form', () => {
  it('shows every required message of spec section 5 when submitted empty', async () => {
    const { user } = await renderRegister();

    await user.click(screen.getByRole('button', { name: 'Continue to plan' }));

    for (const message of [
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Business name is required',
      'Business code is required',
      'Business URL is required',
      'Sales representative name is required',
      'State is required',
      'City is required',
      'Password is required',
      'Please select a plan',
      'You must accept terms',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field(/^Full name/)).toHaveFocus();
    expect(screen.queryByRole('heading', { level: 3, name: 'Essential' })).toBeNull();
  });

  it('checks the shapes: email, 10-digit phone, URL, passwords', async () => {
    const { user } = await renderRegister();

    await fill(user, /^Full name/, 'As');
    await fill(user, /^Email/, 'asha@example');
    await fill(user, /^Phone number/, '98765');
    await fill(user, /^Business review URL/, 'g.page/review');
    await fill(user, /^Password/, 'abc');
    await fill(user, /^Confirm password/, 'abd');
    await user.click(screen.getByRole('button', { name: 'Continue to plan' }));

    expect(await screen.findByText('Full name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter valid email')).toBeInTheDocument();
    expect(screen.getByText('Enter valid 10-digit phone')).toBeInTheDocument();
    expect(screen.getByText('Enter valid URL')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('shows a field error once the field is left, before any submit', async () => {
    const { user } = await renderRegister();

    await user.click(field(/^Email/));
    await user.tab();

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByText('Full name is required')).toBeNull();
  });

  it('a left field follows its value; a wrong confirmation is said at once, while other fields are empty', async () => {
    const { user } = await renderRegister();

    await fill(user, /^Email/, 'asha@example');
    await user.tab();
    expect(await screen.findByText('Enter valid email')).toBeInTheDocument();
    await fill(user, /^Email/, 'asha@example.com');
    await waitFor(() => expect(screen.queryByText('Enter valid email')).toBeNull());

    await fill(user, /^Password/, 'secret12');
    await fill(user, /^Confirm password/, 'secret13');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Full name is required')).toBeNull();
    // Changing the password re-checks the confirmation already left.
    await fill(user, /^Password/, 'secret13');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Continue to plan' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('after a submit, every message follows the values', async () => {
    const { user } = await renderRegister();
    await user.click(screen.getByRole('button', { name: 'Continue to plan' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();

    await fill(user, /^Full name/, 'As');
    expect(await screen.findByText('Full name must be at least 3 characters')).toBeInTheDocument();
    await fill(user, /^Full name/, 'Asha');
    await waitFor(() => expect(screen.queryByText('Full name must be at least 3 characters')).toBeNull());
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it('the city list follows the state, and changing the state clears the city', async () => {
    const { user } = await renderRegister();
    const city = () => screen.getByRole('combobox', { name: /^City/ });

    expect(city()).toBeDisabled();
    await chooseOption(user, /^State/, 'Maharashtra');
    await waitFor(() => expect(city()).toBeEnabled());
    await chooseOption(user, /^City/, 'Pune');
    expect(city()).toHaveValue('Pune');

    await chooseOption(user, /^State/, 'Karnataka');

    await waitFor(() => expect(city()).toBeEnabled());
    expect(city()).toHaveValue('');
    await user.click(city());
    expect(await screen.findByRole('option', { name: 'Bengaluru', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Pune', hidden: true })).toBeNull();
  });

  it('suggests a code from the business name, keeps it to a-z 0-9 and -, and checks it (debounced, lower-cased)', async () => {
    const { user, server } = await renderRegister();

    await fill(user, /^Business name/, 'Chai Point, Pune');
    expect(field(/^Business code/)).toHaveValue('chai-point-pune');
    expect(await screen.findByText('This business code is available')).toBeInTheDocument();
    expect(server.callsTo('public.businessCode.check').map((c) => c.input)).toEqual([
      { code: 'chai-point-pune' },
    ]);

    await fill(user, /^Business code/, 'Taken Code!');
    expect(field(/^Business code/)).toHaveValue('taken-code');
    expect(await screen.findByText('This business code is taken')).toBeInTheDocument();
    expect(server.callsTo('public.businessCode.check').map((c) => c.input)).toEqual([
      { code: 'chai-point-pune' },
      { code: 'taken-code' },
    ]);
  });

  it('does not go on with a taken code', async () => {
    sessionStorage.setItem('starloopRegistrationDraft', JSON.stringify({ ...DRAFT, code: 'taken-code' }));
    const { user } = await renderRegister();
    await fill(user, /^Password/, 'secret12');
    await fill(user, /^Confirm password/, 'secret12');
    expect(await screen.findByText('This business code is taken')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to plan' }));

    expect(screen.queryByRole('heading', { level: 3, name: 'Essential' })).toBeNull();
  });
});

describe('/register: a reload keeps the form', () => {
  it('restores every field but the passwords, and drops the draft once signed in', async () => {
    vi.mocked(openCheckout).mockResolvedValue({ status: 'success', response: CHECKOUT_RESPONSE });
    sessionStorage.setItem('starloopRegistrationDraft', JSON.stringify({ ...DRAFT, password: 'leaked' }));
    const { user, pathname } = await renderRegister();

    expect(field(/^Full name/)).toHaveValue('Asha Kulkarni');
    // The city shows once the state's city list (a chunk of its own) has loaded.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^City/ })).toHaveValue('Pune'));
    expect(field(/^Password/)).toHaveValue('');
    expect(sessionStorage.getItem('starloopRegistrationDraft')).not.toContain('leaked');

    await fill(user, /^Password/, 'secret12');
    await fill(user, /^Confirm password/, 'secret12');
    expect(sessionStorage.getItem('starloopRegistrationDraft')).not.toContain('secret12');
    await waitFor(() => expect(screen.getByText('This business code is available')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Continue to plan' }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,999 and create account' }));

    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(sessionStorage.getItem('starloopRegistrationDraft')).toBeNull();
  });
});

describe('/register: plans', () => {
  it('shows the two plans with prices, struck-through prices, labels and features', async () => {
    const { user } = await renderAtPlanStep();

    const essential = screen.getByRole('region', { name: 'Essential' });
    expect(within(essential).getByText('₹1,999')).toBeInTheDocument();
    expect(within(essential).getByText('₹3,999')).toBeInTheDocument();
    expect(within(essential).getByText('SAVE 50%')).toBeInTheDocument();
    expect(within(essential).getByText('QR review system')).toBeInTheDocument();
    const professional = screen.getByRole('region', { name: 'Professional' });
    expect(within(professional).getByText('₹2,999')).toBeInTheDocument();
    expect(within(professional).getByText('₹5,999')).toBeInTheDocument();
    expect(within(professional).getByText('Most Popular')).toBeInTheDocument();
    expect(
      within(professional).getByText('AI automatic review reply within 2 to 5 minutes'),
    ).toBeInTheDocument();
    // The one plan table: the same features, price before GST and term as every other surface.
    for (const [region, plan] of [
      [essential, PLANS.essential],
      [professional, PLANS.professional],
    ] as const) {
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([...plan.features]);
      expect(within(region).getByText('/month + GST')).toBeInTheDocument();
      expect(within(region).getByText(`Launch price locked for ${plan.term.label}`)).toBeInTheDocument();
    }

    expect(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' })).toBeInTheDocument();
    await user.click(within(professional).getByRole('button', { name: 'Choose Professional' }));
    expect(screen.getByRole('button', { name: 'Pay ₹2,999 and create account' })).toBeInTheDocument();
  });

  it("says 'Please fill the registration form first' when paying before the form is complete", async () => {
    const { user, server } = await renderRegister();

    await user.click(screen.getByRole('button', { name: /^2 Plan/ }));
    await user.click(await screen.findByRole('button', { name: 'Choose Essential' }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    expect(await screen.findByText('Please fill the registration form first')).toBeInTheDocument();
    expect(server.callsTo('payments.initiate')).toHaveLength(0);
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
  });
});

describe('/register: payment', () => {
  it('initiates with exactly {userData, plan, amount}, opens the gateway, verifies and lands signed in on /dashboard', async () => {
    vi.mocked(openCheckout).mockResolvedValue({ status: 'success', response: CHECKOUT_RESPONSE });
    let finishVerify: (value: unknown) => void = () => {};
    const { user, server, pathname } = await renderRegister({
      'payments.verify': () =>
        new Promise((resolve) => {
          finishVerify = resolve;
        }),
    });
    await reachPlanStep(user, 'Professional');

    await user.click(screen.getByRole('button', { name: 'Pay ₹2,999 and create account' }));

    expect(
      await screen.findByText('Payment processing... please wait for confirmation.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(server.callsTo('payments.initiate').map((c) => c.input)).toEqual([
      {
        // The draft's fields without plan and terms, and the password typed.
        userData: { ...USER_DATA, password: 'secret12' },
        plan: 'Professional',
        amount: 299900,
      },
    ]);
    expect(openCheckout).toHaveBeenCalledWith(
      ORDER,
      {
        name: 'Asha Kulkarni',
        email: 'asha@example.com',
        contact: '9876543210',
        notes: { businessName: 'Chai Point Pune', code: 'chai-point-pune' },
      },
      expect.objectContaining({ completeTestPayment: expect.any(Function) }),
    );

    finishVerify({ success: true, token: 'owner-token', user: USER });
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(server.callsTo('payments.verify').map((c) => c.input)).toEqual([CHECKOUT_RESPONSE]);
    expect(localStorage.getItem('authToken')).toBe('owner-token');
  });

  it('sends the optional billing details for the GST invoice, checking the GSTIN against the state first', async () => {
    vi.mocked(openCheckout).mockResolvedValue({ status: 'cancelled' });
    const { user, server } = await renderAtPlanStep();
    expect(screen.getByText('Prices are before GST: 18% GST is added at checkout.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I need a GST invoice/ }));
    await fill(user, /^Legal name/, 'Chai Point LLP');
    await fill(user, /^Billing address/, '1 FC Road, Pune');
    await chooseOption(user, /^State/, 'Karnataka');
    await fill(user, /^GSTIN/, '27AAPFU0939F1ZV');
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));
    expect(await screen.findByText(/registered in another state/)).toBeInTheDocument();
    expect(server.callsTo('payments.initiate')).toHaveLength(0);

    await chooseOption(user, /^State/, 'Maharashtra');
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));
    await waitFor(() => expect(server.callsTo('payments.initiate')).toHaveLength(1));
    expect(server.callsTo('payments.initiate')[0]!.input).toMatchObject({
      billing: {
        legalName: 'Chai Point LLP',
        address: '1 FC Road, Pune',
        state: 'Maharashtra',
        gstin: '27AAPFU0939F1ZV',
      },
    });
  });

  it.each<[string, TCheckoutResult, string]>([
    ['cancel', { status: 'cancelled' }, 'Payment cancelled'],
    [
      'failure with a description',
      { status: 'failed', description: 'Card declined by bank' },
      'Payment failed: Card declined by bank',
    ],
    ['failure without a description', { status: 'failed' }, 'Payment failed: Please try again'],
  ])('%s: says so, does not verify, and lets the owner pay again', async (_name, result, message) => {
    vi.mocked(openCheckout).mockResolvedValue(result);
    const { user, server, pathname } = await renderAtPlanStep();

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(server.callsTo('payments.verify')).toHaveLength(0);
    expect(pathname()).toBe('/register');
    expect(await screen.findByRole('button', { name: 'Pay ₹1,999 and create account' })).toBeEnabled();
  });

  it("shows the server's message when payments.initiate fails, and takes the owner to the field it names", async () => {
    const { user } = await renderAtPlanStep({
      'payments.initiate': failsWith('CONFLICT', 'This phone number is already registered', 'phone'),
    });

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    expect(await screen.findAllByText('This phone number is already registered')).toHaveLength(2);
    expect(openCheckout).not.toHaveBeenCalled();
    expect(field(/^Phone number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("keeps the server's field message until that field is edited, and does not go on meanwhile", async () => {
    let taken = true;
    const { user, server } = await renderAtPlanStep({
      'payments.initiate': () => {
        if (taken) failsWith('CONFLICT', 'This phone number is already registered', 'userData.phone')();
        return ORDER;
      },
    });
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));
    expect(await screen.findAllByText('This phone number is already registered')).toHaveLength(2);

    // Another field edited: the phone's message stays, and the form does not go on.
    await fill(user, /^Full name/, 'Asha K');
    expect(field(/^Phone number/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Continue to plan' }));
    expect(screen.queryByRole('heading', { level: 3, name: 'Essential' })).toBeNull();
    expect(field(/^Phone number/)).toHaveAttribute('aria-invalid', 'true');

    // The phone edited: the message goes, and the next payment sends the new number.
    taken = false;
    vi.mocked(openCheckout).mockResolvedValue({ status: 'cancelled' });
    await fill(user, /^Phone number/, '9876500000');
    expect(field(/^Phone number/)).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Continue to plan' }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,999 and create account' }));
    await waitFor(() => expect(server.callsTo('payments.initiate')).toHaveLength(2));
    expect(server.callsTo('payments.initiate')[1]?.input).toEqual({
      userData: { ...USER_DATA, name: 'Asha K', phone: '9876500000', password: 'secret12' },
      plan: 'Essential',
      amount: 199900,
    });
  });

  it("falls back to 'Error initiating payment' without a server message", async () => {
    const { user } = await renderAtPlanStep({ 'payments.initiate': failsWith('INTERNAL_SERVER_ERROR', '') });

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    expect(await screen.findByText('Error initiating payment')).toBeInTheDocument();
  });

  it("says 'Failed to initiate payment' when the answer has no orderId", async () => {
    const { user } = await renderAtPlanStep({ 'payments.initiate': () => ({ ...ORDER, orderId: '' }) });

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    expect(await screen.findByText('Failed to initiate payment')).toBeInTheDocument();
    expect(openCheckout).not.toHaveBeenCalled();
  });

  it("says 'Failed to load payment gateway. Please refresh and try again.' when Razorpay cannot load", async () => {
    const { PaymentGatewayLoadError } =
      await vi.importActual<typeof import('./payment-gateway.ts')>('./payment-gateway.ts');
    vi.mocked(openCheckout).mockRejectedValue(new PaymentGatewayLoadError());
    const { user } = await renderAtPlanStep();

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    expect(
      await screen.findByText('Failed to load payment gateway. Please refresh and try again.'),
    ).toBeInTheDocument();
  });

  it('a verify that answers without a token (the webhook was first) sends the owner to sign in', async () => {
    vi.mocked(openCheckout).mockResolvedValue({ status: 'success', response: CHECKOUT_RESPONSE });
    const { user, pathname } = await renderAtPlanStep({
      'payments.verify': () => ({
        success: true,
        message: 'Payment received. Please sign in to continue.',
      }),
    });

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(await screen.findByText('Payment received. Please sign in to continue.')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('phone')).toBe('9876543210');
  });

  it('a payment captured after the phone or code was taken says it will be refunded, and signs nobody in', async () => {
    vi.mocked(openCheckout).mockResolvedValue({ status: 'success', response: CHECKOUT_RESPONSE });
    const refund =
      'Payment received, but this phone number or business code was registered meanwhile. Your payment will be refunded.';
    const { user, pathname } = await renderAtPlanStep({
      'payments.verify': () => ({ success: true, needsRefund: true, message: refund }),
    });

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    expect(await screen.findByRole('alert', { name: refund })).toBeInTheDocument();
    expect(screen.getByText(/register again with another business code/)).toBeInTheDocument();
    expect(pathname()).toBe('/register');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('shows the verification failure and what happens to the money', async () => {
    vi.mocked(openCheckout).mockResolvedValue({ status: 'success', response: CHECKOUT_RESPONSE });
    const { user, pathname } = await renderAtPlanStep({
      'payments.verify': failsWith('BAD_REQUEST', 'Payment verification failed'),
    });

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,999 and create account' }));

    expect(
      await screen.findByText(/activated automatically once the payment is confirmed/),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/register');
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
