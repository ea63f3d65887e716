import { CASE_CHANNELS, CASE_STATUS_FILTERS, type TCaseStatusFilter } from '@starloop/contract/rules';
import { definePagedList, definePagedRoute } from '../../../components/data-table/paged-list.ts';
import type { TRouterContext } from '../../../lib/router-context.ts';
import { choiceField, flagField, optionalIntField, type TSearchOf } from '../../../lib/search-params.ts';

/*
 * The inbox's state in the URL: its filters (`?status=all&rating=1&channel=request&overdue=true`),
 * the page, and the open case (`?case=12`, the link alerts email). Imported by the route file: no
 * Mantine, no zod (see lib/search-params.ts).
 */

/** Cases a page. */
export const INBOX_PAGE_SIZE = 20;

/** The status filter as the URL spells it: the server's filters, and 'all' (none). Default 'open'. */
export const INBOX_STATUS_VALUES = [...CASE_STATUS_FILTERS, 'all'] as const;
export type TInboxStatus = (typeof INBOX_STATUS_VALUES)[number];

export const INBOX_FILTERS = {
  status: choiceField(INBOX_STATUS_VALUES, 'open'),
  businessId: optionalIntField(),
  assigneeId: optionalIntField(),
  rating: optionalIntField(1, 5),
  channel: choiceField(CASE_CHANNELS),
  overdue: flagField(),
};
export type TInboxFilters = TSearchOf<typeof INBOX_FILTERS>;

/** The filters as owner.cases.list takes them ('all' is no status filter). */
export function casesQuery(page: number, filters: Partial<TInboxFilters>) {
  const status: TCaseStatusFilter | undefined =
    filters.status === 'all' ? undefined : (filters.status ?? 'open');
  return {
    page,
    limit: INBOX_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(filters.businessId !== undefined ? { businessId: filters.businessId } : {}),
    ...(filters.assigneeId !== undefined ? { assigneeId: filters.assigneeId } : {}),
    ...(filters.rating !== undefined ? { rating: filters.rating } : {}),
    ...(filters.channel !== undefined ? { channel: filters.channel } : {}),
    ...(filters.overdue ? { overdue: true } : {}),
  };
}

export const inboxList = definePagedList(
  (trpc, input) => trpc.owner.cases.list.queryOptions(casesQuery(input.page, input)),
  { limit: INBOX_PAGE_SIZE, filters: INBOX_FILTERS },
);

const inboxPaged = definePagedRoute([inboxList], { params: { case: optionalIntField() } });
export type TInboxSearch = ReturnType<typeof inboxPaged.schema.validate>;

/** Spread into the route: the list's params and `case`; the loader starts the page and the open case. */
export const inboxRoute = {
  ...inboxPaged.route,
  loader: (options: { context: TRouterContext; deps: TInboxSearch }) => {
    inboxPaged.route.loader(options);
    const id = options.deps.case;
    if (id === undefined) return;
    const { queryClient, trpc } = options.context;
    queryClient.ensureQueryData(trpc.owner.cases.get.queryOptions({ id })).catch(() => undefined);
  },
};
