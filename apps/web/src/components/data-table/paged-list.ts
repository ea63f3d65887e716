import type { TRouterContext } from '../../lib/router-context.ts';
import {
  choiceField,
  intField,
  searchSchema,
  type TSearchOf,
  type TSearchSchema,
  type TSearchShape,
  textField,
} from '../../lib/search-params.ts';
import type { TTrpc } from '../../lib/trpc.ts';
import { sortParams, type TSortOrder } from './sort.ts';

/*
 * One admin (or owner) list, declared once: its URL search params, page size and server call.
 * Route files spread `list.route` (validateSearch, default stripping, loader); the screen calls
 * `usePagedList(list)`. This module is imported by route files, so it stays free of Mantine and zod.
 */

const SORT_ORDERS = ['asc', 'desc'] as const satisfies readonly TSortOrder[];

/** What every list sends: the page, its size, the trimmed search and the sort when one is chosen. */
export interface TListInput<K extends string> {
  page: number;
  limit: number;
  search?: string;
  sortBy?: K;
  sortOrder?: TSortOrder;
}

/** A list without filters. */
type TNoFilters = Record<never, never>;

type TBaseShape<K extends string> = {
  page: ReturnType<typeof intField>;
  search: ReturnType<typeof textField>;
  sortBy: ReturnType<typeof choiceField<K>>;
  sortOrder: ReturnType<typeof choiceField<TSortOrder>>;
};

export type TListSearch<K extends string = string, F extends TSearchShape = TNoFilters> = TSearchOf<
  TBaseShape<K> & F
>;

export interface TListOptions<K extends string, F extends TSearchShape, O> {
  limit: number;
  /** The server's sort fields; a click on a header sends sortBy/sortOrder. */
  sorts?: readonly K[];
  /** Filters beside the search box (e.g. the users' status), sent as they are. */
  filters?: F;
  /** The search box filters the loaded rows instead of asking the server (spec: leads, manual payments, admins). */
  searchOnClient?: boolean;
  /** The tRPC query options for one page, e.g. `(trpc, input) => trpc.admin.users.list.queryOptions(input)`. */
  query: (trpc: TTrpc, input: TListInput<K> & Partial<TSearchOf<F>>) => O;
}

export interface TPagedList<K extends string, F extends TSearchShape, O> {
  limit: number;
  searchOnClient: boolean;
  schema: TSearchSchema<TBaseShape<K> & F>;
  /** The server call's input for these search params. */
  input: (search: TListSearch<K, F>) => TListInput<K> & Partial<TSearchOf<F>>;
  queryOptions: (trpc: TTrpc, search: TListSearch<K, F>) => O;
  /** Spread into createFileRoute(...): validated params, defaults kept out of the URL, data preloaded. */
  route: {
    validateSearch: TSearchSchema<TBaseShape<K> & F>['validate'];
    search: { middlewares: [TSearchSchema<TBaseShape<K> & F>['strip']] };
    loaderDeps: (options: { search: TListSearch<K, F> }) => TListSearch<K, F>;
    loader: (options: { context: TRouterContext; deps: TListSearch<K, F> }) => void;
  };
}

export function definePagedList<
  O extends { queryKey: readonly unknown[] },
  K extends string = never,
  F extends TSearchShape = TNoFilters,
>(query: TListOptions<K, F, O>['query'], options: Omit<TListOptions<K, F, O>, 'query'>): TPagedList<K, F, O> {
  const filters = (options.filters ?? {}) as F;
  const shape = {
    page: intField(1),
    search: textField(),
    sortBy: choiceField<K>(options.sorts ?? []),
    sortOrder: choiceField(SORT_ORDERS, 'asc'),
    ...filters,
  } as TBaseShape<K> & F;
  const schema = searchSchema(shape);
  const searchOnClient = options.searchOnClient ?? false;

  const input = (search: TListSearch<K, F>) => {
    const text = searchOnClient ? '' : search.search.trim();
    const chosen = Object.fromEntries(
      Object.keys(filters)
        .map((key) => [key, (search as Record<string, unknown>)[key]] as const)
        .filter(([, value]) => value !== undefined),
    ) as Partial<TSearchOf<F>>;
    return {
      page: search.page,
      limit: options.limit,
      ...(text ? { search: text } : {}),
      ...sortParams(search.sortBy ? { column: search.sortBy, order: search.sortOrder } : null),
      ...chosen,
    };
  };
  const queryOptions = (trpc: TTrpc, search: TListSearch<K, F>) => query(trpc, input(search));

  return {
    limit: options.limit,
    searchOnClient,
    schema,
    input,
    queryOptions,
    route: {
      validateSearch: schema.validate,
      search: { middlewares: [schema.strip] },
      loaderDeps: ({ search }) => search,
      // Starts the page's request on navigation and on hover (defaultPreload: 'intent') without
      // waiting for it: skeletons, error boxes and Retry stay the screen's job.
      loader: ({ context, deps }) => {
        context.queryClient.ensureQueryData(queryOptions(context.trpc, deps) as never).catch(() => undefined);
      },
    },
  };
}
