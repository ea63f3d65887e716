import type { TAdminManualPayment } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLoadFailureThenRetry, failingUntilRecovered, openDialog } from '../test/admin-actions.tsx';
import { lastInputOf, meta, page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/manual-payments';
const TITLE = 'Manual Payments';
const lastInput = lastInputOf('admin.manualPayments.list');

function payment(overrides: Partial<TAdminManualPayment> = {}): TAdminManualPayment {
  return {
    id: 11,
    amount: 24000,
    paymentMethod: 'bank_transfer',
    status: 'completed',
    notes: 'Festival discount for two branches, approved by the regional manager',
    createdAt: '2026-10-01T09:30:00.000Z',
    updatedAt: '2026-10-02T09:30:00.000Z',
    users: [
      { user: { id: 7, name: 'Asha Rao', businessName: 'Asha Cafe', contactNumber: '9876543210' } },
      { user: { id: 8, name: 'Asha Rao', businessName: 'Asha Cafe 2', contactNumber: '9876543211' } },
    ],
    ...overrides,
  };
}

const list = (payments: TAdminManualPayment[], total = payments.length, p = 1) => ({
  success: true,
  payments,
  totalRevenue: 1234567,
  paymentMethodCounts: [
    { paymentMethod: 'cash', count: 5 },
    { paymentMethod: 'cheque', count: 3 },
    { paymentMethod: 'razorpay', count: 1 },
    { paymentMethod: 'bank_transfer', count: 9 },
  ],
  meta: meta(total, p),
});

const card = (label: string) => screen.getByRole('region', { name: label });

describe('Manual payments', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the cards and the cell rules', async () => {
    await renderAdmin(
      PATH,
      {
        'admin.manualPayments.list': () =>
          list([payment(), payment({ id: 12, users: [], notes: null, paymentMethod: 'cash', amount: 5000 })]),
      },
      TITLE,
    );
    const row = (await page().findByText('Asha Cafe +1 more', { exact: false })).closest('tr')!;
    expect(card('Total Revenue')).toHaveTextContent('₹12,34,567');
    expect(card('Cash Payments')).toHaveTextContent('5');
    expect(card('Cheque Payments')).toHaveTextContent('3');
    expect(card('Bank Transfers')).toHaveTextContent('9');
    expect(row).toHaveTextContent('₹24,000');
    expect(row).toHaveTextContent('bank transfer');
    expect(within(row).getByText('COMPLETED')).toBeInTheDocument();
    expect(row).toHaveTextContent('Asha Rao');
    expect(row).toHaveTextContent('Festival discount');
    expect(row).toHaveTextContent('…');

    const bare = within(screen.getByRole('table', { name: 'Manual payments' }))
      .getByText('12')
      .closest('tr')!;
    const cells = within(bare)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells[4]).toBe('-');
    expect(cells[5]).toBe('-');
    const headers = within(screen.getByRole('table', { name: 'Manual payments' })).getAllByRole(
      'columnheader',
    );
    expect(headers.map((th) => th.textContent)).toEqual([
      'ID',
      'Amount',
      'Method',
      'Status',
      'Customer',
      'Notes',
      'Created',
      'Actions',
    ]);
  });

  it('filters the loaded rows on the client', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.manualPayments.list': () =>
          list([
            payment(),
            payment({ id: 12, notes: 'Cheque from Ravi', users: [], paymentMethod: 'cheque' }),
          ]),
      },
      TITLE,
    );
    await page().findByText('Cheque from Ravi');
    const calls = app.server.callsTo('admin.manualPayments.list').length;
    await app.user.type(page().getByPlaceholderText('Search payments...'), 'ravi');
    await waitFor(() => expect(page().queryByText('Asha Rao')).toBeNull());
    expect(page().getByText('Cheque from Ravi')).toBeInTheDocument();
    expect(app.server.callsTo('admin.manualPayments.list')).toHaveLength(calls);
  });

  it('sorts on the server with the spec rule and pages with Previous / Next', async () => {
    const app = await renderAdmin(
      PATH,
      { 'admin.manualPayments.list': (input) => list([payment()], 25, (input as { page: number }).page) },
      TITLE,
    );
    await page().findByText('Asha Rao');
    await app.user.click(page().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastInput(app)).toEqual({ page: 2, limit: 10 }));
    await app.user.click(page().getByRole('button', { name: 'Amount' }));
    await waitFor(() =>
      expect(lastInput(app)).toEqual({ page: 1, limit: 10, sortBy: 'amount', sortOrder: 'asc' }),
    );
    await app.user.click(page().getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortOrder: 'desc' }));
    await app.user.click(page().getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortBy: 'createdAt', sortOrder: 'asc' }));
  });

  it('shows skeleton rows while loading and opens Manual Payment Details', async () => {
    const wait = pending();
    const app = await renderAdmin(PATH, { 'admin.manualPayments.list': wait.handler }, TITLE);
    expect(page().getAllByTestId('skeleton-row')).toHaveLength(10);
    wait.resolve(list([payment()]));
    const dialog = await openDialog(app, 'View manual payment 11', 'Manual Payment Details');
    expect(dialog).toHaveTextContent('Asha Cafe 2');
    expect(dialog).toHaveTextContent('approved by the regional manager');
  });

  it("shows 'Error loading payments' with the message and 'Try again'", async () => {
    const failing = failingUntilRecovered('Ledger offline', () => list([payment()]));
    const app = await renderAdmin(PATH, { 'admin.manualPayments.list': failing.handler }, TITLE);
    await expectLoadFailureThenRetry(app, {
      texts: ['Error loading payments', 'Ledger offline'],
      retry: 'Try again',
      recover: failing.recover,
      shows: 'Asha Rao',
      whileFailing: () => expect(page().queryByRole('table')).toBeNull(),
    });
  });

  it("raises 'API returned success: false'", async () => {
    await renderAdmin(
      PATH,
      { 'admin.manualPayments.list': () => ({ ...list([payment()]), success: false }) },
      TITLE,
    );
    expect(await page().findByRole('alert')).toHaveTextContent('API returned success: false');
  });
});
