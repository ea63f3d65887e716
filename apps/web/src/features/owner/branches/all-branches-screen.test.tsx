import { BRANCH_FIGURE_COLUMNS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderOwner } from '../test/owner-test-utils.tsx';
import { ALL_BRANCHES_TEXT, trendSeries } from './all-branches-screen.tsx';
import { BRANCH_REQUESTS_TEXT } from './branch-requests.tsx';
import { BRANCH_REVIEWS_TEXT } from './branch-reviews.tsx';

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
  trendUnit: 'day' as const,
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

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const review = (id: number, businessId: number, message: string) => ({
    id,
    rating: 2,
    message,
    customerContact: null,
    sentimentLabel: null,
    sentimentScore: null,
    replyStatus: 'none',
    replyText: null,
    replyError: null,
    repliedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    source: 'qr',
    businessId,
    businessName: 'Chai Point',
  });

  it('downloads the table from the server as CSV or XLSX for the range shown', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('Branch,Code', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="starloop-branches.xlsx"' },
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:branches');
    URL.revokeObjectURL = vi.fn();
    const app = await renderOwner(
      '/dashboard/branches',
      {
        'owner.account.branches': () => answer,
        'owner.account.get': () => account,
        'owner.account.reviews': () => ({
          reviews: [],
          meta: { total: 0, page: 1, limit: 10, totalPages: 0, hasNextPage: false, hasPrevPage: false },
        }),
      },
      'All branches',
    );
    await screen.findByRole('table', { name: 'Branches' });
    await app.user.type(screen.getByLabelText(ALL_BRANCHES_TEXT.from), '2026-11-01');
    await app.user.click(screen.getByRole('button', { name: ALL_BRANCHES_TEXT.apply }));
    await app.user.click(screen.getByRole('button', { name: ALL_BRANCHES_TEXT.exportXlsx }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(String(fetchSpy.mock.calls[0]![0])).toBe(
      '/api/v1/account/branches/export?from=2026-11-01&format=xlsx',
    );
  });

  it('lists the reviews of every branch with their branch, and filters by one branch', async () => {
    const app = await renderOwner(
      '/dashboard/branches',
      {
        'owner.account.branches': () => answer,
        'owner.account.get': () => account,
        'owner.account.reviews': (raw: unknown) => {
          const input = raw as { businessId?: number } | undefined;
          const rows = [review(11, 1, 'Cold tea in Pune'), review(12, 2, 'Slow service in Nashik')].filter(
            (r) => !input?.businessId || r.businessId === input.businessId,
          );
          return {
            reviews: rows,
            meta: {
              total: rows.length,
              page: 1,
              limit: 10,
              totalPages: 1,
              hasNextPage: false,
              hasPrevPage: false,
            },
          };
        },
      },
      'All branches',
    );
    const table = await screen.findByRole('table', { name: BRANCH_REVIEWS_TEXT.title });
    await within(table).findByText('Slow service in Nashik');
    expect(within(table).getByRole('button', { name: 'Chai Point, Pune' })).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: BRANCH_REVIEWS_TEXT.filter });
    await app.user.click(filter);
    const listbox = await waitFor(() => document.getElementById(filter.getAttribute('aria-controls') ?? '')!);
    await app.user.click(within(listbox).getByRole('option', { name: 'Chai Point, Nashik', hidden: true }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.account.reviews').at(-1)?.input).toMatchObject({ businessId: 2 }),
    );
    await waitFor(() => expect(within(table).queryByText('Cold tea in Pune')).not.toBeInTheDocument());
  });

  it('draws the trend over the whole range, periods without reviews as 0, by day or by week from Monday', () => {
    const branch = {
      ...answer.branches[0]!,
      trend: [
        { day: '2026-11-02', reviews: 3, averageRating: 4 },
        { day: '2026-11-04', reviews: 1, averageRating: 5 },
      ],
    };
    expect(trendSeries({ from: '2026-11-01', to: '2026-11-05', trendUnit: 'day' }, branch)).toEqual([
      0, 3, 0, 1, 0,
    ]);
    // 2026-11-01 is a Sunday: its week starts on Monday 2026-10-26.
    expect(
      trendSeries(
        { from: '2026-11-01', to: '2026-11-20', trendUnit: 'week' },
        { ...branch, trend: [{ day: '2026-11-02', reviews: 4, averageRating: 4 }] },
      ),
    ).toEqual([0, 4, 0, 0]);
  });

  const emptyPage = { total: 0, page: 1, limit: 10, totalPages: 0, hasNextPage: false, hasPrevPage: false };

  it('lists the review requests of every branch for owners and managers, filtered by status; not for staff', async () => {
    const request = {
      id: 5,
      businessId: 2,
      businessName: 'Chai Point',
      contactName: 'Meera',
      campaignName: null,
      category: 'service',
      status: 'sent',
      channel: 'whatsapp',
      sendAt: '2026-11-20T10:00:00.000Z',
      sentAt: '2026-11-20T10:00:00.000Z',
      clicks: 1,
      rating: 5,
      reviewedAt: '2026-11-20T11:00:00.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const handlers = (role: string) => ({
      'owner.account.branches': () => answer,
      'owner.account.get': () => ({ ...account, role }),
      'owner.account.reviews': () => ({ reviews: [], meta: emptyPage }),
      'owner.account.requests': () => ({
        requests: [request],
        meta: { ...emptyPage, total: 1, totalPages: 1 },
      }),
    });
    const app = await renderOwner('/dashboard/branches', handlers('owner'), 'All branches');
    const table = await screen.findByRole('table', { name: BRANCH_REQUESTS_TEXT.title });
    await within(table).findByText('Meera');
    expect(within(table).getByRole('button', { name: 'Chai Point, Nashik' })).toBeInTheDocument();
    expect(within(table).getByText('WhatsApp')).toBeInTheDocument();
    await app.user.click(screen.getByRole('radio', { name: 'Not delivered' }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.account.requests').at(-1)?.input).toMatchObject({ status: 'failed' }),
    );
    app.unmount();

    await renderOwner('/dashboard/branches', handlers('staff'), 'All branches');
    await screen.findByRole('table', { name: BRANCH_REVIEWS_TEXT.title });
    expect(screen.queryByRole('table', { name: BRANCH_REQUESTS_TEXT.title })).toBeNull();
  });
});

it("names the figures on screen as the contract's files do (in English)", () => {
  for (const { key, header } of BRANCH_FIGURE_COLUMNS) expect(ALL_BRANCHES_TEXT.figures[key]).toBe(header);
});
