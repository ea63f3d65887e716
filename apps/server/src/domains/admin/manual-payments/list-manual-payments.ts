import {
  DEFAULT_PAGE_SIZE,
  ZAdminManualPaymentsQuery,
  ZAdminManualPaymentsResponse,
} from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listManualPayments } from './manual-payments.service.ts';

/** Any admin. Manual payments (whole rupees) with their linked owners, searchable and sortable. */
export const listManualPaymentsOperation = adminListOperation({
  path: '/admin/manual-payments',
  summary: `Manual payments in whole RUPEES (page, limit=${DEFAULT_PAGE_SIZE}, search, sortBy id|amount|paymentMethod|createdAt, sortOrder)`,
  description:
    'search covers notes, email, method and the linked owners. totalRevenue and paymentMethodCounts cover all manual payments.',
  input: ZAdminManualPaymentsQuery.prefault({}),
  output: ZAdminManualPaymentsResponse,
  list: listManualPayments,
});
