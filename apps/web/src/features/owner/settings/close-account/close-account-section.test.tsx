import { CLOSURE_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../../test/fake-trpc.ts';
import { CLOSED_ACCOUNT_TEXT } from '../../account-closure/closed-account-gate.tsx';
import { cleanToastsBeforeEach, renderOwner } from '../../test/owner-test-utils.tsx';
import { CLOSE_ACCOUNT_TEXT } from './close-account-section.tsx';

cleanToastsBeforeEach();

const account = (role: 'owner' | 'manager') => ({
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role,
  currentBusinessId: 1,
  branches: [],
});
const settingsServer = (role: 'owner' | 'manager', more: Record<string, unknown> = {}) => ({
  'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
  'owner.templates.list': () => ({ enabled: true, placeholders: [], templates: [] }),
  'owner.account.get': () => account(role),
  'owner.team.list': () => ({ members: [], invitations: [] }),
  ...more,
});
const closed = {
  success: true,
  message: CLOSURE_TEXTS.closed('2026-12-31'),
  closed: true,
  closedAt: '2026-12-01T06:00:00.000Z',
  erasureAt: '2026-12-31T06:00:00.000Z',
};

describe('settings: close account', () => {
  it('asks for the password, says what happens, and signs out once closed', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      settingsServer('owner', { 'owner.account.close': () => closed }),
      'Settings',
    );
    const section = within(await screen.findByRole('region', { name: CLOSE_ACCOUNT_TEXT.title }));
    await app.user.click(section.getByRole('button', { name: CLOSE_ACCOUNT_TEXT.open }));
    const dialog = within(await screen.findByRole('dialog', { name: CLOSE_ACCOUNT_TEXT.confirmTitle }));
    expect(dialog.getByText(CLOSE_ACCOUNT_TEXT.erased)).toBeInTheDocument();
    await app.user.type(dialog.getByLabelText(CLOSE_ACCOUNT_TEXT.password, { exact: false }), 'owner-pass');
    await app.user.click(dialog.getByRole('button', { name: CLOSE_ACCOUNT_TEXT.confirm }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.server.callsTo('owner.account.close').map((c) => c.input)).toEqual([
      { password: 'owner-pass' },
    ]);
    expect(await screen.findByText(closed.message)).toBeInTheDocument();
  });

  it('shows the server’s refusal of a wrong password and stays open', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      settingsServer('owner', {
        'owner.account.close': failsWith('BAD_REQUEST', CLOSURE_TEXTS.passwordWrong, 'password'),
      }),
      'Settings',
    );
    const section = within(await screen.findByRole('region', { name: CLOSE_ACCOUNT_TEXT.title }));
    await app.user.click(section.getByRole('button', { name: CLOSE_ACCOUNT_TEXT.open }));
    const dialog = within(await screen.findByRole('dialog', { name: CLOSE_ACCOUNT_TEXT.confirmTitle }));
    await app.user.type(dialog.getByLabelText(CLOSE_ACCOUNT_TEXT.password, { exact: false }), 'wrong');
    await app.user.click(dialog.getByRole('button', { name: CLOSE_ACCOUNT_TEXT.confirm }));
    expect(await dialog.findByText(CLOSURE_TEXTS.passwordWrong)).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard/settings');
  });

  it('is not shown to a manager', async () => {
    await renderOwner('/dashboard/settings', settingsServer('manager'), 'Settings');
    await screen.findByRole('region', { name: 'Alerts' });
    expect(screen.queryByRole('region', { name: CLOSE_ACCOUNT_TEXT.title })).not.toBeInTheDocument();
  });

  it('a closed account’s owner sees the banner with the erasure date instead of the tabs', async () => {
    await renderOwner(
      '/dashboard/settings',
      settingsServer('owner', {
        'owner.account.closure': () => ({
          closed: true,
          closedAt: closed.closedAt,
          erasureAt: closed.erasureAt,
        }),
      }),
      'Settings',
    );
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(CLOSED_ACCOUNT_TEXT.title)).toBeInTheDocument();
    expect(within(banner).getByText(/until 31 Dec 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: CLOSE_ACCOUNT_TEXT.title })).not.toBeInTheDocument();
  });
});
