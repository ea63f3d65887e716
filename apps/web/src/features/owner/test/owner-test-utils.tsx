import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { beforeEach } from 'vitest';
import type { TFakeHandlers } from '../../../test/fake-trpc.ts';
import { renderWithRouter } from '../../../test/render-with-router.tsx';

export const APP_URL = 'https://starloop.example';

/** Mantine's toast store lives in the module: every test starts from an empty one. */
export function cleanToastsBeforeEach() {
  beforeEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
}

export function owner(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    name: 'Asha Rao',
    email: 'asha@example.com',
    businessName: 'Chai Point & Co.',
    contactNumber: '9876543210',
    code: 'chai-point',
    reviewLink: 'https://g.page/r/chai-point/review',
    state: 'Karnataka',
    city: 'Bengaluru',
    plan: 'professional',
    status: 'active',
    registrationSource: 'website',
    reviewFlow: 'smart',
    subscriptionStart: '2026-01-10T00:00:00.000Z',
    subscriptionEnd: '2026-02-10T00:00:00.000Z',
    createdAt: '2026-01-10T00:00:00.000Z',
    ...overrides,
  };
}

export function stats(overrides: Record<string, unknown> = {}) {
  return {
    totalReviews: 25,
    averageRating: 3.96,
    fiveStarCount: 12,
    fiveStarPercent: 48,
    stars: { 1: 2, 2: 1, 3: 3, 4: 7, 5: 12 },
    monthly: [
      { month: '2026-01', count: 10, averageRating: 4.2 },
      { month: '2026-02', count: 15, averageRating: 3.8 },
    ],
    ...overrides,
  };
}

export function review(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    rating: 2,
    message: `Review number ${id}`,
    customerContact: null,
    sentimentLabel: 'negative',
    sentimentScore: -0.6,
    replyStatus: 'none',
    replyText: null,
    replyError: null,
    repliedAt: null,
    createdAt: '2026-02-05T10:30:00.000Z',
    ...overrides,
  };
}

export function meta(total: number, page = 1, limit = 5) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

export function placement(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    key: `Key${String(id).padStart(9, '0')}`,
    name,
    kind: 'place',
    createdAt: '2026-11-20T06:30:00.000Z',
    ...overrides,
  };
}

/**
 * By-placement figures of one row (counts in, shares worked out as the server does); the ratings
 * that came with a scan are at most the scans unless given.
 */
export function placementFigures(
  scans: number,
  ratings: number,
  ratingSum: number,
  positive: number,
  scanRatings = Math.min(scans, ratings),
) {
  return {
    scans,
    ratings,
    averageRating: ratings ? ratingSum / ratings : 0,
    positive,
    positiveShare: ratings ? positive / ratings : null,
    scanRatings,
    ratingsWithoutScan: ratings - scanRatings,
    conversion: scans ? scanRatings / scans : null,
  };
}

/** An owner without placements and without activity. */
export function emptyPlacementStats(input: unknown) {
  const { from = '2026-10-27', to = '2026-11-25' } = (input ?? {}) as { from?: string; to?: string };
  const zero = placementFigures(0, 0, 0, 0);
  return {
    from,
    to,
    rows: [{ placement: { id: null, name: 'Default', key: null, deleted: false }, ...zero }],
    totals: zero,
  };
}

/** What owner.requests.summary answers for an owner who has sent none. */
export function requestSummary(overrides: Record<string, unknown> = {}) {
  return {
    reviewsFromRequests: 0,
    averageFromRequests: null,
    qrReviews: 25,
    requestsSent: 0,
    usage: { month: '2026-11', used: 0, limit: 1000 },
    ...overrides,
  };
}

/** The owner's usual procedures; pass more (or replacements) per test. */
export function ownerHandlers(more: TFakeHandlers = {}): TFakeHandlers {
  return {
    'owner.me': () => owner(),
    'system.info': () => ({ appUrl: APP_URL, paymentsTestMode: true }),
    'owner.logout': () => ({ success: true }),
    'owner.placements.list': () => ({ placements: [], limit: 50 }),
    'owner.placements.stats': emptyPlacementStats,
    'owner.requests.summary': () => requestSummary(),
    // The sidebar's count of open feedback cases.
    'owner.cases.list': () => ({ cases: [], meta: meta(0, 1, 1) }),
    // The owner area asks whether the account is closed (issue 35).
    'owner.account.closure': () => ({ closed: false, closedAt: null, erasureAt: null }),
    ...more,
  };
}

/** Opens an owner tab signed in, with fake procedures, and waits for its h1. */
export async function renderOwner(path: string, handlers: TFakeHandlers, heading: string | RegExp) {
  const app = await renderWithRouter({ path, handlers: ownerHandlers(handlers), authToken: 'owner-token' });
  await screen.findByRole('heading', { level: 1, name: heading });
  return app;
}

/** The page's own content (toasts and drawers live outside it). */
export const page = () => within(screen.getByRole('main'));

/** A handler that answers only when told (loading states, in-between messages). */
export function deferred<T = unknown>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { handler: () => promise, resolve };
}
