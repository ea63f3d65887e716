import type { TAdminReview } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failsWith, type TFakeHandlers } from '../../../test/fake-trpc.ts';
import { openDialog } from '../test/admin-actions.tsx';
import { lastInputOf, meta, page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard/reviews';
const TITLE = 'Reviews Management';
const lastInput = lastInputOf('admin.reviews.list');

function review(overrides: Partial<TAdminReview> = {}): TAdminReview {
  return {
    id: 31,
    userId: 7,
    code: 'asha-cafe',
    rating: 2,
    message:
      'The coffee was cold and the service was slow, we waited for more than forty minutes at the table.',
    createdAt: '2026-11-02T09:30:00.000Z',
    sentimentLabel: 'negative',
    sentimentScore: -0.6,
    replyStatus: 'drafted',
    replyText: 'We are sorry about your visit.',
    user: { businessName: 'Asha Cafe', name: 'Asha Rao' },
    placement: null,
    ...overrides,
  };
}

const list = (reviews: TAdminReview[], total = reviews.length) => ({
  success: true,
  reviews,
  meta: meta(total),
  avgRating: 3.84,
  totalReviews: 250,
});

/** Opens the screen listing one review, with more or other procedures. */
function open(handlers: TFakeHandlers = {}) {
  return renderAdmin(PATH, { 'admin.reviews.list': () => list([review()]), ...handlers }, TITLE);
}

describe('Reviews management', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the cards, the stars and the truncated message', async () => {
    await open();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Total Reviews' })).toHaveTextContent('250'),
    );
    expect(screen.getByRole('region', { name: 'Average Rating' })).toHaveTextContent('3.8');
    const row = (await page().findByText('Asha Cafe')).closest('tr')!;
    expect(within(row).getByRole('img', { name: '2 out of 5 stars' })).toHaveTextContent('★★★★★');
    expect(row).toHaveTextContent('The coffee was cold');
    expect(row).toHaveTextContent('…');
    expect(row).toHaveTextContent('02 Nov 2026');
    const headers = within(screen.getByRole('table', { name: 'Reviews' })).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      'ID',
      'Business',
      'Rating',
      'Message',
      'Placement',
      'Date',
      'Actions',
    ]);
    expect(row).toHaveTextContent('Default');
  });

  it('shows where each review was scanned: a placement, Default, or a deleted placement by its old name', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.reviews.list': () =>
          list([
            review({ id: 41, placement: { id: 3, name: 'Table 4', deleted: false } }),
            review({ id: 42, placement: { id: 4, name: 'Old counter', deleted: true } }),
            review({ id: 43, placement: null }),
          ]),
      },
      TITLE,
    );
    const table = within(await screen.findByRole('table', { name: 'Reviews' }));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(4));
    const placements = table
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[4]!.textContent);
    expect(placements).toEqual(['Table 4', 'Old counter (deleted placement)', 'Default']);
    const dialog = await openDialog(app, 'View review 41', 'Review Details');
    expect(dialog).toHaveTextContent('PlacementTable 4');
  });

  it('opens Review Details with the sentiment and the reply', async () => {
    const app = await open();
    const dialog = await openDialog(app, 'View review 31', 'Review Details');
    expect(dialog).toHaveTextContent('negative');
    expect(dialog).toHaveTextContent('Drafted');
    expect(dialog).toHaveTextContent('We are sorry about your visit.');
    expect(dialog).toHaveTextContent('forty minutes at the table.');
  });

  it('sends search (page 1) and sort to the server', async () => {
    const app = await renderAdmin(PATH, { 'admin.reviews.list': () => list([review()], 30) }, TITLE);
    await page().findByText('Asha Cafe');
    await app.user.click(page().getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ page: 3 }));

    await app.user.type(page().getByLabelText('Search reviews'), 'cold');
    await waitFor(() => expect(lastInput(app)).toEqual({ page: 1, limit: 10, search: 'cold' }));

    await app.user.click(page().getByRole('button', { name: 'Rating' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortBy: 'rating', sortOrder: 'asc' }));
    await app.user.click(page().getByRole('button', { name: 'Rating' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortBy: 'rating', sortOrder: 'desc' }));
    await app.user.click(page().getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(lastInput(app)).toMatchObject({ sortBy: 'createdAt', sortOrder: 'asc' }));
  });

  it('shows skeleton rows while loading and the empty texts', async () => {
    const wait = pending();
    const app = await renderAdmin(PATH, { 'admin.reviews.list': wait.handler }, TITLE);
    expect(page().getAllByTestId('skeleton-row')).toHaveLength(10);
    wait.resolve(list([]));
    expect(await page().findByText('No reviews available.')).toBeInTheDocument();
    await app.user.type(page().getByLabelText('Search reviews'), 'zzz');
    expect(await page().findByText('No reviews found matching your search.')).toBeInTheDocument();
  });

  it('only logs a load failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAdmin(PATH, { 'admin.reviews.list': failsWith('INTERNAL_SERVER_ERROR') }, TITLE);
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load reviews', expect.anything()));
    expect(page().queryByRole('alert')).toBeNull();
  });
});
