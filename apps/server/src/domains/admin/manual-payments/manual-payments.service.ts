import {
  MANUAL_PAYMENT_METHODS,
  pageMeta,
  type TAdminManualPaymentsQuery,
  type TAdminManualPaymentsResponse,
} from '@starloop/contract';
import { getMetricTotals, listAdminManualPayments } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

const METRICS = MANUAL_PAYMENT_METHODS.map((method) => `manual:${method}` as const);

/**
 * Manual payments list (whole rupees), with every method's count and the total revenue of all
 * manual payments, whatever the search.
 */
export async function listManualPayments(
  deps: TDeps,
  query: TAdminManualPaymentsQuery,
): Promise<TAdminManualPaymentsResponse> {
  const totals = await getMetricTotals(deps.db, METRICS);
  const all = METRICS.reduce((sum, metric) => sum + totals[metric].count, 0);
  const page = await listAdminManualPayments(
    deps.db,
    {
      page: query.page,
      limit: query.limit,
      search: query.search,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
    },
    all,
  );
  return {
    success: true,
    payments: page.rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      paymentMethod: row.paymentMethod,
      status: row.status,
      notes: row.notes,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      users: row.owners.map((owner) => ({ user: owner })),
    })),
    totalRevenue: METRICS.reduce((sum, metric) => sum + totals[metric].amount, 0),
    paymentMethodCounts: MANUAL_PAYMENT_METHODS.map((paymentMethod) => ({
      paymentMethod,
      count: totals[`manual:${paymentMethod}`].count,
    })),
    meta: pageMeta(page.total, query.page, query.limit),
  };
}
