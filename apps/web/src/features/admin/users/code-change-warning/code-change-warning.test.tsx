import { BUSINESS_TEXTS, type TAdminUser } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openDialog } from '../../test/admin-actions.tsx';
import { meta, renderAdmin, useCleanToasts } from '../../test/admin-test-utils.tsx';
import { CODE_CHANGE_TEXT } from './code-change-warning.tsx';

const asha = {
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
  agent: null,
  _count: { reviews: 12, payments: 1 },
  account: { id: 7, name: 'Asha Cafe', branches: 1 },
} satisfies TAdminUser;

const handlers = {
  'admin.users.list': () => ({
    success: true,
    users: [asha],
    meta: meta(1, 1),
    activeUsers: 1,
    pendingUsers: 0,
    deletedUsers: 0,
  }),
  'admin.users.update': () => ({ success: true, user: asha }),
};

describe("an admin's business code change", { timeout: 15_000 }, () => {
  useCleanToasts();

  it('warns what happens to the old code and saves only once the warning is ticked', async () => {
    const app = await renderAdmin('/admin-dashboard/users', handlers, 'Users Management');
    const dialog = await openDialog(app, 'Edit user Asha Rao', 'Edit User');
    // No warning while the code is the same.
    expect(within(dialog).queryByTestId('code-change-warning')).toBeNull();

    const code = within(dialog).getByLabelText(/^Business code/);
    await app.user.clear(code);
    await app.user.type(code, 'asha-cafe-hsr');
    const warning = within(dialog).getByTestId('code-change-warning');
    expect(warning).toHaveTextContent('/review/asha-cafe-hsr');
    expect(warning).toHaveTextContent('/review/asha-cafe keep working');

    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(BUSINESS_TEXTS.confirmRequired)).toBeInTheDocument();
    expect(app.server.callsTo('admin.users.update')).toHaveLength(0);

    await app.user.click(within(dialog).getByRole('checkbox', { name: CODE_CHANGE_TEXT.understand }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(app.server.callsTo('admin.users.update')).toHaveLength(1));
    expect(app.server.callsTo('admin.users.update')[0]?.input).toMatchObject({ code: 'asha-cafe-hsr' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull());
  });
});
