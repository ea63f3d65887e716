import { SENTIMENT_LANGUAGE_NOTE } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import {
  cleanToastsBeforeEach,
  deferred,
  meta,
  owner,
  page,
  renderOwner,
  review,
  stats,
} from '../test/owner-test-utils.tsx';

cleanToastsBeforeEach();

type TReviewsInput = { page: number; limit: number; search?: string };

/** A server of `total` reviews, paged and searched like owner.dashboard.reviews. */
function reviewsServer(total: number, matching = (_search: string) => total) {
  return (input: unknown) => {
    const { page: p, limit, search } = input as TReviewsInput;
    const count = search ? matching(search) : total;
    const start = (p - 1) * limit;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, count - start)) }, (_, i) =>
      review(start + i + 1, {
        message: search ? `${search} review ${start + i + 1}` : `Review number ${start + i + 1}`,
      }),
    );
    return { reviews: rows, meta: meta(count, p, limit) };
  };
}

const card = (label: string) => within(screen.getByRole('region', { name: label }));
/** The Recent Reviews list (the dashboard also has the By-placement table). */
const recentReviews = () => within(screen.getByRole('region', { name: 'Recent Reviews' }));

describe('owner dashboard', () => {
  it('greets the owner by name and shows the cards with the average at one decimal', async () => {
    await renderOwner(
      '/dashboard',
      { 'owner.dashboard.stats': () => stats(), 'owner.dashboard.reviews': reviewsServer(3) },
      'Hi, Asha Rao',
    );

    await waitFor(() => expect(card('Average Rating').getByTestId('stat-value')).toHaveTextContent('4.0'));
    expect(card('Total Reviews').getByTestId('stat-value')).toHaveTextContent('25');
    expect(card('Five-star reviews').getByTestId('stat-value')).toHaveTextContent('12');
    expect(card('Five-star reviews').getByText('48% of all reviews')).toBeInTheDocument();
    // The charts say in words what they draw.
    // The charts are a lazy chunk: the first import can take a moment under load.
    expect(
      await page().findByRole('heading', { name: 'Ratings per month' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      page().getByText(/5 stars: 12, 4 stars: 7, 3 stars: 3, 2 stars: 1, 1 star: 2/),
    ).toBeInTheDocument();
  });

  it('pages on the server, 5 at a time, numbering rows across pages', async () => {
    const app = await renderOwner(
      '/dashboard',
      { 'owner.dashboard.stats': () => stats(), 'owner.dashboard.reviews': reviewsServer(12) },
      'Hi, Asha Rao',
    );

    expect(await page().findByText('Review number 1')).toBeInTheDocument();
    expect(app.server.callsTo('owner.dashboard.reviews')[0]?.input).toEqual({ page: 1, limit: 5 });
    const table = within(recentReviews().getByRole('table'));
    expect(table.getAllByRole('row')).toHaveLength(6); // header + 5

    await app.user.click(page().getByRole('button', { name: 'Page 2' }));

    expect(await page().findByText('Review number 6')).toBeInTheDocument();
    expect(app.server.callsTo('owner.dashboard.reviews').at(-1)?.input).toEqual({ page: 2, limit: 5 });
    const firstRow = within(recentReviews().getByRole('table')).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveTextContent('6');
    expect(within(firstRow).getByText('05 Feb 2026')).toBeInTheDocument();
    expect(within(firstRow).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
  });

  it('searches on the server after a pause and goes back to page 1', async () => {
    const app = await renderOwner(
      '/dashboard',
      { 'owner.dashboard.stats': () => stats(), 'owner.dashboard.reviews': reviewsServer(12, () => 7) },
      'Hi, Asha Rao',
    );
    await page().findByText('Review number 1');
    await app.user.click(page().getByRole('button', { name: 'Page 3' }));
    await page().findByText('Review number 11');

    await app.user.type(page().getByRole('searchbox', { name: 'Search reviews' }), 'cold');

    expect(await page().findByText('cold review 1')).toBeInTheDocument();
    const searches = app.server
      .callsTo('owner.dashboard.reviews')
      .filter((c) => (c.input as TReviewsInput).search);
    // Debounced: one request for the whole word, not one per key.
    expect(searches.map((c) => c.input)).toEqual([{ page: 1, limit: 5, search: 'cold' }]);
    expect(page().getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('says "No reviews available." without a search', async () => {
    await renderOwner(
      '/dashboard',
      {
        'owner.dashboard.stats': () => stats({ totalReviews: 0 }),
        'owner.dashboard.reviews': reviewsServer(0),
      },
      'Hi, Asha Rao',
    );
    expect(await page().findByText('No reviews available.')).toBeInTheDocument();
    expect(page().queryByRole('navigation')).toBeNull();
  });

  it('says "No reviews found matching your search." when a search finds nothing', async () => {
    const app = await renderOwner(
      '/dashboard',
      { 'owner.dashboard.stats': () => stats(), 'owner.dashboard.reviews': reviewsServer(4, () => 0) },
      'Hi, Asha Rao',
    );
    await page().findByText('Review number 1');
    await app.user.type(page().getByRole('searchbox', { name: 'Search reviews' }), 'zzz');
    expect(await page().findByText('No reviews found matching your search.')).toBeInTheDocument();
  });

  it('shows "Failed to load stats" with the error and retries', async () => {
    let fail = true;
    const app = await renderOwner(
      '/dashboard',
      {
        'owner.dashboard.stats': () => {
          if (fail) throw trpcError('INTERNAL_SERVER_ERROR', 'Database is down');
          return stats();
        },
        'owner.dashboard.reviews': reviewsServer(1),
      },
      'Hi, Asha Rao',
    );

    const alert = await page().findByRole('alert');
    expect(within(alert).getByText('Failed to load stats')).toBeInTheDocument();
    expect(within(alert).getByText('Error: Database is down')).toBeInTheDocument();

    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card('Average Rating').getByTestId('stat-value')).toHaveTextContent('4.0'));
    expect(page().queryByText('Failed to load stats')).toBeNull();
  });

  it('shows skeletons while the numbers load', async () => {
    const slow = deferred();
    const slowReviews = deferred();
    await renderOwner(
      '/dashboard',
      { 'owner.dashboard.stats': slow.handler, 'owner.dashboard.reviews': slowReviews.handler },
      // owner.me travels in the same batch as the stats, so the name waits for them too.
      'Dashboard',
    );
    expect(page().queryAllByTestId('stat-value')).toHaveLength(0);
    expect(page().getAllByTestId('review-skeleton').length).toBeGreaterThan(0);
    slow.resolve(stats());
    slowReviews.resolve({ reviews: [review(1)], meta: meta(1) });
    // Total, average, five-star, and the reviews from requests (owner.requests.summary).
    await waitFor(() => expect(page().getAllByTestId('stat-value')).toHaveLength(4));
    expect(await page().findByText('Review number 1')).toBeInTheDocument();
  });
});

describe('review details', () => {
  const openFirst = async (handlers: Record<string, (input: unknown) => unknown>, plan = 'professional') => {
    const app = await renderOwner(
      '/dashboard',
      { 'owner.me': () => owner({ plan }), 'owner.dashboard.stats': () => stats(), ...handlers },
      'Hi, Asha Rao',
    );
    await app.user.click(await page().findByRole('button', { name: 'Open review 1' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Review details' }));
    return { app, drawer };
  };

  it('shows rating, message, date, contact, sentiment and the drafted reply (Professional)', async () => {
    const row = review(1, {
      rating: 1,
      message: 'Tea was cold and the staff were rude.',
      customerContact: 'ravi@example.com',
      replyStatus: 'drafted',
      replyText: 'Dear Ravi, we are truly sorry...',
    });
    const { drawer, app } = await openFirst({
      'owner.dashboard.reviews': () => ({ reviews: [row], meta: meta(1) }),
      'owner.dashboard.review': () => row,
    });

    expect(drawer.getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(drawer.getByText('Tea was cold and the staff were rude.')).toBeInTheDocument();
    expect(drawer.getByText(/05 Feb 2026/)).toBeInTheDocument();
    expect(drawer.getByText('ravi@example.com')).toBeInTheDocument();
    expect(drawer.getByText('negative')).toBeInTheDocument();
    expect(drawer.getByText('Drafted')).toBeInTheDocument();
    expect(drawer.getByText('Dear Ravi, we are truly sorry...')).toBeInTheDocument();
    await waitFor(() => expect(app.server.callsTo('owner.dashboard.review')[0]?.input).toEqual({ id: 1 }));
  });

  it('says when a review is in a language sentiment does not read (labelled from its stars)', async () => {
    const row = review(1, { rating: 2, message: 'டீ ஆறிப் போயிருந்தது', sentimentLabel: 'negative' });
    const { drawer } = await openFirst({
      'owner.dashboard.reviews': () => ({ reviews: [row], meta: meta(1) }),
      'owner.dashboard.review': () => row,
    });
    expect(drawer.getByText('negative')).toBeInTheDocument();
    expect(drawer.getByText(SENTIMENT_LANGUAGE_NOTE)).toBeInTheDocument();
  });

  it('adds no such note to English, Hinglish or Hindi reviews', async () => {
    const row = review(1, { rating: 2, message: 'चाय ठंडी थी, service slow', sentimentLabel: 'negative' });
    const { drawer } = await openFirst({
      'owner.dashboard.reviews': () => ({ reviews: [row], meta: meta(1) }),
      'owner.dashboard.review': () => row,
    });
    expect(drawer.getByText('negative')).toBeInTheDocument();
    expect(drawer.queryByText(SENTIMENT_LANGUAGE_NOTE)).toBeNull();
  });

  it('says "Drafting a reply…" while the reply is pending, and the reason when it failed', async () => {
    const pendingRow = review(1, { replyStatus: 'pending' });
    const { drawer } = await openFirst({
      'owner.dashboard.reviews': () => ({ reviews: [pendingRow], meta: meta(1) }),
      'owner.dashboard.review': () =>
        review(1, { replyStatus: 'failed', replyError: 'Mail server refused the address' }),
    });
    // The row shows at once; the fresh answer replaces it.
    expect(await drawer.findByText('Reason: Mail server refused the address')).toBeInTheDocument();
    expect(drawer.getByText('Failed')).toBeInTheDocument();
  });

  it('shows "Drafting a reply…" for a pending reply', async () => {
    const row = review(1, { replyStatus: 'pending' });
    const { drawer } = await openFirst({
      'owner.dashboard.reviews': () => ({ reviews: [row], meta: meta(1) }),
      'owner.dashboard.review': () => row,
    });
    expect(drawer.getByText('Drafting a reply…')).toBeInTheDocument();
  });

  it('tells Essential owners their standard reply is on its way, and offers the upgrade', async () => {
    const row = review(1, { sentimentLabel: 'positive', rating: 5, replyStatus: 'pending' });
    const { drawer } = await openFirst(
      {
        'owner.dashboard.reviews': () => ({ reviews: [row], meta: meta(1) }),
        'owner.dashboard.review': () => row,
      },
      'essential',
    );
    expect(drawer.getByText('positive')).toBeInTheDocument();
    expect(
      drawer.getByText(/A standard thank-you reply goes out within 24 to 48 hours of the review/),
    ).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute(
      'href',
      '/dashboard/plan',
    );
    expect(drawer.queryByText('Drafting a reply…')).toBeNull();
  });
});

describe('the dashboard in Hindi', () => {
  const inHindi = { 'owner.language.get': () => ({ language: 'hi' }) };
  // The first paint is English: the Hindi catalog is a chunk of its own, loaded once chosen.
  const ANY_TITLE = /Asha Rao$/;
  const inHindiNow = () =>
    screen.findByRole('heading', { level: 1, name: 'नमस्ते, Asha Rao' }, { timeout: 5000 });

  it('shows the first-run checklist and the cards in Hindi before the first review', async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    await renderOwner(
      '/dashboard',
      {
        ...inHindi,
        'owner.onboarding.checklist': () => ({
          steps: ['review_link', 'qr_card', 'review_flow', 'placements'].map((key, i) => ({
            key,
            done: i < 2,
          })),
          done: false,
          dismissed: false,
        }),
        'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
        'owner.dashboard.stats': () =>
          stats({ totalReviews: 0, averageRating: 0, fiveStarCount: 0, fiveStarPercent: 0 }),
        'owner.dashboard.reviews': reviewsServer(0),
      },
      ANY_TITLE,
    );
    await inHindiNow();
    const checklist = within(await screen.findByRole('region', { name: 'शुरू करें' }));
    expect(checklist.getByRole('progressbar', { name: '4 में से 2 कदम पूरे' })).toBeInTheDocument();
    expect(checklist.getByText('अपना रिव्यू फ़्लो चुनें')).toBeInTheDocument();
    const average = card('औसत रेटिंग');
    await waitFor(() => expect(average.getByTestId('stat-value')).toHaveTextContent('अभी कोई रिव्यू नहीं'));
    expect(await page().findByText('अभी कोई रिव्यू नहीं है।')).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });

  it('labels the cards, the latest reviews and their stars in Hindi', async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    await renderOwner(
      '/dashboard',
      { ...inHindi, 'owner.dashboard.stats': () => stats(), 'owner.dashboard.reviews': reviewsServer(12) },
      ANY_TITLE,
    );
    await inHindiNow();
    await waitFor(() => expect(card('कुल रिव्यू').getByTestId('stat-value')).toHaveTextContent('25'));
    expect(card('5-स्टार रिव्यू').getByText('सभी रिव्यू का 48%')).toBeInTheDocument();
    const latest = within(await screen.findByRole('region', { name: 'हाल के रिव्यू' }));
    expect(await latest.findByRole('button', { name: 'रिव्यू 1 खोलें' })).toBeInTheDocument();
    expect(latest.getByRole('columnheader', { name: 'तारीख़' })).toBeInTheDocument();
    expect(latest.getAllByRole('img', { name: /^5 में से \d स्टार$/ }).length).toBeGreaterThan(0);
    expect(latest.getByRole('button', { name: 'पेज 2' })).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });
});
