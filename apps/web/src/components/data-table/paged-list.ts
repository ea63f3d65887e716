import type { TRouterContext } from '../../lib/router-context.ts';
import {
  choiceField,
  intField,
  searchSchema,
  type TSearchField,
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

/** A param's name in the URL: `page`, or `campaignsPage` for a list with the prefix 'campaigns'. */
type TParamName<Key extends string, P extends string> = P extends '' ? Key : `${P}${Capitalize<Key>}`;

/** A list's fields under their URL names. */
export type TPrefixed<S, P extends string> = { [Key in keyof S & string as TParamName<Key, P>]: S[Key] };

type TUrlShape<K extends string, F extends TSearchShape, P extends string> = TPrefixed<TBaseShape<K> & F, P>;

/** A list's values as the route validates them: under their URL names (see `prefix`). */
export type TListParams<
  K extends string = string,
  F extends TSearchShape = TNoFilters,
  P extends string = '',
> = TSearchOf<TUrlShape<K, F, P>>;

export interface TListOptions<K extends string, F extends TSearchShape, O, P extends string = ''> {
  limit: number;
  /**
   * Names the list's params `<prefix>Page`, `<prefix>Search`, ... in the URL (e.g. 'campaigns':
   * `campaignsPage`), so that two lists can share one route (see definePagedRoute). Default: none.
   */
  prefix?: P;
  /** The server's sort fields; a click on a header sends sortBy/sortOrder. */
  sorts?: readonly K[];
  /** Filters beside the search box (e.g. the users' status), sent as they are. */
  filters?: F;
  /** The search box filters the loaded rows instead of asking the server (spec: leads, manual payments, admins). */
  searchOnClient?: boolean;
  /** The tRPC query options for one page, e.g. `(trpc, input) => trpc.admin.users.list.queryOptions(input)`. */
  query: (trpc: TTrpc, input: TListInput<K> & Partial<TSearchOf<F>>) => O;
}

export interface TPagedList<K extends string, F extends TSearchShape, O, P extends string = ''> {
  limit: number;
  searchOnClient: boolean;
  /** The list's URL params (with the prefix, if any) and how each is read. */
  shape: TUrlShape<K, F, P>;
  schema: TSearchSchema<TUrlShape<K, F, P>>;
  /** The list's values from the URL's params (validated or raw; other params are ignored). */
  read: (params: Record<string, unknown>) => TListSearch<K, F>;
  /** A change to the list's values, under their URL names. */
  write: (patch: Partial<TListSearch<K, F>>) => Partial<TListParams<K, F, P>>;
  /** The server call's input for these search params. */
  input: (search: TListSearch<K, F>) => TListInput<K> & Partial<TSearchOf<F>>;
  queryOptions: (trpc: TTrpc, search: TListSearch<K, F>) => O;
  /** Spread into createFileRoute(...): validated params, defaults kept out of the URL, data preloaded. */
  route: {
    validateSearch: TSearchSchema<TUrlShape<K, F, P>>['validate'];
    search: { middlewares: [TSearchSchema<TUrlShape<K, F, P>>['strip']] };
    loaderDeps: (options: { search: TListParams<K, F, P> }) => TListParams<K, F, P>;
    loader: (options: { context: TRouterContext; deps: TListParams<K, F, P> }) => void;
  };
}

export function definePagedList<
  O extends { queryKey: readonly unknown[] },
  K extends string = never,
  F extends TSearchShape = TNoFilters,
  P extends string = '',
>(
  query: TListOptions<K, F, O, P>['query'],
  options: Omit<TListOptions<K, F, O, P>, 'query'>,
): TPagedList<K, F, O, P> {
  const filters = (options.filters ?? {}) as F;
  const fields = {
    page: intField(1),
    search: textField(),
    sortBy: choiceField<K>(options.sorts ?? []),
    sortOrder: choiceField(SORT_ORDERS, 'asc'),
    ...filters,
  } as TBaseShape<K> & F;
  const keys = Object.keys(fields);
  const prefix: string = options.prefix ?? '';
  const param = (key: string) => (prefix ? `${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}` : key);
  const field = (key: string) => (fields as Record<string, TSearchField<unknown>>)[key];
  const shape = Object.fromEntries(keys.map((key) => [param(key), field(key)])) as TUrlShape<K, F, P>;
  const schema = searchSchema(shape);
  const read = (params: Record<string, unknown>) =>
    Object.fromEntries(keys.map((key) => [key, field(key)?.parse(params[param(key)])])) as TListSearch<K, F>;
  const write = (patch: Partial<TListSearch<K, F>>) =>
    Object.fromEntries(Object.entries(patch).map(([key, value]) => [param(key), value])) as Partial<
      TListParams<K, F, P>
    >;
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
    shape,
    schema,
    read,
    write,
    input,
    queryOptions,
    route: {
      validateSearch: schema.validate,
      search: { middlewares: [schema.strip] },
      loaderDeps: ({ search }) => search,
      // Starts the page's request on navigation and on hover (defaultPreload: 'intent') without
      // waiting for it: skeletons, error boxes and Retry stay the screen's job.
      loader: ({ context, deps }) => {
        context.queryClient
          .ensureQueryData(queryOptions(context.trpc, read(deps)) as never)
          .catch(() => undefined);
      },
    },
  };
}

