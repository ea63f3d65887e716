import { notifications } from '@mantine/notifications';
import type { TAgentDto } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failsWith, type TFakeHandlers, trpcError } from '../../../test/fake-trpc.ts';
import { fill } from '../../../test/fill.ts';
import { openDialog } from '../test/admin-actions.tsx';
import { agent } from '../test/admin-fixtures.ts';
import { lastInputOf, meta, page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/agents';
const TITLE = 'Agents Management';
const lastInput = lastInputOf('admin.agents.list');

const list = (agents: TAgentDto[], total = agents.length) => ({
  success: true as const,
  agents,
  meta: meta(total),
  counts: { total: 9, active: 7, inactive: 2 },
});

/** Opens the screen listing one agent (Ravi Kumar), with more or other procedures. */
function open(handlers: TFakeHandlers = {}) {
  return renderAdmin(PATH, { 'admin.agents.list': () => list([agent()]), ...handlers }, TITLE);
}

describe('Agents management', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the cards and the sortable table', async () => {
    await open();
    const row = (await page().findByText('Ravi Kumar')).closest('tr')!;
    expect(screen.getByRole('region', { name: 'Total Agents' })).toHaveTextContent('9');
    expect(screen.getByRole('region', { name: 'Active Agents' })).toHaveTextContent('7');
    expect(screen.getByRole('region', { name: 'Inactive Agents' })).toHaveTextContent('2');
    expect(row).toHaveTextContent('AG1234');
    expect(row).toHaveTextContent('14');
    const table = screen.getByRole('table', { name: 'Agents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Code', 'Name', 'Email', 'Phone', 'Status', 'Users', 'Created', 'Actions']);
    for (const name of ['Code', 'Name', 'Email', 'Phone', 'Status', 'Users', 'Created']) {
      expect(within(table).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('sends sortBy / sortOrder with the spec rule', async () => {
    const app = await open();
    await page().findByText('Ravi Kumar');
    expect(lastInput(app)).toEqual({ page: 1, limit: 10 });
    await app.user.click(page().getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(lastInput(app)).toEqual({ page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc' }),
    );
    await app.user.click(page().getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortBy: 'name', sortOrder: 'desc' }));
    await app.user.click(page().getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortBy: 'users', sortOrder: 'asc' }));
  });

  it('debounces the search (one call for the whole word) and starts again at page 1', async () => {
    const app = await renderAdmin(PATH, { 'admin.agents.list': () => list([agent()], 30) }, TITLE);
    await page().findByText('Ravi Kumar');
    await app.user.click(page().getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ page: 2 }));
    await app.user.type(page().getByLabelText('Search agents'), ' ravi ');
    await waitFor(() => expect(lastInput(app)).toEqual({ page: 1, limit: 10, search: 'ravi' }));
    const searches = app.server
      .callsTo('admin.agents.list')
      .filter((c) => (c.input as { search?: string }).search);
    expect(searches).toHaveLength(1);
  });

  it('only logs a load failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAdmin(PATH, { 'admin.agents.list': failsWith('INTERNAL_SERVER_ERROR') }, TITLE);
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load agents', expect.anything()));
    expect(page().queryByRole('alert')).toBeNull();
  });

  it('adds an agent: normalised payload, Saving..., 3 s success toast', async () => {
    const wait = pending();
    const app = await renderAdmin(
      PATH,
      { 'admin.agents.list': () => list([]), 'admin.agents.create': wait.handler },
      TITLE,
    );
    expect(await page().findByText('No agents yet. Add the first one.')).toBeInTheDocument();
    await app.user.click(page().getByRole('button', { name: 'Add Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    expect(dialog).toHaveTextContent('Name is required');
    expect(dialog).toHaveTextContent('Phone number is required');
    expect(dialog).toHaveTextContent('Email is required');

    await fill(app.user, within(dialog).getByLabelText(/^Full Name/), '  Sita Devi ');
    await fill(app.user, within(dialog).getByLabelText(/^Phone Number/), '+91 98765 43210');
    await fill(app.user, within(dialog).getByLabelText(/^Email Address/), ' Sita@Example.COM ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(app.server.callsTo('admin.agents.create')[0]?.input).toEqual({
      name: 'Sita Devi',
      phone: '+919876543210',
      email: 'sita@example.com',
    });
    const show = vi.spyOn(notifications, 'show');
    wait.resolve({ success: true, agent: agent({ name: 'Sita Devi' }) });
    expect(await screen.findByText('Agent created successfully!')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Agent created successfully!', autoClose: 3000 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Agent' })).toBeNull());
  });

  it("shows the server's message when creation fails, else the fallback", async () => {
    let message = 'An agent with this phone number already exists';
    const app = await renderAdmin(
      PATH,
      {
        'admin.agents.list': () => list([]),
        'admin.agents.create': () => {
          throw trpcError('CONFLICT', message, 'phone');
        },
      },
      TITLE,
    );
    const show = vi.spyOn(notifications, 'show');
    const dialog = await openDialog(app, 'Add Agent', 'Add Agent');
    await fill(app.user, within(dialog).getByLabelText(/^Full Name/), 'Sita');
    await fill(app.user, within(dialog).getByLabelText(/^Phone Number/), '9876543210');
    await fill(app.user, within(dialog).getByLabelText(/^Email Address/), 'sita@example.com');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    await waitFor(() =>
      expect(screen.getAllByText('An agent with this phone number already exists').length).toBeGreaterThan(0),
    );
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'An agent with this phone number already exists', autoClose: 4000 }),
    );

    message = '';
    await app.user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    await waitFor(() =>
      expect(screen.getAllByText('Failed to create agent. Please try again.').length).toBeGreaterThan(0),
    );
  });

  it('edits an agent and switches it inactive', async () => {
    const wait = pending();
    const app = await open({ 'admin.agents.update': wait.handler });
    const dialog = await openDialog(app, 'Edit agent Ravi Kumar', 'Edit Agent');
    await app.user.clear(within(dialog).getByLabelText(/^Email Address/));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(dialog).toHaveTextContent('Email is required');

    await fill(app.user, within(dialog).getByLabelText(/^Email Address/), 'ravi.k@example.com');
    await app.user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(app.server.callsTo('admin.agents.update')[0]?.input).toEqual({
      id: 3,
      name: 'Ravi Kumar',
      phone: '9123456780',
      email: 'ravi.k@example.com',
      status: 'inactive',
    });
    wait.resolve({ success: true, agent: agent({ status: 'inactive' }) });
    expect(await screen.findByText('Agent updated successfully!')).toBeInTheDocument();
  });

  it('views and deletes an agent', async () => {
    const wait = pending();
    const app = await open({ 'admin.agents.delete': wait.handler });
    const view = await openDialog(app, 'View agent Ravi Kumar', 'Agent Details');
    expect(view).toHaveTextContent('ravi@example.com');
    await app.user.click(within(view).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await app.user.click(page().getByRole('button', { name: 'Delete agent Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Agent' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(app.server.callsTo('admin.agents.delete')[0]?.input).toEqual({ id: 3 });
    wait.resolve({ success: true, message: 'Agent deleted successfully' });
    expect(await screen.findByText('Agent deleted successfully!')).toBeInTheDocument();
  });
});
