import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TFakeHandlers } from '../../../test/fake-trpc.ts';
import { failsWith } from '../../../test/fake-trpc.ts';
import { fill } from '../../../test/fill.ts';
import { meta, page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';
import { ONBOARDING_TEXTS } from './onboard-user-screen.tsx';

const PATH = '/admin-dashboard/onboard-user';
const TITLE = 'Onboard User';
type TApp = Awaited<ReturnType<typeof renderAdmin>>;

const agents = () => ({
  success: true,
  agents: [
    {
      id: 4,
      code: 'AG0004',
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: '9123456780',
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      _count: { users: 2 },
    },
  ],
  meta: meta(1, 1, 100),
  counts: { total: 1, active: 1, inactive: 0 },
});

const baseHandlers: TFakeHandlers = {
  'admin.agents.list': agents,
  'public.businessCode.check': (input) => {
    const { code } = input as { code: string };
    return code === 'taken-code'
      ? { available: false, message: 'This business code is taken' }
      : { available: true, message: 'This business code is available' };
  },
};

async function open(handlers: TFakeHandlers = {}) {
  return renderAdmin(PATH, { ...baseHandlers, ...handlers }, TITLE);
}

/** Picks an option of a Mantine Select (the listbox the input controls). */
async function pick(app: TApp, scope: HTMLElement, label: RegExp, option: string) {
  const input = within(scope).getByLabelText(label);
  await app.user.click(input);
  const listbox = await waitFor(() => {
    const node = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!node) throw new Error(`no listbox for ${label}`);
    return node;
  });
  const item = await waitFor(() => within(listbox).getByText(option, { exact: true }));
  await app.user.click(item.closest('[role="option"]') as HTMLElement);
  await waitFor(() => expect(input).toHaveValue(option));
}

const block = (n: number) => page().getByRole('group', { name: `Customer ${n}` });

async function goToDetails(app: TApp, count?: string) {
  const input = page().getByLabelText('Number of customers');
  if (count !== undefined) {
    await app.user.clear(input);
    if (count) await app.user.type(input, count);
  }
  await app.user.click(page().getByRole('button', { name: 'Continue' }));
  await page().findByRole('button', { name: 'Continue to Payment' });
}

async function fillCustomer(app: TApp, n: number, code = `asha-cafe-${n}`, agent = false) {
  const scope = block(n);
  await fill(app.user, within(scope).getByLabelText(/^Name/), `Asha ${n}`);
  await fill(app.user, within(scope).getByLabelText(/^Phone/), `987654321${n}`);
  await fill(app.user, within(scope).getByLabelText(/^Business name/), `Asha Cafe ${n}`);
  await fill(app.user, within(scope).getByLabelText(/^Business code/), code);
  await pick(app, scope, /^Subscription duration/, '2 years');
  await fill(app.user, within(scope).getByLabelText(/^Review link/), 'https://g.page/r/asha');
  await pick(app, scope, /^State/, 'Karnataka');
  await waitFor(() => expect(within(scope).getByLabelText(/^City/)).toBeEnabled());
  await pick(app, scope, /^City/, 'Bengaluru');
  if (agent) await pick(app, scope, /^Agent/, 'Ravi Kumar (AG0004)');
}

async function fillPayment(app: TApp, additional = 'UTR 998877') {
  await app.user.type(page().getByLabelText(/^Amount/), '24000');
  await app.user.selectOptions(page().getByLabelText(/^Payment method/), 'bank_transfer');
  await fill(app.user, page().getByLabelText(/^Email/), ' Owner@Example.com ');
  await fill(app.user, page().getByLabelText(/^Pricing notes/), 'Two branches, festival offer');
  if (additional) await fill(app.user, page().getByLabelText(/^Additional notes/), additional);
}

/** One customer through every step, then Complete Onboarding. */
async function onboardOneCustomer(app: TApp) {
  await goToDetails(app);
  await fillCustomer(app, 1);
  await app.user.click(page().getByRole('button', { name: 'Continue to Payment' }));
  await page().findByRole('button', { name: 'Complete Onboarding' });
  await fillPayment(app);
  await app.user.click(page().getByRole('button', { name: 'Complete Onboarding' }));
}

