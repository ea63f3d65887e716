import {
  ACCOUNT_TEXTS,
  branchInScope,
  istDay,
  istDayStart,
  pageMeta,
  type TAccountAnswer,
  type TAccountBranch,
  type TAccountRequests,
  type TAccountRequestsQuery,
  type TAccountReviews,
  type TAccountReviewsQuery,
  type TBranchFigures,
  type TBranchFiguresAnswer,
  type TBranchFiguresQuery,
  TREND_DAYS_MAX,
} from '@starloop/contract';
import {
  branchCounts,
  branchDays,
  findAccountById,
  listAccountBusinesses,
  listBranchRequests,
  listBranchReviewsBySource,
  listGoogleConnectedOwnerIds,
  type TBranchCounts,
  type TOwnerPublic,
} from '@starloop/db';
import type { TAccountSession } from '../../../auth/authenticate.ts';
import type { TDeps } from '../../../context.ts';
import { AppError, badRequest, foundOr404 } from '../../../lib/errors.ts';
import { toOwnerReview } from '../dashboard/dashboard.service.ts';
import { googleReviewToOwnerReview } from '../google/google-review.dto.ts';

const DAY_MS = 86_400_000;
/** The All branches view reads at most a year at once. */
const MAX_RANGE_DAYS = 366;
/** Without a range: the last 30 IST days, today included. */
const DEFAULT_RANGE_DAYS = 30;

/** A business as the partner API shows a branch. */
export const toAccountBranch = (owner: TOwnerPublic): TAccountBranch => ({
  id: owner.id,
  businessName: owner.businessName,
  code: owner.code,
  city: owner.city,
  state: owner.state,
  status: owner.status,
  plan: owner.plan,
  subscriptionEnd: owner.subscriptionEnd ? new Date(owner.subscriptionEnd).toISOString() : null,
});

/** The live branches the caller may use: all of the account's for owners, their own for others. */
async function branchesInScope(deps: Pick<TDeps, 'db'>, session: TAccountSession): Promise<TOwnerPublic[]> {
  const all = await listAccountBusinesses(deps.db, session.membership.accountId);
  return all.filter((b) => !b.deletedAt && branchInScope(session.membership.businessIds, b.id));
}

/** GET /api/v1/account: the account, the caller's role and the branches they can see. */
export async function getAccount(deps: Pick<TDeps, 'db'>, session: TAccountSession): Promise<TAccountAnswer> {
  const account = foundOr404(
    await findAccountById(deps.db, session.membership.accountId),
    'Account not found',
  );
  const branches = await branchesInScope(deps, session);
  return {
    account: {
      id: account.id,
      name: account.name,
      // One plan for the whole account: its branches share it (decisions.md, Accounts).
      plan: session.owner.plan,
      createdAt: new Date(account.createdAt).toISOString(),
    },
    role: session.membership.role,
    currentBusinessId: session.owner.id,
    branches: branches.map(toAccountBranch),
  };
}

/** IST days `from`..`to` (inclusive) and the instants that bound them; 400 when reversed or too long. */
export function figuresRange(query: TBranchFiguresQuery, now: Date) {
  const toDay = query.to ?? istDay(now);
  const fromDay =
    query.from ?? istDay(new Date(istDayStart(toDay).getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  const from = istDayStart(fromDay);
  const to = new Date(istDayStart(toDay).getTime() + DAY_MS);
  if (from >= to) throw badRequest('The start date must not be after the end date', 'from');
  if ((to.getTime() - from.getTime()) / DAY_MS > MAX_RANGE_DAYS) {
    throw badRequest(`Choose at most ${MAX_RANGE_DAYS} days`, 'from');
  }
  return { fromDay, toDay, from, to };
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);
const average = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 100) / 100 : 0);

/**
 * Figures from counts. Conversions never pass 100%: a review left through a request's link counts
 * for requests, the others for page scans, and neither is over its own denominator.
 */
export function figuresOf(counts: Omit<TBranchCounts, 'ownerId'>): TBranchFigures {
  const scanReviews = counts.reviews - counts.fromRequests;
  return {
    reviews: counts.reviews,
    averageRating: average(counts.ratingSum, counts.reviews),
    positiveShare: share(counts.positive, counts.reviews),
    lowRatings: counts.low,
    replyRate: share(counts.replied, counts.withMessage),
    requestsSent: counts.requestsSent,
    requestReviews: counts.fromRequests,
    requestConversion: share(Math.min(counts.fromRequests, counts.requestsSent), counts.requestsSent),
    scans: counts.scans,
    scanReviews,
    scanConversion: share(Math.min(scanReviews, counts.scans), counts.scans),
  };
}

const sumCounts = (rows: TBranchCounts[]): Omit<TBranchCounts, 'ownerId'> =>
  rows.reduce(
    (total, row) => ({
      reviews: total.reviews + row.reviews,
      ratingSum: total.ratingSum + row.ratingSum,
      positive: total.positive + row.positive,
      low: total.low + row.low,
      withMessage: total.withMessage + row.withMessage,
      replied: total.replied + row.replied,
      fromRequests: total.fromRequests + row.fromRequests,
      requestsSent: total.requestsSent + row.requestsSent,
      scans: total.scans + row.scans,
    }),
    {
      reviews: 0,
      ratingSum: 0,
      positive: 0,
      low: 0,
      withMessage: 0,
      replied: 0,
      fromRequests: 0,
      requestsSent: 0,
      scans: 0,
    },
  );

