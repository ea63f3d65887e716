import {
  pageMeta,
  type TOwnerReview,
  type TOwnerStats,
  type TReviewSource,
  type TReviewSourceFilter,
} from '@starloop/contract';
import {
  countGoogleReviewsByMonth,
  countOwnerReviewsByMonth,
  findGoogleConnection,
  findReviewById,
  getGoogleReviewStats,
  getOwnerReviewStats,
  listAllOwnerReviews,
  listOwnerReviewsBySource,
  type TReview,
  type TReviewStats,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { getGoogleReviewForOwner } from '../google/google.service.ts';
import { googleReviewToOwnerReview } from '../google/google-review.dto.ts';

export function toOwnerReview(review: TReview): TOwnerReview {
  return {
    id: review.id,
    rating: review.rating,
    message: review.message,
    customerContact: review.customerContact,
    sentimentLabel: review.sentimentLabel,
    sentimentScore: review.sentimentScore,
    replyStatus: review.replyStatus,
    replyText: review.replyText,
    replyError: review.replyError,
    repliedAt: review.repliedAt ? review.repliedAt.toISOString() : null,
    createdAt: review.createdAt.toISOString(),
  };
}

/**
 * The sources a filter stands for: Google only when the server has it on and the owner has a
 * connection (an owner who never connected keeps the QR-only dashboard it had).
 */
async function sourcesOf(
  deps: TDeps,
  ownerId: number,
  filter: TReviewSourceFilter,
): Promise<TReviewSource[]> {
  if (filter === 'qr') return ['qr'];
  const google = deps.config.google.enabled && (await findGoogleConnection(deps.db, ownerId)) !== undefined;
  if (filter === 'google') return google ? ['google'] : [];
  return google ? ['qr', 'google'] : ['qr'];
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const EMPTY_STATS: TReviewStats = {
  reviewCount: 0,
  ratingSum: 0,
  averageRating: 0,
  stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
};

/**
 * Cards from the counters (QR) and one aggregate (Google); the 12-month chart from one indexed
 * range query per source. `sources` says which sources the numbers include: QR only by default
 * (GET /api/users/stats keeps its meaning), every source for the dashboard.
 */
export async function getOwnerStats(
  deps: TDeps,
  ownerId: number,
  filter: TReviewSourceFilter = 'qr',
): Promise<TOwnerStats> {
  const sources = await sourcesOf(deps, ownerId, filter);
  const withQr = sources.includes('qr');
  const withGoogle = sources.includes('google');
  const now = deps.now();
  const [qr, google, qrMonths, googleMonths] = await Promise.all([
    withQr ? getOwnerReviewStats(deps.db, ownerId) : EMPTY_STATS,
    withGoogle ? getGoogleReviewStats(deps.db, ownerId) : EMPTY_STATS,
    withQr ? countOwnerReviewsByMonth(deps.db, ownerId, now) : undefined,
    withGoogle ? countGoogleReviewsByMonth(deps.db, ownerId, now) : undefined,
  ]);
  const keys = (qrMonths ?? googleMonths ?? (await countOwnerReviewsByMonth(deps.db, ownerId, now))).map(
    (m) => m.month,
  );
  const monthly = keys.map((month, i) => {
    const q = qrMonths?.[i];
    const g = googleMonths?.[i];
    const count = (q?.count ?? 0) + (g?.count ?? 0);
    const sum = (q ? q.averageRating * q.count : 0) + (g?.ratingSum ?? 0);
    return { month, count, averageRating: count ? oneDecimal(sum / count) : 0 };
  });
  const total = qr.reviewCount + google.reviewCount;
  const stars = {
    1: qr.stars[1] + google.stars[1],
    2: qr.stars[2] + google.stars[2],
    3: qr.stars[3] + google.stars[3],
    4: qr.stars[4] + google.stars[4],
    5: qr.stars[5] + google.stars[5],
  };
  const fiveStarCount = stars[5];
  return {
    totalReviews: total,
    averageRating: total ? oneDecimal((qr.ratingSum + google.ratingSum) / total) : 0,
    fiveStarCount,
    fiveStarPercent: total ? Math.round((fiveStarCount / total) * 100) : 0,
    stars,
    monthly,
    sources,
    bySource: {
      qr: { count: qr.reviewCount, averageRating: oneDecimal(qr.averageRating) },
      google: { count: google.reviewCount, averageRating: oneDecimal(google.averageRating) },
    },
  };
}

export async function listReviewsForOwner(
  deps: TDeps,
  ownerId: number,
  query: { page: number; limit: number; search?: string | undefined; source?: TReviewSourceFilter },
) {
  const { rows, total } = await listOwnerReviewsBySource(deps.db, ownerId, {
    ...query,
    sources: await sourcesOf(deps, ownerId, query.source ?? 'all'),
  });
  return {
    reviews: rows.map((row) =>
      row.source === 'qr'
        ? { ...toOwnerReview(row.review), source: 'qr' as const }
        : googleReviewToOwnerReview(row.review),
    ),
    meta: pageMeta(total, query.page, query.limit),
  };
}

/** Every review of the owner, newest first: the original client's one-call shape. */
export async function listAllReviewsForOwner(deps: TDeps, ownerId: number): Promise<TOwnerReview[]> {
  return (await listAllOwnerReviews(deps.db, ownerId)).map(toOwnerReview);
}

/** An owner only ever reaches its own reviews: another owner's id is simply not found. */
export async function getReviewForOwner(
  deps: TDeps,
  ownerId: number,
  reviewId: number,
  source: TReviewSource = 'qr',
): Promise<TOwnerReview> {
  if (source === 'google') return getGoogleReviewForOwner(deps, ownerId, reviewId);
  const review = await findReviewById(deps.db, reviewId);
  if (!review || review.ownerId !== ownerId) throw notFound('Review not found');
  return toOwnerReview(review);
}
