import {
  ADMIN_USER_STATUS_FILTERS,
  type TAdminManualPaymentsQuery,
  type TAdminReviewsQuery,
  type TAgentSortField,
  type TLeadSortField,
} from '@starloop/contract';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS } from '@starloop/contract/audit-values';

/*
 * The values the admin lists accept in the URL. The contract keeps these lists next to its zod
 * schemas, and route files must not pull zod into the entry chunk (see lib/search-params.ts), so
 * they are spelled out here; `every` makes a missing or unknown value a compile error. The audit
 * log's long lists come from the contract's zod-free module instead, and the users' status filter
 * from its zod-free constants.
 */
function every<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([T] extends [L[number]] ? unknown : 'lists every value'),
  ) => list;
}

export const USER_STATUS_FILTERS = ADMIN_USER_STATUS_FILTERS;
export const AGENT_SORTS = every<TAgentSortField>()([
  'code',
  'name',
  'email',
  'phone',
  'status',
  'users',
  'createdAt',
]);
export const LEAD_SORTS = every<TLeadSortField>()(['id', 'name', 'email', 'source', 'status', 'createdAt']);
export const REVIEW_SORTS = every<TAdminReviewsQuery['sortBy']>()(['createdAt', 'rating']);
export const MANUAL_PAYMENT_SORTS = every<TAdminManualPaymentsQuery['sortBy']>()([
  'id',
  'amount',
  'paymentMethod',
  'createdAt',
]);

/** The audit log's filters (super admins): every action the trail records, and who acted. */
export const AUDIT_ACTION_FILTERS = AUDIT_ACTIONS;
export const AUDIT_ACTOR_FILTERS = AUDIT_ACTOR_KINDS;