/** GET /api/v1/account/branches: per-branch figures over a range (IST days), their trend, the totals. */
export async function getBranchFigures(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
  query: TBranchFiguresQuery,
): Promise<TBranchFiguresAnswer> {
  const range = figuresRange(query, deps.now());
  // A year of days for 50 branches is 18,250 points: long ranges trend by week.
  const trendUnit = (range.to.getTime() - range.from.getTime()) / DAY_MS > TREND_DAYS_MAX ? 'week' : 'day';
  const branches = await branchesInScope(deps, session);
  const ids = branches.map((b) => b.id);
  const [counts, days] = await Promise.all([
    branchCounts(deps.db, ids, range),
    branchDays(deps.db, ids, range, trendUnit),
  ]);
  const countsOf = new Map(counts.map((c) => [c.ownerId, c]));
  const trendOf = new Map<number, TBranchFiguresAnswer['branches'][number]['trend']>();
  for (const day of days) {
    const trend = trendOf.get(day.ownerId) ?? [];
    trend.push({ day: day.day, reviews: day.reviews, averageRating: average(day.ratingSum, day.reviews) });
    trendOf.set(day.ownerId, trend);
  }
  return {
    from: range.fromDay,
    to: range.toDay,
    trendUnit,
    branches: branches.map((b) => ({
      id: b.id,
      businessName: b.businessName,
      code: b.code,
      city: b.city,
      figures: figuresOf(countsOf.get(b.id)!),
      trend: trendOf.get(b.id) ?? [],
    })),
    totals: figuresOf(sumCounts(counts)),
  };
}

/** The branches a list reads: all the caller can see, or the one asked for (403 outside their scope). */
async function chosenBranches(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
  businessId: number | undefined,
): Promise<TOwnerPublic[]> {
  const branches = await branchesInScope(deps, session);
  if (businessId === undefined) return branches;
  const chosen = branches.filter((b) => b.id === businessId);
  if (chosen.length === 0) throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.branchForbidden);
  return chosen;
}

/**
 * GET /api/v1/account/reviews: the reviews of every branch the caller can see, or of one of them
 * (`businessId`, 403 outside their branches), newest first, each with its branch. Google reviews
 * are included for branches with a connection when the server has Google on, as on the dashboard.
 */
export async function listAccountReviews(
  deps: Pick<TDeps, 'db' | 'config'>,
  session: TAccountSession,
  query: TAccountReviewsQuery,
): Promise<TAccountReviews> {
  const branches = await branchesInScope(deps, session);
  const chosen =
    query.businessId === undefined ? branches : branches.filter((b) => b.id === query.businessId);
  if (query.businessId !== undefined && chosen.length === 0) {
    throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.branchForbidden);
  }
  const names = new Map(chosen.map((b) => [b.id, b.businessName]));
  const ids = chosen.map((b) => b.id);
  const source = query.source ?? 'all';
  const { rows, total } = await listBranchReviewsBySource(
    deps.db,
    {
      qr: source === 'google' ? [] : ids,
      // Google's reviews of the branches connected to it, when the server has Google on (as the dashboard).
      google:
        source !== 'qr' && deps.config.google.enabled ? await listGoogleConnectedOwnerIds(deps.db, ids) : [],
    },
    { page: query.page, limit: query.limit, search: query.search },
  );
  return {
    reviews: rows.map((row) => {
      const review =
        row.source === 'qr'
          ? { ...toOwnerReview(row.review), source: 'qr' as const }
          : { ...googleReviewToOwnerReview(row.review), source: 'google' as const };
      return { ...review, businessId: row.review.ownerId, businessName: names.get(row.review.ownerId) ?? '' };
    }),
    meta: pageMeta(total, query.page, query.limit),
  };
}

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * GET /api/v1/account/requests: the review requests of every branch the caller can see, or of one
 * (`businessId`, 403 outside their branches), newest first, each with its branch.
 */
export async function listAccountRequests(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
  query: TAccountRequestsQuery,
): Promise<TAccountRequests> {
  const chosen = await chosenBranches(deps, session, query.businessId);
  const names = new Map(chosen.map((b) => [b.id, b.businessName]));
  const { rows, total } = await listBranchRequests(
    deps.db,
    chosen.map((b) => b.id),
    { page: query.page, limit: query.limit, status: query.status },
  );
  return {
    requests: rows.map((r) => ({
      id: r.id,
      businessId: r.ownerId,
      businessName: names.get(r.ownerId) ?? '',
      contactName: r.contactName,
      campaignName: r.campaignName,
      category: r.category,
      status: r.status,
      channel: r.channel,
      sendAt: r.sendAt.toISOString(),
      sentAt: isoOrNull(r.sentAt),
      clicks: r.clicks,
      rating: r.rating,
      reviewedAt: isoOrNull(r.reviewedAt),
      createdAt: r.createdAt.toISOString(),
    })),
    meta: pageMeta(total, query.page, query.limit),
  };
}
