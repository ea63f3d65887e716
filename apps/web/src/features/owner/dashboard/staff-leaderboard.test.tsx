import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanToastsBeforeEach, meta, renderOwner, stats } from '../test/owner-test-utils.tsx';

cleanToastsBeforeEach();

const account = (role: 'owner' | 'manager' | 'staff') => ({
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role,
  currentBusinessId: 1,
  branches: [
    {
      id: 1,
      businessName: 'Chai Point',
      code: 'b1',
      city: 'Pune',
      state: 'Maharashtra',
      status: 'active',
      plan: 'professional',
      subscriptionEnd: null,
    },
  ],
});

const staffRow = (
  rank: number,
  id: number,
  name: string,
  reviews: number,
  sum: number,
  positive: number,
  cases: number,
) => ({
  rank,
  placement: { id, name, key: `Key${String(id).padStart(9, '0')}` },
  reviews,
  averageRating: reviews ? sum / reviews : null,
  positive,
  positiveShare: reviews ? positive / reviews : null,
  cases,
});

/** The server's answer: its own range (the fake's fixed days), whatever was asked. */
const leaderboard = (rows: ReturnType<typeof staffRow>[]) => () => ({
  from: '2026-11-11',
  to: '2026-12-10',
  rows,
});

const dashboard = (role: 'owner' | 'manager' | 'staff', rows: ReturnType<typeof staffRow>[]) => ({
  'owner.dashboard.stats': () => stats(),
  'owner.dashboard.reviews': () => ({ reviews: [], meta: meta(0) }),
  'owner.account.get': () => account(role),
  'owner.placements.staffLeaderboard': leaderboard(rows),
});

const ROWS = [
  staffRow(1, 11, 'Meena', 4, 16, 3, 1),
  staffRow(1, 12, 'Ravi', 4, 16, 3, 1),
  staffRow(3, 13, 'Priya', 5, 17, 3, 2),
  staffRow(4, 14, 'Sunil', 0, 0, 0, 0),
];

describe('the staff leaderboard on the owner dashboard', () => {
  it("ranks the branch's staff placements with reviews, average, 4-5 star share and cases", async () => {
    const app = await renderOwner('/dashboard', dashboard('owner', ROWS), 'Hi, Asha Rao');
    const card = within(await screen.findByRole('region', { name: 'Staff leaderboard' }));
    const table = within(card.getByRole('table', { name: 'Staff leaderboard' }));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Rank',
      'Staff member',
      'Reviews',
      'Average',
      '4-5 stars',
      'Cases',
    ]);
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['1', 'Meena', '4', '4.0', '75%', '1'],
      ['1', 'Ravi', '4', '4.0', '75%', '1'],
      ['3', 'Priya', '5', '3.4', '60%', '2'],
      ['4', 'Sunil', '0', '-', '-', '0'],
    ]);
    expect(card.getByText(/11 Nov 2026 to 10 Dec 2026/)).toBeInTheDocument();
    // It asks for the dashboard's range (the last 30 days by default).
    const [call] = app.server.callsTo('owner.placements.staffLeaderboard');
    expect(call?.input).toEqual({
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.any(String),
    });
  });

  it('is not shown when the branch has no staff placements', async () => {
    const app = await renderOwner('/dashboard', dashboard('manager', []), 'Hi, Asha Rao');
    await screen.findByRole('region', { name: 'By placement' });
    await waitFor(() => expect(app.server.callsTo('owner.placements.staffLeaderboard')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Staff leaderboard' })).toBeNull());
    expect(screen.queryByText('Staff leaderboard')).toBeNull();
  });

  it('is not asked for, nor shown, for staff (placement figures are for owners and managers)', async () => {
    const app = await renderOwner('/dashboard', dashboard('staff', ROWS), 'Hi, Asha Rao');
    await screen.findByRole('region', { name: 'By placement' });
    await waitFor(() => expect(app.server.callsTo('owner.account.get').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.server.callsTo('owner.placements.staffLeaderboard')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Staff leaderboard' })).toBeNull();
  });
});
