import {
  isLowRating,
  isPositiveRating,
  istMonth,
  pageMeta,
  paiseToRupees,
  resolveRegistrationPlan,
  rupeesToPaise,
  type TAdminActivityQuery,
  type TAdminActivityResponse,
  type TAdminCharts,
  type TAdminOverview,
  type TAdminStatsResponse,
} from '@starloop/contract';
import {
  countGoogleConnections,
  getMonthlyTotals,
  getPlatformCounters,
  getPlatformReviewStats,
  listActivityPage,
  platformRequestUsage,
  subscriptionFigures,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';

/** Paise to rupees, to the paisa. */
const rupees = paiseToRupees;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
/** How many reviews have a number of stars that passes `test` (per-star counts 1 to 5). */
const starsWhere = (stars: Record<number, number>, test: (rating: number) => boolean) =>
  Object.entries(stars).reduce((sum, [rating, count]) => (test(Number(rating)) ? sum + count : sum), 0);

/**
 * The overview's stat cards, from counters only: platform counters (owners, revenue) and the
 * per-owner review counters (reviews). Revenue is in RUPEES: razorpay = captured paise / 100,
 * manual = whole rupees.
 */
export async function getAdminStats(deps: TDeps): Promise<TAdminStatsResponse> {
  const [counters, reviews] = await Promise.all([
    getPlatformCounters(deps.db, deps.now()),
    getPlatformReviewStats(deps.db),
  ]);
  const razorpayPaise = counters.payments.captured.amount;
  const manualRupees = Object.values(counters.manual).reduce((sum, m) => sum + m.amount, 0);
  return {
    success: true,
    stats: {
      totalUsers: counters.owners.total,
      revenue: {
        total: rupees(razorpayPaise + rupeesToPaise(manualRupees)),
        razorpay: rupees(razorpayPaise),
        manual: manualRupees,
      },
      totalReviews: reviews.reviewCount,
      averageRating: oneDecimal(reviews.averageRating),
      lowRatingCount: starsWhere(reviews.stars, isLowRating),
      highRatingCount: starsWhere(reviews.stars, isPositiveRating),
      manualOnboardedUsers: counters.owners.manualOnboarded,
      users: counters.owners,
    },
  };
}

/** The last 12 months (UTC), oldest first: revenue in rupees and review counts. */
export async function getAdminCharts(deps: TDeps): Promise<TAdminCharts> {
  const months = await getMonthlyTotals(deps.db, deps.now(), 12);
  return {
    revenueByMonth: months.map((m) => ({
      month: m.month,
      razorpay: rupees(m.razorpayAmount),
      manual: m.manualAmount,
    })),
    reviewsByMonth: months.map((m) => ({ month: m.month, count: m.reviews })),
  };
}

export async function getAdminOverview(deps: TDeps): Promise<TAdminOverview> {
  const month = istMonth(deps.now());
  const [stats, charts, google, requests, billing] = await Promise.all([
    getAdminStats(deps),
    getAdminCharts(deps),
    countGoogleConnections(deps.db),
    platformRequestUsage(deps.db, month),
    getBillingFigures(deps),
  ]);
  return {
    ...stats,
    charts,
    google,
    requests: { month, ...requests },
    billing: { ...billing, revenueBeforeTax: stats.stats.revenue.total - billing.gstCollected },
  };
}

/** GST invoiced (counters), MRR before GST and renewals due in 30 days; rupees. */
async function getBillingFigures(deps: TDeps) {
  const now = deps.now();
  const [counters, plans] = await Promise.all([
    getPlatformCounters(deps.db, now),
    subscriptionFigures(deps.db, now),
  ]);
  return {
    gstCollected: rupees(counters.gstCollected),
    mrr: plans.reduce((sum, p) => sum + p.paying * resolveRegistrationPlan(p.plan).price, 0),
    payingBranches: plans.reduce((sum, p) => sum + p.paying, 0),
    renewalsDue: plans.reduce((sum, p) => sum + p.due, 0),
  };
}

/** Recent activity, newest first, paged. */
export async function listAdminActivity(
  deps: TDeps,
  query: TAdminActivityQuery,
): Promise<TAdminActivityResponse> {
  const page = await listActivityPage(deps.db, query);
  return {
    success: true,
    activities: page.rows.map((row) => ({
      type: row.type,
      message: row.message,
      code: row.code,
      createdAt: row.createdAt.toISOString(),
    })),
    meta: pageMeta(page.total, query.page, query.limit),
  };
}
