import type { TAdminUser, TAdminUserAccount } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith, type TFakeHandlers } from '../../../test/fake-trpc.ts';
import { openDialog } from '../test/admin-actions.tsx';
import { meta, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/users';
const TITLE = 'Users Management';

function user(overrides: Partial<TAdminUser> = {}): TAdminUser {
  return {
    id: 7,
    name: 'Asha Rao',
    email: 'asha@example.com',
    businessName: 'Asha Cafe',
    contactNumber: '9876543210',
    code: 'asha-cafe',
    reviewLink: null,
    status: 'active',
    plan: 'professional',
    createdAt: '2026-03-05T10:00:00.000Z',
    subscriptionStart: null,
    subscriptionEnd: null,
    registrationSource: 'manual',
    state: 'Karnataka',
    city: 'Bengaluru',
    deletedAt: null,
    agentName: null,
    agent: null,
    _count: { reviews: 12, payments: 1 },
    account: { id: 5, name: 'Asha Foods', branches: 2 },
    ...overrides,
  };
}

function account(overrides: Partial<TAdminUserAccount> = {}): TAdminUserAccount {
  return {
    businessId: 7,
    account: { id: 5, name: 'Asha Foods', createdAt: '2026-03-05T10:00:00.000Z' },
    branches: [
      {
        id: 7,
        businessName: 'Asha Cafe',
        code: 'asha-cafe',
        city: 'Bengaluru',
        status: 'active',
        plan: 'professional',
        deletedAt: null,
      },
      {
        id: 8,
        businessName: 'Asha Cafe Mysuru',
        code: 'asha-mysuru',
        city: 'Mysuru',
        status: 'pending',
        plan: 'professional',
        deletedAt: null,
      },
    ],
    people: [
      {
        personId: 7,
        name: 'Asha Rao',
        phone: '9876543210',
        email: 'asha@example.com',
        role: 'owner',
        businessIds: null,
        joinedAt: '2026-03-05T10:00:00.000Z',
        passwordSet: true,
      },
      {
        personId: 31,
        name: 'Meera Manager',
        phone: '9811100001',
        email: null,
        role: 'manager',
        businessIds: [8],
        joinedAt: '2026-04-01T10:00:00.000Z',
        passwordSet: true,
      },
    ],
    invitations: [
      {
        id: 3,
        name: 'Kiran',
        phone: '9822200001',
        email: null,
        role: 'staff',
        businessIds: [7],
        expiresAt: '2026-04-09T10:00:00.000Z',
        createdAt: '2026-04-02T10:00:00.000Z',
      },
    ],
    ownerPasswordSet: true,
    closure: { closed: false, closedAt: null, erasureAt: null },
    audit: [
      {
        id: 90,
        action: 'team.invite',
        actor: { kind: 'owner', id: 7, name: 'Asha Rao' },
        summary: 'Invited a staff (branches #7)',
        createdAt: '2026-04-02T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

const list = (users: TAdminUser[]) => ({
  success: true,
  users,
  meta: meta(users.length),
  activeUsers: users.length,
  pendingUsers: 0,
  deletedUsers: 0,
});

/** The Users screen with Asha's row; the picker's searches answer `found`. */
async function openDetails(handlers: TFakeHandlers = {}, found: TAdminUser[] = []) {
  const app = await renderAdmin(
    PATH,
    {
      'admin.users.list': (input) => ((input as { search?: string }).search ? list(found) : list([user()])),
      'admin.users.account': () => account(),
      ...handlers,
    },
    TITLE,
  );
  const dialog = await openDialog(app, 'View user Asha Rao', 'User Details');
  const section = await within(dialog).findByTestId('user-account');
  await within(section).findByRole('table', { name: 'People' });
  return { app, dialog, section };
}

const rowsOf = (section: HTMLElement, table: string) =>
  within(within(section).getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('User details: the Account section', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the people with roles and branches, the branches, pending invitations and the audit trail', async () => {
    const { app, section } = await openDetails();
    expect(app.server.callsTo('admin.users.account')[0]?.input).toEqual({ id: 7 });
    expect(section).toHaveTextContent('Asha Foods');
    expect(section).toHaveTextContent('#5');
    expect(section).toHaveTextContent('2 branches');
    expect(rowsOf(section, 'People')).toEqual([
      expect.stringMatching(/^Asha Rao9876543210asha@example\.comOwnerAll branchesSet/),
      expect.stringMatching(/^Meera Manager9811100001-ManagerAsha Cafe MysuruSet/),
    ]);
    expect(rowsOf(section, 'Branches')).toEqual([
      expect.stringMatching(/^Asha Cafe \(this business\)asha-cafeBengaluruactiveProfessional$/),
      expect.stringMatching(/^Asha Cafe Mysuruasha-mysuruMysurupendingProfessional$/),
    ]);
    expect(rowsOf(section, 'Pending invitations')).toEqual([
      expect.stringMatching(/^Kiran9822200001StaffAsha Cafe/),
    ]);
    expect(rowsOf(section, 'Audit trail')).toEqual([
      expect.stringMatching(/Asha RaoInvited a staff \(branches #7\)$/),
    ]);
    // The owner has a password: no link to resend.
    expect(within(section).queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });

  it('tells a plain admin the audit trail is for super admins, and offers no move for the only branch', async () => {
    const only = account().branches[0]!;
    const { section } = await openDetails({
      'admin.users.account': () => account({ audit: null, branches: [only] }),
    });
    expect(section).toHaveTextContent('The audit trail is shown to super admins.');
    expect(within(section).queryByRole('table', { name: 'Audit trail' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Move to account' })).toBeDisabled();
    expect(section).toHaveTextContent("This is the account's only live branch: merge the account instead.");
  });

  it("resends the owner's set-password link while none is set", async () => {
    const wait = pending();
    const { app, section } = await openDetails({
      'admin.users.account': () => account({ ownerPasswordSet: false }),
      'admin.users.resendInvitation': wait.handler,
    });
    expect(section).toHaveTextContent('The owner has not set a password yet.');
    await app.user.click(within(section).getByRole('button', { name: 'Resend invitation' }));
    expect(await within(section).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(app.server.callsTo('admin.users.resendInvitation')[0]?.input).toEqual({ id: 7 });
    const before = app.server.callsTo('admin.users.account').length;
    wait.resolve({ success: true, message: 'A new set-password link was sent to asha@example.com.' });
    expect(
      await screen.findByText('A new set-password link was sent to asha@example.com.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(app.server.callsTo('admin.users.account').length).toBeGreaterThan(before));
  });

  it('says why a resend was refused', async () => {
    const { app, section } = await openDetails({
      'admin.users.account': () => account({ ownerPasswordSet: false }),
      'admin.users.resendInvitation': failsWith('CONFLICT', 'The owner has already set a password.'),
    });
    await app.user.click(within(section).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('The owner has already set a password.')).toBeInTheDocument();
  });

  it('moves the branch into an account found by the Users search', async () => {
    const { app, section } = await openDetails(
      { 'admin.users.move': () => ({ success: true, message: 'Asha Cafe now belongs to Chai Point.' }) },
      [
        user({
          id: 40,
          businessName: 'Chai Point Nashik',
          account: { id: 3, name: 'Chai Point', branches: 4 },
        }),
        user({
          id: 41,
          businessName: 'Chai Point Pune',
          account: { id: 3, name: 'Chai Point', branches: 4 },
        }),
        // This account itself is not offered.
        user({ id: 8, businessName: 'Asha Chai', account: { id: 5, name: 'Asha Foods', branches: 2 } }),
      ],
    );
    await app.user.click(within(section).getByRole('button', { name: 'Move to account' }));
    const confirm = within(section).getByRole('button', { name: 'Move branch' });
    expect(confirm).toBeDisabled();
    await app.user.type(within(section).getByLabelText('Find an account'), 'chai');
    const found = await within(section).findByRole('list', { name: 'Accounts found' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Chai Point (#3) · Chai Point Nashik']);
    expect(app.server.callsTo('admin.users.list').at(-1)?.input).toEqual({
      page: 1,
      limit: 10,
      search: 'chai',
    });
    await app.user.click(within(found).getByRole('listitem', { name: 'Choose account Chai Point (#3)' }));
    expect(within(section).getByLabelText('Account id')).toHaveValue('3');
    await app.user.click(confirm);
    await waitFor(() =>
      expect(app.server.callsTo('admin.users.move')[0]?.input).toEqual({ id: 7, accountId: 3 }),
    );
    expect(await screen.findByText('Asha Cafe now belongs to Chai Point.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Move branch' })).toBeNull());
  });

  it("shows the server's refusal of a move in the panel", async () => {
    const { app, section } = await openDetails({
      'admin.users.move': failsWith('NOT_FOUND', 'Account not found'),
    });
    await app.user.click(within(section).getByRole('button', { name: 'Move to account' }));
    await app.user.type(within(section).getByLabelText('Account id'), '999');
    await app.user.click(within(section).getByRole('button', { name: 'Move branch' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Account not found');
    // Cancel closes the panel and its error.
    await app.user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('merges the account into another by its id', async () => {
    const wait = pending();
    const { app, section } = await openDetails({ 'admin.accounts.merge': wait.handler });
    await app.user.click(within(section).getByRole('button', { name: 'Merge into account' }));
    expect(section).toHaveTextContent('Merge Asha Foods (2 branches, 2 people) into another account.');
    await app.user.type(within(section).getByLabelText('Account id'), '12');
    await app.user.click(within(section).getByRole('button', { name: 'Merge accounts' }));
    expect(await within(section).findByRole('button', { name: 'Merging...' })).toBeDisabled();
    expect(app.server.callsTo('admin.accounts.merge')[0]?.input).toEqual({ id: 5, intoAccountId: 12 });
    wait.resolve({ success: true, message: 'Asha Foods was merged into Chai Point (2 branches).' });
    expect(
      await screen.findByText('Asha Foods was merged into Chai Point (2 branches).'),
    ).toBeInTheDocument();
  });

  it("adds a branch to the account with the owners' form, unpaid until paid, and reads the account again", async () => {
    const added = {
      branch: {
        id: 99,
        businessName: 'Asha Foods',
        code: 'asha-foods-pune',
        city: 'Pune',
        state: 'Maharashtra',
        status: 'pending',
        plan: 'essential',
        subscriptionEnd: null,
      },
      payment: { plan: 'essential', amount: 199900, currency: 'INR' },
      message: 'Branch added. It starts unpaid: its review page opens once it is paid for.',
    };
    const { app, section } = await openDetails({
      'admin.accounts.addBranch': () => added,
      'public.businessCode.check': () => ({ available: true, message: 'Code is available' }),
    });
    const before = app.server.callsTo('admin.users.account').length;
    await app.user.click(within(section).getByRole('button', { name: 'Add a branch' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add a branch' }));
    const choose = async (label: RegExp, option: string) => {
      const input = form.getByRole('combobox', { name: label });
      await app.user.click(input);
      await app.user.clear(input);
      await app.user.paste(option);
      await app.user.click(await screen.findByRole('option', { name: option, hidden: true }));
    };
    await choose(/^State/, 'Maharashtra');
    await waitFor(() => expect(form.getByRole('combobox', { name: /^City/ })).toBeEnabled());
    await choose(/^City/, 'Pune');
    const phone = form.getByLabelText(/^Contact number/);
    await app.user.click(phone);
    await app.user.paste('9822200001');
    await app.user.click(form.getByRole('button', { name: 'Add branch' }));
    await waitFor(() => expect(app.server.callsTo('admin.accounts.addBranch')).toHaveLength(1));
    expect(app.server.callsTo('admin.accounts.addBranch')[0]!.input).toMatchObject({
      id: account().account.id,
      contactNumber: '9822200001',
    });
    expect(await form.findByText(added.message)).toBeInTheDocument();
    expect(form.queryByRole('button', { name: 'Pay for it now' })).toBeNull();
    await waitFor(() => expect(app.server.callsTo('admin.users.account').length).toBeGreaterThan(before));
  });

  it('reopens a closed account within its 30 days, and says why the server refused', async () => {
    const closure = {
      closed: true,
      closedAt: '2026-12-01T06:00:00.000Z',
      erasureAt: '2026-12-31T06:00:00.000Z',
    };
    let closed = true;
    const { app, section } = await openDetails({
      'admin.users.account': () => account(closed ? { closure } : {}),
      'admin.users.reopen': () => {
        closed = false;
        return {
          success: true,
          message: 'The account is open again. Its owners sign in as before; API keys stay revoked.',
        };
      },
    });
    expect(section).toHaveTextContent('Closed on 01 Dec 2026. Its data is erased on 31 Dec 2026');
    await app.user.click(within(section).getByRole('button', { name: 'Reopen account' }));
    expect(await screen.findByText(/The account is open again/)).toBeInTheDocument();
    expect(app.server.callsTo('admin.users.reopen')[0]?.input).toEqual({ id: 7 });
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Reopen account' })).toBeNull());
  });

  it('shows the 409 once the window is over', async () => {
    const closure = {
      closed: true,
      closedAt: '2026-10-01T06:00:00.000Z',
      erasureAt: '2026-10-31T06:00:00.000Z',
    };
    const refusal =
      'This account can no longer be reopened: its 30-day window ended on 2026-10-31 and its data is being erased.';
    const { app, section } = await openDetails({
      'admin.users.account': () => account({ closure }),
      'admin.users.reopen': failsWith('CONFLICT', refusal),
    });
    await app.user.click(within(section).getByRole('button', { name: 'Reopen account' }));
    expect(await within(section).findByText(refusal)).toBeInTheDocument();
  });
  it("starts an export of the account's data for its owners, and says why the server refused", async () => {
    const { app, section } = await openDetails({
      'admin.users.account': () => account(),
      'admin.accounts.export': () => ({ id: 41 }),
    });
    await app.user.click(within(section).getByRole('button', { name: 'Export data for its owners' }));
    expect(await screen.findByText(/Export 41 started/)).toBeInTheDocument();
    expect(app.server.callsTo('admin.accounts.export')[0]?.input).toEqual({ id: account().account.id });
  });

  it('shows a refused export under the button', async () => {
    const { app, section } = await openDetails({
      'admin.users.account': () => account(),
      'admin.accounts.export': failsWith('NOT_FOUND', 'Account not found'),
    });
    await app.user.click(within(section).getByRole('button', { name: 'Export data for its owners' }));
    expect(await within(section).findByText('Account not found')).toBeInTheDocument();
  });
});
