import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { pageAnswer, ZPageQuery } from '../list-query.ts';
import { countsOf, monthFigures } from '../schema-helpers.ts';
import { ZAdminUserCounts } from './users.ts';

/** The overview: stat cards, the monthly charts and the recent activity (spec sections 2 and 3). */

export const ZAdminStats = z.object({
  /** Owners that are not deleted. */
  totalUsers: z.number().int(),
  /** RUPEES: razorpay = captured paise / 100; manual = whole rupees; total = both. */
  revenue: z.object({ total: z.number(), razorpay: z.number(), manual: z.number() }),
  totalReviews: z.number().int(),
  /** Platform average, one decimal. */
  averageRating: z.number(),
  /** Ratings 1 to 3. */
  lowRatingCount: z.number().int(),
  /** Ratings 4 and 5. */
  highRatingCount: z.number().int(),
  manualOnboardedUsers: z.number().int(),
  users: ZAdminUserCounts,
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZAdminStatsResponse = z.object({ success: z.literal(true), stats: ZAdminStats });
export type TAdminStatsResponse = z.infer<typeof ZAdminStatsResponse>;

export const ZAdminCharts = z.object({
  /** The last 12 months, oldest first, in RUPEES. */
  revenueByMonth: z.array(z.object({ month: z.string(), razorpay: z.number(), manual: z.number() })),
  /** The last 12 months, oldest first. */
  reviewsByMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type TAdminCharts = z.infer<typeof ZAdminCharts>;

/** The overview's count of Google connections (owners not deleted). */
export const ZAdminGoogleCounts = countsOf(['connected', 'revoked', 'withErrors']);
export type TAdminGoogleCounts = z.infer<typeof ZAdminGoogleCounts>;

/** The platform's review requests this IST month, for the admin overview (`owners`: those that sent any). */
export const ZAdminRequestTotals = monthFigures(['requests', 'owners']);
export type TAdminRequestTotals = z.infer<typeof ZAdminRequestTotals>;

export const ZAdminOverview = ZAdminStatsResponse.extend({
  charts: ZAdminCharts,
  /** Owners connected to Google Business Profile (added with Google reviews). */
  google: ZAdminGoogleCounts.optional(),
  /** Review requests this month across the platform (added with review requests). */
  requests: ZAdminRequestTotals.optional(),
  /**
   * Billing (issue 32), in RUPEES: revenue before GST and the GST invoiced (net of credit notes);
   * MRR = paying branches x their plan's monthly price before GST; renewals due in 30 days.
   */
  billing: z
    .object({
      revenueBeforeTax: z.number(),
      gstCollected: z.number(),
      mrr: z.number(),
      payingBranches: z.number().int(),
      renewalsDue: z.number().int(),
    })
    .optional(),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

/** Activity has no search: page and limit only. */
export const ZAdminActivityQuery = ZPageQuery.pick({ page: true, limit: true });
export type TAdminActivityQuery = z.infer<typeof ZAdminActivityQuery>;

export const ZAdminActivity = z.object({
  type: z.string(),
  message: z.string(),
  code: z.string().nullable(),
  createdAt: ZIsoDate,
});
export const ZAdminActivityResponse = pageAnswer('activities', ZAdminActivity);
export type TAdminActivityResponse = z.infer<typeof ZAdminActivityResponse>;
