import {
  MANUAL_PAYMENT_METHODS,
  pageMeta,
  type TAdminManualPayment,
  type TAdminManualPaymentsQuery,
  type TAdminManualPaymentsResponse,
} from '@starloop/contract';
import { getMetricTotals, listAdminManualPayments, type TAdminManualPaymentRow } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

const METRICS = MANUAL_PAYMENT_METHODS.map((method) => `manual:${method}` as const);

export const toAdminManualPayment = (row: TAdminManualPaymentRow): TAdminManualPayment => ({
  id: row.id,
  amount: row.amount,
  paymentMethod: row.paymentMethod,
  status: row.status,
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  users: row.owners.map((owner) => ({ user: owner })),
});

/**
 * Manual payments list (whole rupees), with every method's count and the total revenue of all
 * manual payments, whatever the search.
 */
export async function listManualPayments(
  deps: TDeps,
  query: TAdminManualPaymentsQuery,
): Promise<TAdminManualPaymentsResponse> {
  const totals = await getMetricTotals(deps.db, METRICS);
  const page = await listAdminManualPayments(deps.db, query);
  return {
    success: true,
    payments: page.rows.map(toAdminManualPayment),
    totalRevenue: METRICS.reduce((sum, metric) => sum + totals[metric].amount, 0),
    paymentMethodCounts: MANUAL_PAYMENT_METHODS.map((paymentMethod) => ({
      paymentMethod,
      count: totals[`manual:${paymentMethod}`].count,
    })),
    meta: pageMeta(page.total, query.page, query.limit),
  };
}
