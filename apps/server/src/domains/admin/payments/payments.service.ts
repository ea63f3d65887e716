import { pageMeta, type TAdminPaymentsQuery, type TAdminPaymentsResponse } from '@starloop/contract';
import { getMetricTotals, listAdminPayments } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

/**
 * Payments management list, newest first. Amounts and totalRevenue are PAISE (captured payments
 * only); the status counts cover every payment, whatever the search.
 */
export async function listPayments(deps: TDeps, query: TAdminPaymentsQuery): Promise<TAdminPaymentsResponse> {
  const totals = await getMetricTotals(deps.db, ['payments:captured', 'payments:pending', 'payments:failed']);
  const all =
    totals['payments:captured'].count + totals['payments:pending'].count + totals['payments:failed'].count;
  const page = await listAdminPayments(
    deps.db,
    { page: query.page, limit: query.limit, search: query.search },
    all,
  );
  return {
    success: true,
    payments: page.rows.map((row) => ({
      id: row.id,
      userId: row.ownerId,
      user: {
        name: row.ownerName,
        businessName: row.businessName,
        code: row.code,
        contactNumber: row.contactNumber,
      },
      plan: row.plan,
      purpose: row.purpose,
      amount: row.amount,
      status: row.status,
      paymentMethod: row.paymentMethod,
      razorpayOrderId: row.razorpayOrderId,
      razorpayPaymentId: row.razorpayPaymentId,
      razorpaySignature: row.razorpaySignature,
      createdAt: row.createdAt.toISOString(),
    })),
    meta: pageMeta(page.total, query.page, query.limit),
    totalRevenue: totals['payments:captured'].amount,
    paymentStatusCounts: {
      pending: totals['payments:pending'].count,
      failed: totals['payments:failed'].count,
      captured: totals['payments:captured'].count,
    },
  };
}
