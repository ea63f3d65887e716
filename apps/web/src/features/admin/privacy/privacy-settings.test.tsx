import { CLOSURE_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../test/fake-trpc.ts';
import { SYSTEM_TEXTS } from '../system/system-screen.tsx';
import { plainAdmin, SUPER_ADMIN } from '../test/admin-fixtures.ts';
import { renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';
import { PRIVACY_TEXT } from './privacy-settings.tsx';

const PATH = '/admin-dashboard/system';
const system = {
  'admin.jobs.failures': () => ({ failures: [], total: 0 }),
  'admin.outbox.list': () => ({ emails: [] }),
};
const officerCard = async () =>
  within(await screen.findByRole('region', { name: PRIVACY_TEXT.officerTitle }));

describe('System: the grievance officer and the audit log export', { timeout: 20_000 }, () => {
  useCleanToasts();

  it('a super admin names the grievance officer', async () => {
    let officer = { name: null as string | null, email: null as string | null, phone: null as string | null };
    const app = await renderAdmin(
      PATH,
      {
        ...system,
        'admin.auth.me': () => SUPER_ADMIN,
        'admin.privacy.grievanceOfficer': () => officer,
        'admin.privacy.updateGrievanceOfficer': (input) => {
          const saved = input as { name: string; email: string; phone: string | null };
          officer = saved;
          return { success: true, message: CLOSURE_TEXTS.grievanceSaved, ...saved };
        },
      },
      SYSTEM_TEXTS.title,
    );
    const card = await officerCard();
    await app.user.type(card.getByLabelText(PRIVACY_TEXT.name), 'Asha Rao');
    await app.user.type(card.getByLabelText(PRIVACY_TEXT.email), 'grievance@starloop.in');
    await app.user.click(card.getByRole('button', { name: PRIVACY_TEXT.save }));
    expect(await screen.findByText(CLOSURE_TEXTS.grievanceSaved)).toBeInTheDocument();
    expect(app.server.callsTo('admin.privacy.updateGrievanceOfficer').map((c) => c.input)).toEqual([
      { name: 'Asha Rao', email: 'grievance@starloop.in', phone: null },
    ]);
    expect(screen.getByRole('region', { name: PRIVACY_TEXT.auditTitle })).toBeInTheDocument();
  });

  it('shows the refusal of a bad email', async () => {
    const app = await renderAdmin(
      PATH,
      {
        ...system,
        'admin.auth.me': () => SUPER_ADMIN,
        'admin.privacy.grievanceOfficer': () => ({ name: 'Asha', email: null, phone: null }),
        'admin.privacy.updateGrievanceOfficer': failsWith(
          'BAD_REQUEST',
          CLOSURE_TEXTS.grievanceEmailInvalid,
          'email',
        ),
      },
      SYSTEM_TEXTS.title,
    );
    const card = await officerCard();
    await waitFor(() => expect(card.getByLabelText(PRIVACY_TEXT.name)).toHaveValue('Asha'));
    await app.user.click(card.getByRole('button', { name: PRIVACY_TEXT.save }));
    expect(await card.findByText(CLOSURE_TEXTS.grievanceEmailInvalid)).toBeInTheDocument();
  });

  it('a plain admin reads the officer, and has no export', async () => {
    await renderAdmin(
      PATH,
      {
        ...system,
        'admin.auth.me': () => plainAdmin(),
        'admin.privacy.grievanceOfficer': () => ({
          name: 'Asha Rao',
          email: 'grievance@starloop.in',
          phone: null,
        }),
      },
      SYSTEM_TEXTS.title,
    );
    const card = await officerCard();
    await waitFor(() => expect(card.getByLabelText(PRIVACY_TEXT.name)).toHaveValue('Asha Rao'));
    expect(card.getByLabelText(PRIVACY_TEXT.name)).toHaveAttribute('readonly');
    expect(card.queryByRole('button', { name: PRIVACY_TEXT.save })).toBeNull();
    expect(screen.queryByRole('region', { name: PRIVACY_TEXT.auditTitle })).toBeNull();
  });
});
