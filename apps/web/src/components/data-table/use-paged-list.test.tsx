import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agent } from '../../features/admin/test/admin-fixtures.ts';
import { meta, page, renderAdmin, useCleanToasts } from '../../features/admin/test/admin-test-utils.tsx';

/*
 * usePagedList through a real list screen (agents: server search, sort and pages): the URL holds
 * the state, the route validates it and loads the page, and the reset rules of spec section 4.
 */
const agentsAnswer = (total: number) => ({
  success: true,
  agents: [agent()],
  meta: meta(total),
  counts: { total, active: total, inactive: 0 },
});

async function open(path: string, total = 30) {
  const app = await renderAdmin(
    path,
    { 'admin.agents.list': () => agentsAnswer(total) },
    'Agents Management',
  );
  await page().findByText('Ravi Kumar');
  const search = () => app.router.state.location.search as Record<string, unknown>;
  const inputs = () => app.server.callsTo('admin.agents.list').map((call) => call.input);
  return { app, search, inputs };
}

describe('usePagedList', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('opens a deep link with its page, search and sort, loading that page once', async () => {
    const { inputs } = await open('/admin-dashboard/agents?page=2&search=ravi&sortBy=name&sortOrder=desc');
    expect(inputs()).toEqual([{ page: 2, limit: 10, search: 'ravi', sortBy: 'name', sortOrder: 'desc' }]);
    expect(screen.getByRole('searchbox', { name: 'Search agents' })).toHaveValue('ravi');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('ignores values it does not know and keeps defaults out of the URL', async () => {
    const { app, search, inputs } = await open('/admin-dashboard/agents?page=0&sortBy=secret&sortOrder=up');
    expect(inputs()).toEqual([{ page: 1, limit: 10 }]);
    await app.user.click(page().getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search()).toEqual({ page: 2 }));
    await app.user.click(page().getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(app.router.state.location.searchStr).toBe(''));
  });

  it('goes back to page 1 when the search or the sort changes', async () => {
    const { app, search } = await open('/admin-dashboard/agents?page=3');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'asha');
    await waitFor(() => expect(search()).toEqual({ search: 'asha' }));

    await app.user.click(page().getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search()).toEqual({ search: 'asha', page: 2 }));
    await app.user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(search()).toEqual({ search: 'asha', sortBy: 'name' }));
    await app.user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(search()).toEqual({ search: 'asha', sortBy: 'name', sortOrder: 'desc' }));
  });

  it('sends a reader of a page that no longer exists to the last one', async () => {
    const { search } = await open('/admin-dashboard/agents?page=9', 25);
    await waitFor(() => expect(search()).toEqual({ page: 3 }));
  });

  it('preloads a list when a link to it is hovered', async () => {
    const app = await renderAdmin(
      '/admin-dashboard/agents',
      {
        'admin.agents.list': () => agentsAnswer(1),
        'admin.leads.list': () => ({ leads: [], meta: meta(0), counts: {} }),
      },
      'Agents Management',
    );
    await app.router.preloadRoute({ to: '/admin-dashboard/leads', search: { sortBy: 'email' } });
    expect(app.server.callsTo('admin.leads.list').map((call) => call.input)).toEqual([
      { page: 1, limit: 10, sortBy: 'email', sortOrder: 'asc' },
    ]);
  });
});
