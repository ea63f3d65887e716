import {
  LIMITS,
  pageMeta,
  type TAdminPayment,
  type TAdminPaymentsQuery,
  type TAdminPaymentsResponse,
} from '@starloop/contract';
import { getMetricTotals, listAdminPayments, type TAdminPaymentRow } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

export const toAdminPayment = (row: TAdminPaymentRow): TAdminPayment => ({
  id: row.id,
  // 0: a payment kept after its owner was purged (user reads 'Deleted account').
  userId: row.ownerId ?? 0,
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
  razorpaySignature: row.razorpaySignature?.slice(0, LIMITS.signatureDisplayChars) ?? null,
  createdAt: row.createdAt.toISOString(),
  needsRefund: row.needsRefund,
});

/**
 * Payments management list, newest first. Amounts and totalRevenue are PAISE (captured payments
 * only); the status counts cover every payment, whatever the search. The Razorpay signature is cut
 * here, not in the browser: the spec shows it cut, and the whole one is the checkout's proof of
 * payment (what verify takes).
 */
export async function listPayments(deps: TDeps, query: TAdminPaymentsQuery): Promise<TAdminPaymentsResponse> {
  const totals = await getMetricTotals(deps.db, ['payments:captured', 'payments:pending', 'payments:failed']);
  const page = await listAdminPayments(deps.db, query);
  return {
    success: true,
    payments: page.rows.map(toAdminPayment),
    meta: pageMeta(page.total, query.page, query.limit),
    totalRevenue: totals['payments:captured'].amount,
    paymentStatusCounts: {
      pending: totals['payments:pending'].count,
      failed: totals['payments:failed'].count,
      captured: totals['payments:captured'].count,
    },
  };
}
