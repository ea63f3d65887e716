import { RENEWAL_TEXTS, type TAdminRenewals } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../test/fake-trpc.ts';
import { expectLoadFailureThenRetry, failingUntilRecovered } from '../test/admin-actions.tsx';
import { page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';
import { RENEWALS_TEXTS } from './renewals-screen.tsx';

const PATH = '/admin-dashboard/renewals';
const TITLE = RENEWALS_TEXTS.title;

type TRenewal = TAdminRenewals['renewals'][number];

function renewal(overrides: Partial<TRenewal> = {}): TRenewal {
  return {
    businessId: 3,
    businessName: 'Asha Cafe',
    code: 'asha-cafe',
    plan: 'professional',
    // 01 Dec 2026, 01:30 in India (still 30 Nov in UTC).
    subscriptionEnd: '2026-11-30T20:00:00.000Z',
    daysLeft: 1,
    ownerName: 'Asha Rao',
    email: 'asha@example.com',
    contactNumber: '9876543210',
    // 25 Nov 2026, 02:15 in India.
    lastReminderAt: '2026-11-24T20:45:00.000Z',
    ...overrides,
  };
}

const ravi = renewal({
  businessId: 4,
  businessName: 'Ravi Tiffins',
  code: 'ravi-tiffins',
  plan: 'essential',
  subscriptionEnd: '2026-12-12T06:00:00.000Z',
  daysLeft: 12,
  ownerName: 'Ravi Kumar',
  email: null,
  contactNumber: '9123456780',
  lastReminderAt: null,
});

const list = (...renewals: TRenewal[]): TAdminRenewals => ({ renewals });

/** The text of each cell of each body row. */
function cells() {
  return within(page().getByRole('table', { name: TITLE }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

const remindButton = (business: string) =>
  page().getByRole('button', { name: `${RENEWALS_TEXTS.remind} to ${business}` });

describe('Renewals (paid periods ending in the next 30 days)', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('lists each due branch: owner, plan, period end in IST, days left, last reminder', async () => {
    await renderAdmin(PATH, { 'admin.renewals.list': () => list(renewal(), ravi) }, TITLE);
    await page().findByText('Asha Cafe');

    const headers = within(page().getByRole('table', { name: TITLE })).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      'Business',
      'Owner',
      'Contact',
      'Plan',
      'Period ends',
      'Days left',
      'Last reminder',
      'Reminder',
    ]);
    expect(cells()).toEqual([
      [
        'Asha Cafeasha-cafe',
        'Asha Raoasha@example.com',
        '9876543210',
        'Professional',
        '01 Dec 2026',
        '1 day',
        '25 Nov 2026, 02:15',
        RENEWALS_TEXTS.remind,
      ],
      [
        'Ravi Tiffinsravi-tiffins',
        `Ravi Kumar${RENEWALS_TEXTS.noEmail}`,
        '9123456780',
        'Essential',
        '12 Dec 2026',
        '12 days',
        RENEWALS_TEXTS.never,
        RENEWALS_TEXTS.remind,
      ],
    ]);
  });

  it('sends a reminder by hand: the buttons wait while it goes, then a toast and the list again', async () => {
    const wait = pending<{ success: true; message: string }>();
    const app = await renderAdmin(
      PATH,
      { 'admin.renewals.list': () => list(renewal(), ravi), 'admin.renewals.remind': wait.handler },
      TITLE,
    );
    await page().findByText('Asha Cafe');

    await app.user.click(remindButton('Asha Cafe'));
    await waitFor(() => expect(remindButton('Asha Cafe')).toBeDisabled());
    expect(remindButton('Ravi Tiffins')).toBeDisabled();
    expect(app.server.callsTo('admin.renewals.remind').map((call) => call.input)).toEqual([{ id: 3 }]);
    const loads = app.server.callsTo('admin.renewals.list').length;

    wait.resolve({ success: true, message: RENEWAL_TEXTS.reminderSent });
    expect(await screen.findByText(RENEWAL_TEXTS.reminderSent)).toBeInTheDocument();
    await waitFor(() => expect(remindButton('Asha Cafe')).toBeEnabled());
    expect(remindButton('Ravi Tiffins')).toBeEnabled();
    await waitFor(() => expect(app.server.callsTo('admin.renewals.list').length).toBeGreaterThan(loads));
  });

  it("says why a reminder failed (the server's message) and lets the admin try again", async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.renewals.list': () => list(renewal(), ravi),
        'admin.renewals.remind': failsWith('BAD_REQUEST', RENEWAL_TEXTS.noEmail),
      },
      TITLE,
    );
    await page().findByText('Ravi Tiffins');

    await app.user.click(remindButton('Ravi Tiffins'));
    expect(await screen.findByText(RENEWAL_TEXTS.noEmail)).toBeInTheDocument();
    expect(screen.queryByText(RENEWAL_TEXTS.reminderSent)).not.toBeInTheDocument();
    await waitFor(() => expect(remindButton('Ravi Tiffins')).toBeEnabled());
  });

  it('shows skeleton rows while loading, then the empty text', async () => {
    const wait = pending<TAdminRenewals>();
    await renderAdmin(PATH, { 'admin.renewals.list': wait.handler }, TITLE);
    expect(page().getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    wait.resolve(list());
    expect(await page().findByText(RENEWALS_TEXTS.empty)).toBeInTheDocument();
  });

  it(`shows the error under '${RENEWALS_TEXTS.errorTitle}' with Retry`, async () => {
    const failing = failingUntilRecovered('Renewals store unavailable', () => list(renewal()));
    const app = await renderAdmin(PATH, { 'admin.renewals.list': failing.handler }, TITLE);
    await expectLoadFailureThenRetry(app, {
      texts: [RENEWALS_TEXTS.errorTitle, 'Renewals store unavailable'],
      retry: 'Retry',
      recover: failing.recover,
      shows: 'Asha Cafe',
    });
  });
});