/** What definePagedRoute needs of a list: its URL params and its loader. */
export interface TListOnRoute<U extends TSearchShape> {
  shape: U;
  route: {
    // A method: a list's loader reads its own params out of the route's wider ones.
    loader(options: { context: TRouterContext; deps: TSearchOf<U> }): void;
  };
}

type TUnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (
  intersection: infer I,
) => void
  ? I
  : never;

/** Every param of a route shared by `L` lists and the screen's own params `X`. */
type TRouteShape<L extends readonly TListOnRoute<TSearchShape>[], X extends TSearchShape> = Extract<
  TUnionToIntersection<L[number]['shape']> & X,
  TSearchShape
>;

export type TRouteSearch<
  L extends readonly TListOnRoute<TSearchShape>[],
  X extends TSearchShape = TNoFilters,
> = TSearchOf<TRouteShape<L, X>>;

/**
 * Several lists on one route (e.g. a screen's tabs), with params of the screen's own (e.g. the
 * tab): one validateSearch and default stripping for them all, and a loader that starts the pages
 * of the lists `load` picks for the URL (default: every list). Lists that share a route need
 * distinct param names: give all but one a `prefix`. Spread `route` into createFileRoute(...).
 */
export function definePagedRoute<
  const L extends readonly TListOnRoute<TSearchShape>[],
  X extends TSearchShape = TNoFilters,
>(
  lists: L,
  options: {
    /** The screen's own params, e.g. `{ tab: choiceField(TABS, 'first') }`. */
    params?: X;
    /** The lists whose page the loader starts for these params (default: all), e.g. the open tab's. */
    load?: (search: TRouteSearch<L, X>) => readonly L[number][];
  } = {},
) {
  const fields: Record<string, TSearchField<unknown>> = {};
  for (const part of [options.params ?? {}, ...lists.map((list) => list.shape)]) {
    for (const [key, field] of Object.entries(part)) {
      if (key in fields) throw new Error(`Two lists on one route read the search param "${key}".`);
      fields[key] = field;
    }
  }
  const schema = searchSchema(fields as TRouteShape<L, X>);
  type TSearch = TRouteSearch<L, X>;
  return {
    schema,
    route: {
      validateSearch: schema.validate,
      search: { middlewares: [schema.strip] },
      loaderDeps: ({ search }: { search: TSearch }) => search,
      loader: ({ context, deps }: { context: TRouterContext; deps: TSearch }) => {
        for (const list of options.load ? options.load(deps) : lists) {
          list.route.loader({ context, deps: deps as TSearchOf<TSearchShape> });
        }
      },
    },
  };
}
