import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderOwner } from '../test/owner-test-utils.tsx';
import { ALL_BRANCHES_TEXT, branchesCsv } from './all-branches-screen.tsx';

const figures = (reviews: number, averageRating: number, lowRatings: number) => ({
  reviews,
  averageRating,
  positiveShare: 0.5,
  lowRatings,
  replyRate: 0.25,
  requestsSent: 10,
  requestReviews: 2,
  requestConversion: 0.2,
  scans: 100,
  scanReviews: reviews - 2,
  scanConversion: (reviews - 2) / 100,
});
const answer = {
  from: '2026-10-30',
  to: '2026-11-28',
  branches: [
    {
      id: 1,
      businessName: 'Chai Point',
      code: 'chai-pune',
      city: 'Pune',
      figures: figures(40, 4.2, 6),
      trend: [],
    },
    {
      id: 2,
      businessName: 'Chai Point',
      code: 'chai-nashik',
      city: 'Nashik',
      figures: figures(12, 3.1, 7),
      trend: [],
    },
  ],
  totals: figures(52, 3.95, 13),
};
const account = {
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role: 'owner',
  currentBusinessId: 1,
  branches: answer.branches.map((b) => ({
    ...b,
    state: 'Maharashtra',
    status: 'active',
    plan: 'professional',
    subscriptionEnd: null,
  })),
};

describe('All branches', () => {
  it('compares the branches over a range, sorts, and asks again for another range', async () => {
    const app = await renderOwner(
      '/dashboard/branches',
      { 'owner.account.branches': () => answer, 'owner.account.get': () => account },
      'All branches',
    );
    const table = await screen.findByRole('table', { name: 'Branches' });
    await within(table).findByText('Chai Point, Nashik');
    expect(screen.getByRole('region', { name: 'Reviews' })).toHaveTextContent('52');
    expect(screen.getByRole('region', { name: 'Low ratings' })).toHaveTextContent('13');
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent ?? '');
    expect(rows()[0]).toContain('Pune');
    // Low ratings, ascending: Pune (6) then Nashik (7); again: descending.
    await app.user.click(within(table).getByRole('button', { name: /Low ratings/ }));
    expect(rows()[0]).toContain('Pune');
    await app.user.click(within(table).getByRole('button', { name: /Low ratings/ }));
    expect(rows()[0]).toContain('Nashik');

    await app.user.type(screen.getByLabelText(ALL_BRANCHES_TEXT.from), '2026-11-01');
    await app.user.click(screen.getByRole('button', { name: ALL_BRANCHES_TEXT.apply }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.account.branches').at(-1)?.input).toEqual({ from: '2026-11-01' }),
    );
  });

  it('exports the table as CSV, the totals last, formulas neutralised', () => {
    const csv = branchesCsv({
      ...answer,
      branches: [{ ...answer.branches[0]!, businessName: '=HYPERLINK("x")', city: null }],
    });
    const lines = csv.split('\n');
    expect(lines[0]).toBe(
      'Branch,Code,Reviews,Average,4-5 stars,Low ratings,Reply rate,Requests converted,Scans,Scans converted',
    );
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",chai-pune,40,4.2,0.5,6,0.25,0.2,100,0.38`);
    expect(lines[2]).toBe('All branches,,52,3.95,0.5,13,0.25,0.2,100,0.5');
  });
});
