import { PAGE_SIZE } from '@starloop/contract';
import { definePagedList } from '../../../components/data-table/paged-list.ts';
import { choiceField, type TSearchField } from '../../../lib/search-params.ts';
import {
  AGENT_SORTS,
  AUDIT_ACTION_FILTERS,
  AUDIT_ACTOR_FILTERS,
  LEAD_SORTS,
  MANUAL_PAYMENT_SORTS,
  REVIEW_SORTS,
  USER_STATUS_FILTERS,
} from './list-values.ts';

/*
 * Every admin list: its URL params (page, search, sort, filters), page size and server call. Route
 * files spread `<list>.route`; screens call `usePagedList(<list>)`. Imported by route files: no
 * Mantine, no zod (see lib/search-params.ts).
 */

export const usersList = definePagedList((trpc, input) => trpc.admin.users.list.queryOptions(input), {
  limit: PAGE_SIZE.users,
  filters: { status: choiceField(USER_STATUS_FILTERS) },
});

export const reviewsList = definePagedList((trpc, input) => trpc.admin.reviews.list.queryOptions(input), {
  limit: PAGE_SIZE.reviews,
  sorts: REVIEW_SORTS,
});

export const paymentsList = definePagedList((trpc, input) => trpc.admin.payments.list.queryOptions(input), {
  limit: PAGE_SIZE.payments,
});

/** 'Search payments...' filters the loaded page (spec section 2). */
export const manualPaymentsList = definePagedList(
  (trpc, input) => trpc.admin.manualPayments.list.queryOptions(input),
  { limit: PAGE_SIZE.manualPayments, sorts: MANUAL_PAYMENT_SORTS, searchOnClient: true },
);

/** One answer with every admin; search and pages on the client (spec section 2). */
export const adminsList = definePagedList((trpc) => trpc.admin.admins.list.queryOptions(), {
  limit: PAGE_SIZE.admins,
  searchOnClient: true,
});

export const agentsList = definePagedList((trpc, input) => trpc.admin.agents.list.queryOptions(input), {
  limit: PAGE_SIZE.agents,
  sorts: AGENT_SORTS,
});

/** 'Search leads...' filters the loaded page (spec section 2). */
export const leadsList = definePagedList((trpc, input) => trpc.admin.leads.list.queryOptions(input), {
  limit: PAGE_SIZE.leads,
  sorts: LEAD_SORTS,
  searchOnClient: true,
});

/** A calendar day (YYYY-MM-DD) in the URL, else "not chosen". */
const dayField = (): TSearchField<string | undefined> => ({
  fallback: undefined,
  parse: (raw) => (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined),
});

/** The audit log (super admins): newest first, searched and filtered on the server, 20 a page. */
export const auditList = definePagedList((trpc, input) => trpc.admin.audit.list.queryOptions(input), {
  limit: 20,
  filters: {
    action: choiceField(AUDIT_ACTION_FILTERS),
    actorKind: choiceField(AUDIT_ACTOR_FILTERS),
    from: dayField(),
    to: dayField(),
  },
});
