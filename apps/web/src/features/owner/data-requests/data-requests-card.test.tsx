import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanToastsBeforeEach, meta, renderOwner, stats } from '../test/owner-test-utils.tsx';

cleanToastsBeforeEach();

const account = (role: 'owner' | 'manager' | 'staff') => ({
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role,
  currentBusinessId: 1,
  branches: [],
});

const request = (id: number, kind: 'access' | 'erasure', status = 'open') => ({
  id,
  kind,
  identifierKind: 'email',
  identifier: `customer${id}@example.in`,
  held: { contacts: 1, reviewContacts: 0, reviews: 0, requests: 2, caseMessages: 0 },
  status,
  dueAt: '2026-12-28T10:00:00.000Z',
  overdue: false,
  completedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
});

function handlers(role: 'owner' | 'manager' | 'staff') {
  const rows = [request(7, 'erasure'), request(8, 'access'), request(9, 'access', 'completed')];
  return {
    'owner.dashboard.stats': () => stats(),
    'owner.dashboard.reviews': () => ({ reviews: [], meta: meta(0) }),
    'owner.account.get': () => account(role),
    'owner.dataRequests.list': () => ({
      success: true,
      open: rows.filter((r) => r.status === 'open').length,
      requests: rows,
    }),
    'owner.dataRequests.complete': (input: unknown) => {
      const id = (input as { id: number }).id;
      const row = rows.find((r) => r.id === id)!;
      row.status = 'completed';
      return { success: true, message: 'The request is completed.', request: row };
    },
  };
}

describe("customers' data requests on the owner dashboard", () => {
  it('lists the open requests with their due dates, and an owner completes one', async () => {
    const app = await renderOwner('/dashboard', handlers('owner'), 'Hi, Asha Rao');
    const card = within(await screen.findByRole('region', { name: "Customers' data requests" }));
    expect(card.getByText('Erase the data of customer7@example.in')).toBeInTheDocument();
    expect(card.getByText('See the data of customer8@example.in')).toBeInTheDocument();
    expect(card.queryByText(/customer9@/)).toBeNull();
    expect(card.getAllByText(/Holds: customer list, 2 review requests\. Due/)).toHaveLength(2);
    await userEvent.click(card.getByRole('button', { name: 'Erase now' }));
    await waitFor(() => expect(app.server.callsTo('owner.dataRequests.complete')).toHaveLength(1));
    expect(app.server.callsTo('owner.dataRequests.complete')[0]?.input).toEqual({ id: 7 });
    await waitFor(() => expect(screen.queryByText('Erase the data of customer7@example.in')).toBeNull());
  });

  it('is neither asked for nor shown for managers', async () => {
    const app = await renderOwner('/dashboard', handlers('manager'), 'Hi, Asha Rao');
    await waitFor(() => expect(app.server.callsTo('owner.account.get').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.server.callsTo('owner.dataRequests.list')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: "Customers' data requests" })).toBeNull();
  });
});