describe('Onboard User wizard', { timeout: 30_000 }, () => {
  useCleanToasts();

  it('step 1: 1 to 10 customers; a non-numeric or empty value falls back to 1', async () => {
    const app = await open();
    await goToDetails(app, '3');
    expect(page().getAllByRole('heading', { name: /^Customer \d$/ })).toHaveLength(3);

    await app.user.click(page().getByRole('button', { name: 'Back' }));
    await goToDetails(app, '');
    expect(page().getAllByRole('heading', { name: /^Customer \d$/ })).toHaveLength(1);

    await app.user.click(page().getByRole('button', { name: 'Back' }));
    await goToDetails(app, 'abc');
    expect(page().getAllByRole('heading', { name: /^Customer \d$/ })).toHaveLength(1);

    await app.user.click(page().getByRole('button', { name: 'Back' }));
    await goToDetails(app, '25');
    expect(page().getAllByRole('heading', { name: /^Customer \d+$/ }).length).toBeLessThanOrEqual(10);
  });

  it('step 2: every customer message, and no way on while invalid', async () => {
    const app = await open();
    await goToDetails(app);
    const scope = block(1);
    expect(within(scope).getByLabelText(/^City/)).toBeDisabled();
    await app.user.click(page().getByRole('button', { name: 'Continue to Payment' }));
    for (const message of [
      'Name is required',
      'Enter valid 10-digit number',
      'Business name is required',
      'Business code is required',
      'Subscription duration is required',
      'Enter a valid URL starting with http:// or https://',
      'State is required',
      'City is required',
    ]) {
      expect(within(scope).getByText(message)).toBeInTheDocument();
    }
    expect(within(scope).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(page().queryByLabelText(/^Amount/)).toBeNull();
  });

  it('step 2: checks the business code, and changing the state clears the city', async () => {
    const app = await open();
    await goToDetails(app);
    await fillCustomer(app, 1, 'taken-code');
    const scope = block(1);
    expect(await within(scope).findByText('This business code is taken')).toBeInTheDocument();
    await app.user.click(page().getByRole('button', { name: 'Continue to Payment' }));
    expect(page().queryByLabelText(/^Amount/)).toBeNull();
    expect(app.server.callsTo('public.businessCode.check').at(-1)?.input).toEqual({ code: 'taken-code' });

    await app.user.clear(within(scope).getByLabelText(/^Business code/));
    await fill(app.user, within(scope).getByLabelText(/^Business code/), 'free-code');
    expect(await within(scope).findByText('This business code is available')).toBeInTheDocument();

    await pick(app, scope, /^State/, 'Goa');
    expect(within(scope).getByLabelText(/^City/)).toHaveValue('');
  });

  it('step 3: every payment message', async () => {
    const app = await open();
    await goToDetails(app);
    await fillCustomer(app, 1);
    await app.user.click(page().getByRole('button', { name: 'Continue to Payment' }));
    await app.user.click(await page().findByRole('button', { name: 'Complete Onboarding' }));
    for (const message of [
      'Please enter a valid amount',
      'Please select a payment method',
      'Email is required',
      'Please explain why this price was given',
    ]) {
      expect(page().getByText(message)).toBeInTheDocument();
    }
    await app.user.type(page().getByLabelText(/^Amount/), '-5');
    await fill(app.user, page().getByLabelText(/^Email/), 'owner@');
    await app.user.click(page().getByRole('button', { name: 'Complete Onboarding' }));
    expect(page().getByText('Amount must be positive')).toBeInTheDocument();
    expect(page().getByText('Enter a valid email address')).toBeInTheDocument();
    expect(app.server.callsTo('admin.onboarding.create')).toHaveLength(0);

    await app.user.click(page().getByRole('button', { name: 'Back' }));
    expect(await within(block(1)).findByDisplayValue('Asha 1')).toBeInTheDocument();
  });

  it('completes: exact payload, Processing..., links with copy buttons, 5 s toast, reset after 2 s', async () => {
    const wait = pending();
    const app = await open({ 'admin.onboarding.create': wait.handler });
    await goToDetails(app, '2');
    await fillCustomer(app, 1, 'asha-cafe-1', true);
    await fillCustomer(app, 2);
    await app.user.click(page().getByRole('button', { name: 'Continue to Payment' }));
    await page().findByRole('button', { name: 'Complete Onboarding' });
    await fillPayment(app);
    const show = vi.spyOn(notifications, 'show');
    await app.user.click(page().getByRole('button', { name: 'Complete Onboarding' }));

    expect(await page().findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(app.server.callsTo('admin.onboarding.create')[0]?.input).toEqual({
      branches: [
        {
          name: 'Asha 1',
          contactNumber: '9876543211',
          businessName: 'Asha Cafe 1',
          code: 'asha-cafe-1',
          reviewLink: 'https://g.page/r/asha',
          state: 'Karnataka',
          city: 'Bengaluru',
          subscriptionDuration: 2,
          agentId: 4,
        },
        {
          name: 'Asha 2',
          contactNumber: '9876543212',
          businessName: 'Asha Cafe 2',
          code: 'asha-cafe-2',
          reviewLink: 'https://g.page/r/asha',
          state: 'Karnataka',
          city: 'Bengaluru',
          subscriptionDuration: 2,
        },
      ],
      payment: {
        amount: 24000,
        paymentMethod: 'bank_transfer',
        email: 'owner@example.com',
        notes: 'Two branches, festival offer | Additional: UTR 998877',
      },
      // Step 1's choices, at their defaults: separate businesses, Essential (the spec's behaviour).
      oneAccount: false,
      plan: 'Essential',
    });

    // The 2 s reset on a fake clock (that still moves with real time, for testing-library's waits).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      wait.resolve({
        success: true,
        users: [
          { id: 101, code: 'asha-cafe-1', setPasswordUrl: 'http://localhost/set-password?token=one' },
          { id: 102, code: 'asha-cafe-2', setPasswordUrl: 'http://localhost/set-password?token=two' },
        ],
        manualPaymentId: 55,
      });
      expect(await screen.findByText('Onboarding completed successfully!')).toBeInTheDocument();
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Onboarding completed successfully!', autoClose: 5000 }),
      );
      expect(page().getByText('http://localhost/set-password?token=one')).toBeInTheDocument();
      expect(page().getByRole('button', { name: 'Copy link for asha-cafe-2' })).toBeInTheDocument();

      // Back to step 1 with 1 customer after 2 seconds; the links stay.
      await act(() => vi.advanceTimersByTimeAsync(2000));
      await waitFor(() => expect(page().getByLabelText('Number of customers')).toHaveValue('1'));
      expect(page().getByText('http://localhost/set-password?token=two')).toBeInTheDocument();
      await app.user.click(page().getByRole('button', { name: 'Continue' }));
      expect(await within(block(1)).findByLabelText(/^Name/)).toHaveValue('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the notes alone without additional notes', async () => {
    const app = await open({
      'admin.onboarding.create': () => ({
        success: true,
        users: [{ id: 1, code: 'asha-cafe-1', setPasswordUrl: 'http://x/set-password?token=a' }],
        manualPaymentId: 1,
      }),
    });
    await goToDetails(app);
    await fillCustomer(app, 1);
    await app.user.click(page().getByRole('button', { name: 'Continue to Payment' }));
    await page().findByRole('button', { name: 'Complete Onboarding' });
    await fillPayment(app, '');
    await app.user.click(page().getByRole('button', { name: 'Complete Onboarding' }));
    await waitFor(() => expect(app.server.callsTo('admin.onboarding.create')).toHaveLength(1));
    expect(app.server.callsTo('admin.onboarding.create')[0]?.input).toMatchObject({
      payment: { notes: 'Two branches, festival offer' },
    });
  });

  it('step 2: a phone used twice is said on the later block, and editing it clears the message', async () => {
    const app = await open();
    await goToDetails(app, '2');
    await fillCustomer(app, 1);
    await fill(app.user, within(block(2)).getByLabelText(/^Phone/), '9876543211');
    await app.user.click(page().getByRole('button', { name: 'Continue to Payment' }));

    expect(within(block(2)).getByText('This phone number is already used by Customer 1')).toBeInTheDocument();
    expect(within(block(2)).getByText('Name is required')).toBeInTheDocument();
    expect(page().getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    await app.user.type(within(block(2)).getByLabelText(/^Phone/), '5');
    expect(within(block(2)).queryByText('This phone number is already used by Customer 1')).toBeNull();
    expect(within(block(2)).getByText('Name is required')).toBeInTheDocument();
  });

  it('one account on Professional: branches may share a phone, and the choices are sent', async () => {
    const app = await open({
      'admin.onboarding.create': () => ({
        success: true,
        users: [
          { id: 1, code: 'asha-cafe-1', setPasswordUrl: 'https://x.test/set-password#token=a' },
          { id: 2, code: 'asha-cafe-2', setPasswordUrl: 'https://x.test/set-password#token=a' },
        ],
        manualPaymentId: 3,
      }),
    });
    await app.user.click(page().getByLabelText(ONBOARDING_TEXTS.oneAccount));
    // The plan as the plan table has it: the same price line and features as registration.
    expect(page().getByRole('group', { name: 'Essential plan' })).toHaveTextContent(
      'Essential: ₹1,999/month + GST',
    );
    await app.user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await app.user.click(await screen.findByRole('option', { name: 'Professional', hidden: true }));
    expect(page().getByRole('group', { name: 'Professional plan' })).toHaveTextContent(
      'AI automatic review reply within 2 to 5 minutes',
    );
    await goToDetails(app, '2');
    await fillCustomer(app, 1);
    await fillCustomer(app, 2);
    // The second branch's phone is the first's: fine for one account.
    const phone = within(block(2)).getByLabelText(/^Phone/);
    await app.user.clear(phone);
    await fill(app.user, phone, '9876543211');
    await app.user.click(page().getByRole('button', { name: 'Continue to Payment' }));
    await page().findByRole('button', { name: 'Complete Onboarding' });
    await fillPayment(app);
    await app.user.click(page().getByRole('button', { name: 'Complete Onboarding' }));
    await waitFor(() => expect(app.server.callsTo('admin.onboarding.create')).toHaveLength(1));
    expect(app.server.callsTo('admin.onboarding.create')[0]?.input).toMatchObject({
      oneAccount: true,
      plan: 'Professional',
    });
  });

  it("on a payment field's failure: the server's message beside that field", async () => {
    const app = await open({
      'admin.onboarding.create': failsWith('BAD_REQUEST', 'Enter a valid email address', 'payment.email'),
    });
    await onboardOneCustomer(app);

    expect(
      await screen.findByText('Failed to complete onboarding: Enter a valid email address'),
    ).toBeInTheDocument();
    expect(page().getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(page().getByText('Enter a valid email address')).toBeInTheDocument();
    await app.user.type(page().getByLabelText(/^Email/), 'x');
    expect(page().getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("on failure: 'Failed to complete onboarding: {message}' and back to the blamed field", async () => {
    const app = await open({
      'admin.onboarding.create': failsWith(
        'CONFLICT',
        'Customer 1: This phone number is already registered',
        'branches.0.contactNumber',
      ),
    });
    await onboardOneCustomer(app);

    expect(
      await screen.findByText(
        'Failed to complete onboarding: Customer 1: This phone number is already registered',
      ),
    ).toBeInTheDocument();
    const phone = await within(block(1)).findByLabelText(/^Phone/);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(within(block(1)).getByText('This phone number is already registered')).toBeInTheDocument();
  });
});
