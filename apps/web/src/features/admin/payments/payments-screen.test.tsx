import type { TAdminPayment } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import { expectLoadFailureThenRetry, failingUntilRecovered, openDialog } from '../test/admin-actions.tsx';
import { lastInputOf, meta, page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/payments';
const TITLE = 'Payments Management';
const lastInput = lastInputOf('admin.payments.list');

function payment(overrides: Partial<TAdminPayment> = {}): TAdminPayment {
  return {
    id: 501,
    userId: 7,
    user: { name: 'Asha Rao', businessName: 'Asha Cafe', code: 'asha-cafe', contactNumber: '9876543210' },
    plan: 'professional',
    purpose: 'registration',
    amount: 299900,
    status: 'captured',
    paymentMethod: 'net_banking',
    razorpayOrderId: 'order_Nabc123',
    razorpayPaymentId: 'pay_Nxyz789',
    razorpaySignature: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    createdAt: '2026-11-02T09:30:00.000Z',
    needsRefund: false,
    refundedAt: null,
    ...overrides,
  };
}

const list = (payments: TAdminPayment[], total = payments.length) => ({
  success: true,
  payments,
  meta: meta(total),
  totalRevenue: 12345678,
  paymentStatusCounts: { pending: 4, failed: 2, captured: 40 },
});

const card = (label: string) => screen.getByRole('region', { name: label });

describe('Payments management', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the five cards, paise as rupees, methods with spaces', async () => {
    await renderAdmin(PATH, { 'admin.payments.list': () => list([payment()], 46) }, TITLE);
    const row = (await page().findByText('Asha Cafe')).closest('tr')!;
    expect(card('Total Revenue')).toHaveTextContent('₹1,23,456.78');
    expect(card('Total Payments')).toHaveTextContent('46');
    expect(card('Captured')).toHaveTextContent('40');
    expect(card('Pending')).toHaveTextContent('4');
    expect(card('Failed')).toHaveTextContent('2');
    expect(row).toHaveTextContent('₹2,999.00');
    expect(row).toHaveTextContent('net banking');
    expect(row).toHaveTextContent('Professional');
    const headers = within(screen.getByRole('table', { name: 'Payments' })).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      'ID',
      'User & Business',
      'Plan',
      'Amount',
      'Status',
      'Method',
      'Date',
      'Actions',
    ]);
  });

  it('shows Payment Details with the ids, the signature cut to 20 characters and the summary', async () => {
    const app = await renderAdmin(PATH, { 'admin.payments.list': () => list([payment()]) }, TITLE);
    const dialog = await openDialog(app, 'View payment 501', 'Payment Details');
    expect(dialog).toHaveTextContent('order_Nabc123');
    expect(dialog).toHaveTextContent('pay_Nxyz789');
    expect(within(dialog).getByText('a1b2c3d4e5f6a7b8c9d0...')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('a1b2c3d4e5f6a7b8c9d0e1');
    expect(dialog).toHaveTextContent('Transaction summary');
    expect(dialog).toHaveTextContent('₹2,999.00');
  });

  it('shows a signature the server already cut to 20 characters as cut', async () => {
    const app = await renderAdmin(
      PATH,
      { 'admin.payments.list': () => list([payment({ razorpaySignature: 'a1b2c3d4e5f6a7b8c9d0' })]) },
      TITLE,
    );
    const dialog = await openDialog(app, 'View payment 501', 'Payment Details');
    expect(within(dialog).getByText('a1b2c3d4e5f6a7b8c9d0...')).toBeInTheDocument();
  });

  it("marks a captured payment that was applied to nobody with a 'Needs refund' badge", async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.payments.list': () =>
          list([
            payment({ id: 501, needsRefund: true }),
            payment({ id: 502, needsRefund: false, user: { ...payment().user, businessName: 'Other Cafe' } }),
          ]),
      },
      TITLE,
    );
    const refunded = (await page().findByText('Asha Cafe')).closest('tr')!;
    const other = page().getByText('Other Cafe').closest('tr')!;
    expect(within(refunded).getByText('Needs refund')).toBeInTheDocument();
    expect(within(other).queryByText('Needs refund')).toBeNull();
    const dialog = await openDialog(app, 'View payment 501', 'Payment Details');
    expect(within(dialog).getByText('Needs refund')).toBeInTheDocument();
  });

  it('refunds such a payment after a confirmation, then shows it refunded and loads the list again', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.payments.list': () => list([payment({ needsRefund: true })]),
        'admin.payments.refund': () => ({
          success: true,
          message: 'Refund made. The money goes back to the payer in 5-7 working days.',
          refundId: 'rfnd_N1',
          refundedAt: '2026-11-27T10:00:00.000Z',
        }),
      },
      TITLE,
    );
    const dialog = await openDialog(app, 'View payment 501', 'Payment Details');
    expect(dialog).toHaveTextContent('Razorpay Payment ID');
    await app.user.click(within(dialog).getByRole('button', { name: 'Refund ₹2,999.00' }));
    expect(dialog).toHaveTextContent('Refund ₹2,999.00 to the payer? This cannot be undone.');
    // Cancel asks nothing of the server.
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.server.callsTo('admin.payments.refund')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Refund ₹2,999.00' }));
    const listed = app.server.callsTo('admin.payments.list').length;
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(
      await screen.findByText('Refund made. The money goes back to the payer in 5-7 working days.'),
    ).toBeInTheDocument();
    expect(app.server.callsTo('admin.payments.refund').map((c) => c.input)).toEqual([{ id: 501 }]);
    expect(await within(dialog).findByText('Refunded')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Refund/ })).toBeNull();
    await waitFor(() => expect(app.server.callsTo('admin.payments.list').length).toBeGreaterThan(listed));
  });

  it("says why a refund was not made and offers it again; a refunded payment reads 'Refunded'", async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.payments.list': () =>
          list([
            payment({ needsRefund: true }),
            payment({
              id: 502,
              refundedAt: '2026-11-20T10:00:00.000Z',
              user: { ...payment().user, businessName: 'Other Cafe' },
            }),
          ]),
        'admin.payments.refund': () => {
          throw trpcError('CONFLICT', 'This payment has already been refunded.');
        },
      },
      TITLE,
    );
    const other = (await page().findByText('Other Cafe')).closest('tr')!;
    expect(within(other).getByText('Refunded')).toBeInTheDocument();
    expect(within(other).queryByText('Needs refund')).toBeNull();
    const dialog = await openDialog(app, 'View payment 501', 'Payment Details');
    await app.user.click(within(dialog).getByRole('button', { name: 'Refund ₹2,999.00' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(dialog).findByText('This payment has already been refunded.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Refund ₹2,999.00' })).toBeEnabled();
  });

  it('searches from page 1 and refreshes on demand', async () => {
    const app = await renderAdmin(PATH, { 'admin.payments.list': () => list([payment()], 25) }, TITLE);
    await page().findByText('Asha Cafe');
    await app.user.click(page().getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ page: 2 }));
    await app.user.type(page().getByLabelText('Search payments'), 'pay_N');
    await waitFor(() => expect(lastInput(app)).toEqual({ page: 1, limit: 10, search: 'pay_N' }));
    const before = app.server.callsTo('admin.payments.list').length;
    await app.user.click(page().getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(app.server.callsTo('admin.payments.list').length).toBe(before + 1));
  });

  it('shows skeleton rows while loading and the empty text', async () => {
    const wait = pending();
    await renderAdmin(PATH, { 'admin.payments.list': wait.handler }, TITLE);
    expect(page().getAllByTestId('skeleton-row')).toHaveLength(10);
    wait.resolve(list([]));
    expect(await page().findByText('No payments yet.')).toBeInTheDocument();
  });

  it("shows the error under 'Error loading payments' with Retry", async () => {
    const failing = failingUntilRecovered('Payments store unavailable', () => list([payment()]));
    const app = await renderAdmin(PATH, { 'admin.payments.list': failing.handler }, TITLE);
    await expectLoadFailureThenRetry(app, {
      texts: ['Error loading payments', 'Payments store unavailable'],
      retry: 'Retry',
      recover: failing.recover,
      shows: 'Asha Cafe',
    });
  });

  it("treats success false as 'API response indicates failure'", async () => {
    await renderAdmin(
      PATH,
      { 'admin.payments.list': () => ({ ...list([payment()]), success: false }) },
      TITLE,
    );
    const alert = await page().findByRole('alert');
    expect(alert).toHaveTextContent('Error loading payments');
    expect(alert).toHaveTextContent('API response indicates failure');
    expect(page().queryByText('Asha Cafe')).toBeNull();
  });
});
