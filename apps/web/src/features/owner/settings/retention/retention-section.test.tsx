import { CLOSURE_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, renderOwner } from '../../test/owner-test-utils.tsx';
import { RETENTION_TEXT } from './retention-section.tsx';

cleanToastsBeforeEach();

const account = (role: 'owner' | 'manager') => ({
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role,
  currentBusinessId: 1,
  branches: [],
});
const server = (role: 'owner' | 'manager', more: Record<string, unknown> = {}) => ({
  'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
  'owner.templates.list': () => ({ enabled: true, placeholders: [], templates: [] }),
  'owner.account.get': () => account(role),
  'owner.team.list': () => ({ members: [], invitations: [] }),
  'owner.account.retention': () => ({ contactRetentionDays: 365, feedbackRetentionDays: 1095 }),
  ...more,
});

describe('settings: data retention', () => {
  it('shows the account’s periods and saves new ones', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      server('owner', {
        'owner.account.updateRetention': (input: unknown) => ({
          success: true,
          message: CLOSURE_TEXTS.retentionSaved,
          ...(input as object),
        }),
      }),
      'Settings',
    );
    const section = within(await screen.findByRole('region', { name: RETENTION_TEXT.title }));
    const contacts = section.getByLabelText(RETENTION_TEXT.contacts);
    await waitFor(() => expect(contacts).toHaveValue('365'));
    await app.user.clear(contacts);
    await app.user.type(contacts, '90');
    await app.user.click(section.getByRole('button', { name: RETENTION_TEXT.save }));
    expect(await screen.findByText(CLOSURE_TEXTS.retentionSaved)).toBeInTheDocument();
    expect(app.server.callsTo('owner.account.updateRetention').map((c) => c.input)).toEqual([
      { contactRetentionDays: 90, feedbackRetentionDays: 1095 },
    ]);
  });

  it('shows the server’s refusal', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      server('owner', {
        'owner.account.updateRetention': failsWith(
          'BAD_REQUEST',
          CLOSURE_TEXTS.retentionDays,
          'contactRetentionDays',
        ),
      }),
      'Settings',
    );
    const section = within(await screen.findByRole('region', { name: RETENTION_TEXT.title }));
    await waitFor(() => expect(section.getByLabelText(RETENTION_TEXT.contacts)).toHaveValue('365'));
    await app.user.click(section.getByRole('button', { name: RETENTION_TEXT.save }));
    expect(await section.findByText(CLOSURE_TEXTS.retentionDays)).toBeInTheDocument();
  });

  it('is not shown to a manager', async () => {
    await renderOwner('/dashboard/settings', server('manager'), 'Settings');
    await screen.findByRole('region', { name: 'Alerts' });
    expect(screen.queryByRole('region', { name: RETENTION_TEXT.title })).not.toBeInTheDocument();
  });
});

describe('settings: data retention and closing the account in Hindi', () => {
  it("reads in the person's chosen language, with the default periods filled in", async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    await renderOwner(
      '/dashboard/settings',
      server('owner', { 'owner.language.get': () => ({ language: 'hi' }) }),
      /^(Settings|सेटिंग्स)$/,
    );
    // The Hindi catalog loads on demand, once the server has named the language.
    await screen.findByRole('heading', { level: 1, name: 'सेटिंग्स' }, { timeout: 5000 });
    const section = within(await screen.findByRole('region', { name: 'डेटा रिटेंशन' }));
    expect(section.getByText(/डिफ़ॉल्ट: 365 दिन और 1095 दिन/)).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'रिटेंशन सेव करें' })).toBeInTheDocument();
    const closing = within(screen.getByRole('region', { name: 'अकाउंट बंद करें' }));
    expect(closing.getByRole('button', { name: 'अकाउंट बंद करें…' })).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });
});
