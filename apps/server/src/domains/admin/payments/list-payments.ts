import { DEFAULT_PAGE_SIZE, ZAdminPaymentsQuery, ZAdminPaymentsResponse } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listPayments } from './payments.service.ts';

/** Any admin. Razorpay payments, newest first; amounts in paise. */
export const listPaymentsOperation = adminListOperation({
  path: '/admin/payments',
  summary: `Razorpay payments, newest first (page, limit=${DEFAULT_PAGE_SIZE}, search). amount and totalRevenue are PAISE`,
  description:
    'search covers the order and payment ids and the owner (name, business, code, phone, email). totalRevenue counts captured payments only.',
  input: ZAdminPaymentsQuery.prefault({}),
  output: ZAdminPaymentsResponse,
  list: listPayments,
});
