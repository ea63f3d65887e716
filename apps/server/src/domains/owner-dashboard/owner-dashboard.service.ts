import {
  PUBLIC_TEXTS,
  pageMeta,
  type TOwnerReview,
  type TOwnerSettings,
  type TOwnerStats,
} from '@starloop/contract';
import {
  findOwnerPasswordHash,
  findReviewById,
  getOwnerReviewStats,
  listAllOwnerReviews,
  listOwnerReviews,
  revokeSubjectSessions,
  type TReview,
  updateOwner,
} from '@starloop/db';
import { sql } from 'kysely';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { TDeps } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

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

const monthKey = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/** Cards from the counters; the 12-month chart from one indexed range query. */
export async function getOwnerStats(deps: TDeps, ownerId: number): Promise<TOwnerStats> {
  const now = deps.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const [stats, monthlyRows] = await Promise.all([
    getOwnerReviewStats(deps.db, ownerId),
    deps.db
      .selectFrom('reviews')
      .select([
        sql<string>`to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM')`.as('month'),
        sql<number>`count(*)::int`.as('count'),
        sql<number>`coalesce(avg(rating), 0)::float8`.as('averageRating'),
      ])
      .where('ownerId', '=', ownerId)
      .where('createdAt', '>=', from)
      .groupBy(sql`1`)
      .execute(),
  ]);
  const byMonth = new Map(monthlyRows.map((r) => [r.month, r]));
  const monthly = Array.from({ length: 12 }, (_, i) => {
    const key = monthKey(new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1)));
    const row = byMonth.get(key);
    return {
      month: key,
      count: row?.count ?? 0,
      averageRating: row ? Math.round(row.averageRating * 10) / 10 : 0,
    };
  });
  const fiveStarCount = stats.stars[5];
  return {
    totalReviews: stats.reviewCount,
    averageRating: Math.round(stats.averageRating * 10) / 10,
    fiveStarCount,
    fiveStarPercent: stats.reviewCount ? Math.round((fiveStarCount / stats.reviewCount) * 100) : 0,
    stars: stats.stars,
    monthly,
  };
}

export async function listReviewsForOwner(
  deps: TDeps,
  ownerId: number,
  query: { page: number; limit: number; search?: string | undefined },
) {
  const { rows, total } = await listOwnerReviews(deps.db, ownerId, query);
  return { reviews: rows.map(toOwnerReview), meta: pageMeta(total, query.page, query.limit) };
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
): Promise<TOwnerReview> {
  const review = await findReviewById(deps.db, reviewId);
  if (!review || review.ownerId !== ownerId) throw notFound('Review not found');
  return toOwnerReview(review);
}

export async function updateOwnerSettings(
  deps: TDeps,
  ownerId: number,
  patch: Partial<TOwnerSettings>,
): Promise<TOwnerSettings> {
  const owner = await updateOwner(deps.db, ownerId, patch);
  if (!owner) throw notFound('Owner not found');
  deps.reviewPageCache.clear();
  return {
    reviewFlow: owner.reviewFlow,
    notifyLowRatings: owner.notifyLowRatings,
    dailyDigest: owner.dailyDigest,
  };
}

export async function changeOwnerPassword(
  deps: TDeps,
  session: { ownerId: number; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<{ success: true; message: string }> {
  const current = await findOwnerPasswordHash(deps.db, session.ownerId);
  if (!(await verifyPassword(current, input.currentPassword))) {
    throw badRequest(PUBLIC_TEXTS.currentPasswordWrong, 'currentPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await updateOwner(trx, session.ownerId, { passwordHash });
    await revokeSubjectSessions(trx, 'owner', session.ownerId, deps.now());
    // This device stays signed in: un-revoke its own session.
    await trx
      .updateTable('authSessions')
      .set({ revokedAt: null })
      .where('id', '=', session.sessionId)
      .execute();
  });
  return { success: true, message: PUBLIC_TEXTS.passwordChanged };
}
