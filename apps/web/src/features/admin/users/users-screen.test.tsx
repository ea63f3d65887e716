import type { TAdminUser } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith, type TFakeHandlers } from '../../../test/fake-trpc.ts';
import { expectLoadFailureThenRetry, failingUntilRecovered, openDialog } from '../test/admin-actions.tsx';
import { lastInputOf, meta, page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/users';
const TITLE = 'Users Management';
const lastInput = lastInputOf('admin.users.list');

function user(overrides: Partial<TAdminUser> = {}): TAdminUser {
  return {
    id: 7,
    name: 'Asha Rao',
    email: 'asha@example.com',
    businessName: 'Asha Cafe',
    contactNumber: '9876543210',
    code: 'asha-cafe',
    reviewLink: 'https://g.page/r/asha',
    status: 'active',
    plan: 'professional',
    createdAt: '2026-03-05T10:00:00.000Z',
    subscriptionStart: '2026-03-05T10:00:00.000Z',
    subscriptionEnd: '2027-03-05T10:00:00.000Z',
    registrationSource: 'manual',
    state: 'Karnataka',
    city: 'Bengaluru',
    deletedAt: null,
    agentName: null,
    agent: { id: 1, name: 'Ravi Kumar', phone: '9123456780' },
    _count: { reviews: 12, payments: 1 },
    account: { id: 7, name: 'Asha Cafe', branches: 1 },
    ...overrides,
  };
}

function list(users: TAdminUser[], total = users.length, pageNo = 1) {
  return {
    success: true,
    users,
    meta: meta(total, pageNo),
    activeUsers: 40,
    pendingUsers: 5,
    deletedUsers: 3,
  };
}

/** Opens the screen listing one user (Asha Rao), with more or other procedures. */
function open(handlers: TFakeHandlers = {}) {
  return renderAdmin(PATH, { 'admin.users.list': () => list([user()]), ...handlers }, TITLE);
}

describe('Users management', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the four cards from the answer and the table columns', async () => {
    await renderAdmin(PATH, { 'admin.users.list': () => list([user()], 48) }, TITLE);

    expect(await page().findByText('Asha Rao')).toBeInTheDocument();
    for (const [label, value] of [
      ['Total Users', '48'],
      ['Active Users', '40'],
      ['Pending Users', '5'],
      ['Deleted Users', '3'],
    ]) {
      expect(screen.getByRole('region', { name: label })).toHaveTextContent(value!);
    }
    const headers = within(screen.getByRole('table', { name: 'Users' })).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      'ID',
      'Name',
      'Business',
      'Account',
      'Contact',
      'Status',
      'Reviews',
      'Subscription',
      'Agent',
      'Created',
      'Actions',
    ]);
  });

  it("names each business's account, with its branches when there are several", async () => {
    await renderAdmin(
      PATH,
      {
        'admin.users.list': () =>
          list([
            user(),
            user({
              id: 8,
              businessName: 'Chai Point Nashik',
              account: { id: 3, name: 'Chai Point', branches: 4 },
            }),
          ]),
      },
      TITLE,
    );
    const chain = (await page().findByText('4 branches')).closest('tr')!;
    expect(chain).toHaveTextContent('Chai Point Nashik');
    expect(chain).toHaveTextContent('Chai Point4 branches');
    expect(page().getAllByText(/branches$/)).toHaveLength(1);
  });

  it('applies the cell rules: subscription range, agent or Direct, unknown status as pending', async () => {
    await renderAdmin(
      PATH,
      {
        'admin.users.list': () =>
          list([
            user(),
            user({
              id: 8,
              name: 'Bina',
              status: 'weird' as TAdminUser['status'],
              agent: null,
              subscriptionStart: null,
              subscriptionEnd: null,
            }),
          ]),
      },
      TITLE,
    );
    const first = (await page().findByText('Asha Rao')).closest('tr')!;
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('05 Mar 2026 – 05 Mar 2027');
    expect(first).toHaveTextContent('Ravi Kumar');
    expect(first).toHaveTextContent('9123456780');

    const second = page().getByText('Bina').closest('tr')!;
    expect(second).toHaveTextContent('Not yet specified');
    expect(second).toHaveTextContent('Direct');
    expect(within(second).getByText('pending')).toBeInTheDocument();
  });

  it('asks for page 10 at a time and goes back to page 1 when the search changes', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.users.list': (input) => {
          const { page: p } = input as { page: number };
          return list([user({ id: p * 100, name: `User on page ${p}` })], 25, p);
        },
      },
      TITLE,
    );
    await page().findByText('User on page 1');
    await app.user.click(page().getByRole('button', { name: 'Page 2' }));
    await page().findByText('User on page 2');

    await app.user.type(page().getByLabelText('Search users'), 'asha');
    await waitFor(() => expect(lastInput(app)).toEqual({ page: 1, limit: 10, search: 'asha' }));
    expect(app.server.callsTo('admin.users.list')[1]?.input).toEqual({ page: 2, limit: 10 });
  });

  it("filters by the server's status, kept in the URL with the page reset", async () => {
    const app = await renderAdmin(
      `${PATH}?page=2&search=asha`,
      { 'admin.users.list': () => list([user()], 25, 2) },
      TITLE,
    );
    await page().findByText('Asha Rao');
    const status = page().getByLabelText('Status');
    expect(status).toHaveValue('');
    expect([...(status as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'All statuses',
      'Pending',
      'Active',
      'Inactive',
      'Deleted',
    ]);
    await app.user.selectOptions(status, 'deleted');
    await waitFor(() =>
      expect(lastInput(app)).toEqual({ page: 1, limit: 10, search: 'asha', status: 'deleted' }),
    );
    expect(app.router.state.location.search).toEqual({ search: 'asha', status: 'deleted' });
    await app.user.selectOptions(status, '');
    await waitFor(() => expect(app.router.state.location.search).toEqual({ search: 'asha' }));
  });

  it('shows skeleton rows while loading and the empty text', async () => {
    const wait = pending();
    const app = await renderAdmin(PATH, { 'admin.users.list': wait.handler }, TITLE);
    expect(page().getAllByTestId('skeleton-row')).toHaveLength(10);
    wait.resolve(list([]));
    expect(await page().findByText('No users yet.')).toBeInTheDocument();
    app.server.use({ 'admin.users.list': () => list([]) });
  });

  it('shows a load failure with Retry', async () => {
    const failing = failingUntilRecovered('Database unavailable', () => list([user()]));
    const app = await renderAdmin(PATH, { 'admin.users.list': failing.handler }, TITLE);
    await expectLoadFailureThenRetry(app, {
      texts: ['Failed to load users. Please try again.', 'Database unavailable'],
      retry: 'Retry',
      recover: failing.recover,
      shows: 'Asha Rao',
    });
  });

  it('views every field of a user', async () => {
    const app = await open();
    const dialog = await openDialog(app, 'View user Asha Rao', 'User Details');
    for (const text of [
      'asha@example.com',
      'asha-cafe',
      'Professional',
      'Manual',
      'https://g.page/r/asha',
      '12',
    ]) {
      expect(dialog).toHaveTextContent(text);
    }
  });

  it('validates the edit form', async () => {
    const app = await open();
    const dialog = await openDialog(app, 'Edit user Asha Rao', 'Edit User');
    for (const label of [/^Name/, /^Business name/, /^Contact number/, /^Business code/, /^Review link/]) {
      await app.user.clear(within(dialog).getByLabelText(label));
    }
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    for (const message of [
      'Name is required',
      'Business name is required',
      'Contact number is required',
      'Business code is required',
      'Enter a valid URL',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(app.server.callsTo('admin.users.update')).toHaveLength(0);
    // Status offers pending and active only.
    expect(
      within(within(dialog).getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Active']);
  });

  it('saves an edit: Saving..., the payload, the toast and a reload', async () => {
    const wait = pending();
    const app = await open({ 'admin.users.update': wait.handler });
    const dialog = await openDialog(app, 'Edit user Asha Rao', 'Edit User');
    const name = within(dialog).getByLabelText(/^Name/);
    await app.user.clear(name);
    await app.user.type(name, ' Asha R ');
    await app.user.selectOptions(within(dialog).getByLabelText('Status'), 'pending');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(name).toBeDisabled();
    expect(app.server.callsTo('admin.users.update')[0]?.input).toEqual({
      id: 7,
      name: 'Asha R',
      businessName: 'Asha Cafe',
      contactNumber: '9876543210',
      code: 'asha-cafe',
      reviewLink: 'https://g.page/r/asha',
      status: 'pending',
    });
    const before = app.server.callsTo('admin.users.list').length;
    wait.resolve({ success: true });
    expect(await screen.findByText('User updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull());
    await waitFor(() => expect(app.server.callsTo('admin.users.list').length).toBeGreaterThan(before));
  });

  it('says when an edit failed and keeps the dialog open with the reason', async () => {
    const app = await open({
      'admin.users.update': failsWith('CONFLICT', 'This business code is taken', 'code'),
    });
    const dialog = await openDialog(app, 'Edit user Asha Rao', 'Edit User');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update user. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This business code is taken');
  });

  it('deletes after confirmation: Deleting..., toast and reload', async () => {
    const wait = pending();
    const app = await open({ 'admin.users.delete': wait.handler });
    const dialog = await openDialog(app, 'Delete user Asha Rao', 'Delete User');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(app.server.callsTo('admin.users.delete')[0]?.input).toEqual({ id: 7 });

    const before = app.server.callsTo('admin.users.list').length;
    wait.resolve({ success: true, message: 'deleted' });
    expect(await screen.findByText('User deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(app.server.callsTo('admin.users.list').length).toBeGreaterThan(before));
  });

  it('says when a delete failed', async () => {
    const app = await open({ 'admin.users.delete': failsWith('INTERNAL_SERVER_ERROR') });
    const dialog = await openDialog(app, 'Delete user Asha Rao', 'Delete User');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete user. Please try again.')).toBeInTheDocument();
  });
});
