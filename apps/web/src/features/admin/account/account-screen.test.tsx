import { ADMIN_SECURITY_TEXTS, SECURITY_TEXTS } from '@starloop/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import { fill } from '../../../test/fill.ts';
import { plainAdmin, SUPER_ADMIN } from '../test/admin-fixtures.ts';
import { page, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';
import { ACCOUNT_TEXTS } from './account-screen.tsx';
import { BILLING_PROFILE_TEXT } from './billing-profile-section.tsx';

const PATH = '/admin-dashboard/account';
const TITLE = 'My Account';
const SUPER = SUPER_ADMIN;
const PLAIN = plainAdmin({ name: SUPER_ADMIN.name });

async function fillPassword(
  app: Awaited<ReturnType<typeof renderAdmin>>,
  current: string,
  next: string,
  confirm = next,
) {
  await fill(app.user, page().getByLabelText(/^Current password/), current);
  await fill(app.user, page().getByLabelText(/^New password/), next);
  await fill(app.user, page().getByLabelText(/^Confirm new password/), confirm);
  await app.user.click(page().getByRole('button', { name: ACCOUNT_TEXTS.change }));
}

describe('My Account', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('changes the password: checks the fields first, then sends current and new', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.auth.me': () => PLAIN,
        'admin.auth.changePassword': () => ({ success: true, message: ADMIN_SECURITY_TEXTS.passwordChanged }),
      },
      TITLE,
    );
    await fillPassword(app, 'old-pass-1', '12345', '54321');
    expect(await page().findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(page().getByText('Passwords do not match')).toBeInTheDocument();
    expect(app.server.callsTo('admin.auth.changePassword')).toHaveLength(0);

    await app.user.clear(page().getByLabelText(/^New password/));
    await app.user.clear(page().getByLabelText(/^Confirm new password/));
    await fill(app.user, page().getByLabelText(/^New password/), 'new-pass-2026');
    await fill(app.user, page().getByLabelText(/^Confirm new password/), 'new-pass-2026');
    await app.user.click(page().getByRole('button', { name: ACCOUNT_TEXTS.change }));
    expect(await screen.findByText(ADMIN_SECURITY_TEXTS.passwordChanged)).toBeInTheDocument();
    expect(app.server.callsTo('admin.auth.changePassword')[0]?.input).toEqual({
      currentPassword: 'old-pass-1',
      newPassword: 'new-pass-2026',
    });
    await waitFor(() => expect(page().getByLabelText(/^Current password/)).toHaveValue(''));
  });

  it('shows a common password and a wrong current password under their fields', async () => {
    let answer: 'common' | 'wrong' = 'common';
    const app = await renderAdmin(
      PATH,
      {
        'admin.auth.me': () => PLAIN,
        'admin.auth.changePassword': () => {
          if (answer === 'common')
            throw trpcError('BAD_REQUEST', SECURITY_TEXTS.commonPassword, 'newPassword');
          throw trpcError('BAD_REQUEST', ADMIN_SECURITY_TEXTS.currentPasswordWrong, 'currentPassword');
        },
      },
      TITLE,
    );
    await fillPassword(app, 'old-pass-1', 'password1');
    expect(await page().findByText(SECURITY_TEXTS.commonPassword)).toBeInTheDocument();
    expect(page().getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');

    answer = 'wrong';
    await app.user.click(page().getByRole('button', { name: ACCOUNT_TEXTS.change }));
    expect(await page().findByText(ADMIN_SECURITY_TEXTS.currentPasswordWrong)).toBeInTheDocument();
    expect(page().getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a plain admin sees no two-factor switch', async () => {
    const app = await renderAdmin(PATH, { 'admin.auth.me': () => PLAIN }, TITLE);
    await page().findByText(`${PLAIN.name} · ${PLAIN.email}`);
    expect(page().queryByRole('switch', { name: ACCOUNT_TEXTS.requireLabel })).toBeNull();
    expect(app.server.callsTo('admin.security.get')).toHaveLength(0);
  });

  it('a super admin requires two-factor sign-in for everyone', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.auth.me': () => SUPER,
        'admin.security.get': () => ({ twoFactorRequired: false, updatedAt: null }),
        'admin.security.update': (input) => ({
          success: true,
          message: ADMIN_SECURITY_TEXTS.settingsSaved(true),
          settings: {
            twoFactorRequired: (input as { twoFactorRequired: boolean }).twoFactorRequired,
            updatedAt: '2026-11-25T10:00:00.000Z',
          },
        }),
      },
      TITLE,
    );
    const toggle = await page().findByRole('switch', { name: ACCOUNT_TEXTS.requireLabel });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await app.user.click(toggle);
    expect(await screen.findByText(ADMIN_SECURITY_TEXTS.settingsSaved(true))).toBeInTheDocument();
    expect(app.server.callsTo('admin.security.update')[0]?.input).toEqual({ twoFactorRequired: true });
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('a super admin sets the billing profile: the GSTIN and PAN checked before saving', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.auth.me': () => SUPER,
        'admin.security.get': () => ({ twoFactorRequired: false, updatedAt: null }),
        'admin.billingProfile.get': () => ({ configured: false, profile: null }),
        'admin.billingProfile.update': (input) => ({
          success: true,
          message: 'Billing profile saved.',
          configured: true,
          profile: { ...(input as object), signatory: null, updatedAt: '2026-11-28T10:00:00.000Z' },
        }),
      },
      TITLE,
    );
    expect(await page().findByText(BILLING_PROFILE_TEXT.notConfigured)).toBeInTheDocument();
    const field = (name: string) => page().getByRole('textbox', { name: new RegExp(`^${name}`) });
    await fill(app.user, field(BILLING_PROFILE_TEXT.legalName), 'StarLoop Technologies Private Limited');
    await fill(app.user, field(BILLING_PROFILE_TEXT.address), '12 MG Road, Pune');
    await app.user.click(page().getByRole('combobox', { name: /^State/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Maharashtra', hidden: true }));
    await fill(app.user, field(BILLING_PROFILE_TEXT.gstin), '27AAPFU0939F1ZV');
    await fill(app.user, field(BILLING_PROFILE_TEXT.pan), 'AAPFU0939G');
    await fill(app.user, field(BILLING_PROFILE_TEXT.sac), '998315');
    await fill(app.user, field(BILLING_PROFILE_TEXT.seriesPrefix), 'SL');
    await app.user.click(page().getByRole('button', { name: BILLING_PROFILE_TEXT.save }));
    expect(await page().findByText(/The PAN must be the one inside the GSTIN/)).toBeInTheDocument();
    expect(app.server.callsTo('admin.billingProfile.update')).toHaveLength(0);
    await app.user.clear(field(BILLING_PROFILE_TEXT.pan));
    await fill(app.user, field(BILLING_PROFILE_TEXT.pan), 'AAPFU0939F');
    await app.user.click(page().getByRole('button', { name: BILLING_PROFILE_TEXT.save }));
    await waitFor(() => expect(app.server.callsTo('admin.billingProfile.update')).toHaveLength(1));
    expect(app.server.callsTo('admin.billingProfile.update')[0]?.input).toMatchObject({
      state: 'Maharashtra',
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      seriesPrefix: 'SL',
    });
  });
});
