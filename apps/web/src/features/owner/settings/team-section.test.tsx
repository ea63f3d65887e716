import { ACCOUNT_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, renderOwner } from '../test/owner-test-utils.tsx';
import { TEAM_TEXT } from './team-section.tsx';

cleanToastsBeforeEach();

const branch = (id: number, city: string) => ({
  id,
  businessName: 'Chai Point',
  code: `b${id}`,
  city,
  state: 'Maharashtra',
  status: 'active',
  plan: 'professional',
  subscriptionEnd: null,
});
const account = (role: 'owner' | 'manager') => ({
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role,
  currentBusinessId: 1,
  branches: [branch(1, 'Pune'), branch(2, 'Nashik')],
});
const member = (personId: number, name: string, role: string, businessIds: number[] | null = null) => ({
  personId,
  name,
  phone: `98000000${personId}0`,
  email: null,
  role,
  businessIds,
  joinedAt: '2026-11-01T00:00:00.000Z',
});

function teamServer() {
  let members = [member(1, 'Asha Rao', 'owner'), member(2, 'Ravi', 'staff', [2])];
  return {
    'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
    'owner.templates.list': () => ({ enabled: true, placeholders: [], templates: [] }),
    'owner.team.list': () => ({ members, invitations: [] }),
    'owner.team.invite': () => ({
      id: 9,
      inviteUrl: 'https://starloop.test/invite#token=abc',
      message: ACCOUNT_TEXTS.invitationSent,
    }),
    'owner.team.remove': (input: unknown) => {
      members = members.filter((m) => m.personId !== (input as { personId: number }).personId);
      return { success: true, message: ACCOUNT_TEXTS.memberRemoved };
    },
  };
}

describe('settings: the team', () => {
  it('lists people with roles and branches, invites with a link to share, removes one', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      { 'owner.account.get': () => account('owner'), ...teamServer() },
      'Settings',
    );
    const section = within(await screen.findByRole('region', { name: TEAM_TEXT.title }));
    expect(await section.findByText('Ravi')).toBeInTheDocument();
    expect(section.getByText('Chai Point, Nashik')).toBeInTheDocument();
    expect(section.getAllByText(TEAM_TEXT.allBranches).length).toBeGreaterThan(0);

    await app.user.click(section.getByRole('button', { name: TEAM_TEXT.invite }));
    expect(await section.findByText('Name is required')).toBeInTheDocument();
    expect(app.server.callsTo('owner.team.invite')).toHaveLength(0);
    await app.user.type(section.getByLabelText(new RegExp(`^${TEAM_TEXT.name}`)), 'Meera');
    await app.user.type(section.getByLabelText(new RegExp(`^${TEAM_TEXT.phone}`)), '9811100001');
    await app.user.click(section.getByRole('button', { name: TEAM_TEXT.invite }));
    expect(await section.findByTestId('invite-link')).toHaveTextContent(
      'https://starloop.test/invite#token=abc',
    );
    expect(section.getByRole('link', { name: TEAM_TEXT.shareOnWhatsApp })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent('https://starloop.test/invite#token=abc')}`,
    );
    expect(app.server.callsTo('owner.team.invite').map((c) => c.input)).toEqual([
      { name: 'Meera', phone: '9811100001', role: 'manager' },
    ]);

    await app.user.click(section.getByRole('button', { name: `${TEAM_TEXT.remove} Ravi` }));
    await waitFor(() => expect(section.queryByText('Ravi')).toBeNull());
  });

  it("puts the server's refusal on its field", async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      {
        'owner.account.get': () => account('owner'),
        ...teamServer(),
        'owner.team.invite': failsWith('CONFLICT', ACCOUNT_TEXTS.phoneIsMember, 'phone'),
      },
      'Settings',
    );
    const section = within(await screen.findByRole('region', { name: TEAM_TEXT.title }));
    await app.user.type(section.getByLabelText(new RegExp(`^${TEAM_TEXT.name}`)), 'Dup');
    await app.user.type(section.getByLabelText(new RegExp(`^${TEAM_TEXT.phone}`)), '9811100001');
    await app.user.click(section.getByRole('button', { name: TEAM_TEXT.invite }));
    expect(await section.findByText(ACCOUNT_TEXTS.phoneIsMember)).toBeInTheDocument();
  });

  it('is not shown to a manager', async () => {
    await renderOwner(
      '/dashboard/settings',
      { 'owner.account.get': () => account('manager'), ...teamServer() },
      'Settings',
    );
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await waitFor(() => expect(screen.queryByRole('region', { name: TEAM_TEXT.title })).toBeNull());
  });
});
