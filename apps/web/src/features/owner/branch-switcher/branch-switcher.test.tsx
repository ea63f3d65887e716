import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render-with-router.tsx';
import { meta, ownerHandlers, stats } from '../test/owner-test-utils.tsx';

const branch = (id: number, businessName: string, city: string) => ({
  id,
  businessName,
  code: `b${id}`,
  city,
  state: 'Maharashtra',
  status: 'active',
  plan: 'professional',
  subscriptionEnd: null,
});

const account = (
  current: number,
  branches = [branch(1, 'Chai Point', 'Pune'), branch(2, 'Chai Point', 'Nashik')],
) => ({
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role: 'owner',
  currentBusinessId: current,
  branches,
});

describe('branch switcher', () => {
  it('is not shown for one branch', async () => {
    await renderWithRouter({
      path: '/dashboard',
      authToken: 'owner-token',
      handlers: ownerHandlers({
        'owner.account.get': () => account(1, [branch(1, 'Chai Point', 'Pune')]),
        'owner.dashboard.stats': () => stats(),
        'owner.dashboard.reviews': () => ({ reviews: [], meta: meta(0) }),
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('combobox', { name: 'Branch' })).toBeNull();
  });

  it('puts the chosen branch in the URL and sends it with every owner call', async () => {
    let current = 1;
    const app = await renderWithRouter({
      path: '/dashboard',
      authToken: 'owner-token',
      handlers: ownerHandlers({
        'owner.account.get': () => account(current),
        'owner.dashboard.stats': () => stats(),
        'owner.dashboard.reviews': () => ({ reviews: [], meta: meta(0) }),
      }),
    });
    const select = await screen.findByRole('combobox', { name: 'Branch' });
    expect(select).toHaveValue('Chai Point, Pune');
    current = 2;
    await app.user.click(select);
    // Mantine keeps its dropdown at display:none in happy-dom (no layout): the options are there.
    await app.user.click(await screen.findByRole('option', { name: 'Chai Point, Nashik', hidden: true }));
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ branch: 2 }));
    await waitFor(() => expect(app.server.callsTo('owner.dashboard.stats').at(-1)?.branch).toBe('2'));
    // Another page keeps the branch.
    await app.router.navigate({ to: '/dashboard/profile' });
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ branch: 2 }));
  });
});
