import {
  pageMeta,
  type TOwnerReview,
  type TOwnerStats,
  type TReviewPageLanguage,
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
import { googleReviewActions, qrReviewActions } from '../reviews/review-actions.dto.ts';

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

/**
 * The dashboard's list, with what the review drawer acts on (language, case, email, contact).
 * `pageLanguage`: the branch's review page language, which reads a text with no letters and
 * Devanagari (Hindi or Marathi).
 */
export async function listReviewsForOwner(
  deps: TDeps,
  ownerId: number,
  query: { page: number; limit: number; search?: string | undefined; source?: TReviewSourceFilter },
  pageLanguage: TReviewPageLanguage | null = null,
) {
  const { rows, total } = await listOwnerReviewsBySource(deps.db, ownerId, {
    ...query,
    sources: await sourcesOf(deps, ownerId, query.source ?? 'all'),
  });
  const actions = await qrReviewActions(
    deps,
    rows.flatMap((row) => (row.source === 'qr' ? [row.review] : [])),
    pageLanguage,
  );
  return {
    reviews: rows.map((row) =>
      row.source === 'qr'
        ? { ...toOwnerReview(row.review), source: 'qr' as const, ...actions.get(Number(row.review.id)) }
        : { ...googleReviewToOwnerReview(row.review), ...googleReviewActions(row.review, pageLanguage) },
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
  pageLanguage: TReviewPageLanguage | null = null,
): Promise<TOwnerReview> {
  if (source === 'google') {
    const google = await getGoogleReviewForOwner(deps, ownerId, reviewId);
    return { ...google, ...googleReviewActions({ comment: google.message }, pageLanguage) };
  }
  const review = await findReviewById(deps.db, reviewId);
  if (!review || review.ownerId !== ownerId) throw notFound('Review not found');
  const actions = await qrReviewActions(deps, [review], pageLanguage);
  return { ...toOwnerReview(review), ...actions.get(Number(review.id)) };
}
