import { istMonth } from '@starloop/contract/rules';
import { definePagedList } from '../../../components/data-table/paged-list.ts';
import { choiceField, type TSearchField } from '../../../lib/search-params.ts';

/*
 * The operator's books (issue 32 item 10): the invoices list's URL params (month, page, search,
 * type) and its server call, as admin-lists.ts declares the other admin lists. Imported by the
 * route file: no Mantine, no zod (see lib/search-params.ts).
 */

/** The server's page size (admin.invoices.list answers 50 a page). */
export const INVOICES_PAGE_SIZE = 50;

/** b2b: recipients with a GSTIN; b2c: without; not chosen: all of them. */
export const INVOICE_TYPE_FILTERS = ['b2b', 'b2c'] as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The current IST month, 'YYYY-MM': the books open on it. */
export const currentIstMonth = (now: Date = new Date()) => istMonth(now);

/** An IST month (YYYY-MM) in the URL, else "not chosen" (the current month). */
const monthField = (): TSearchField<string | undefined> => ({
  fallback: undefined,
  parse: (raw) => (typeof raw === 'string' && MONTH.test(raw) ? raw : undefined),
});

/**
 * A month's invoices and credit notes, searched and filtered on the server. The server takes no
 * `limit`: the input names what ZAdminInvoicesQuery reads, the month defaulting to the current one.
 */
export const invoicesList = definePagedList(
  (trpc, { page, search, month, type }) =>
    trpc.admin.invoices.list.queryOptions({
      month: month ?? currentIstMonth(),
      page,
      type: type ?? 'all',
      ...(search ? { search } : {}),
    }),
  {
    limit: INVOICES_PAGE_SIZE,
    filters: { month: monthField(), type: choiceField(INVOICE_TYPE_FILTERS) },
  },
);
