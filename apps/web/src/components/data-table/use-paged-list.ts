import {
  type InferDataFromTag,
  keepPreviousData,
  type QueryKey,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import type { TSearchOf, TSearchShape } from '../../lib/search-params.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import type { TListSearch, TPagedList } from './paged-list.ts';
import type { TSortState } from './sort.ts';

/** The data type tRPC tags its query keys with. */
type TQueryData<O> = O extends { queryKey: infer Q extends QueryKey }
  ? InferDataFromTag<unknown, Q>
  : unknown;

export interface TPagedListOptions<TData, TSearch> {
  /** Pages in the list, to send a reader of a page that no longer exists to the last one. Default: the answer's `meta.totalPages`. */
  totalPages?: (data: TData, search: TSearch) => number | undefined;
}

/**
 * Page, search, sort and filters of one list screen, read from the URL (validated by the route) and
 * written back to it; the page's query; and the page reset rules (spec section 4: a new search,
 * sort or filter goes back to page 1; a page that no longer exists goes to the last one).
 */
export function usePagedList<
  K extends string,
  F extends TSearchShape,
  O extends { queryKey: readonly unknown[] },
  P extends string = '',
>(list: TPagedList<K, F, O, P>, options: TPagedListOptions<TQueryData<O>, TListSearch<K, F>> = {}) {
  const trpc = useTrpc();
  const navigate = useNavigate();
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  // The route validated these already; reading them through the list's fields again gives them
  // their type (and their names in the list: `campaignsPage` is the page of a list prefixed 'campaigns').
  const search = useMemo(() => list.read(raw), [list, raw]);

  const query = useQuery({
    ...(list.queryOptions(trpc, search) as O & { queryKey: readonly unknown[] }),
    placeholderData: keepPreviousData,
  } as never) as UseQueryResult<TQueryData<O>>;

  const update = useCallback(
    (patch: Partial<TListSearch<K, F>>, replace = false) =>
      void navigate({
        to: '.',
        search: ((previous: Record<string, unknown>) => ({ ...previous, ...list.write(patch) })) as never,
        replace,
      }),
    [navigate, list],
  );

  const setPage = useCallback((page: number) => update({ page } as Partial<TListSearch<K, F>>), [update]);
  /** Typing pauses in the search box: the URL follows without a history entry per word. */
  const setSearch = useCallback(
    (text: string) => update({ search: text, page: 1 } as Partial<TListSearch<K, F>>, true),
    [update],
  );
  const setSort = useCallback(
    (sort: TSortState<K> | null) =>
      update({ sortBy: sort?.column, sortOrder: sort?.order ?? 'asc', page: 1 } as Partial<
        TListSearch<K, F>
      >),
    [update],
  );
  const setFilter = useCallback(
    <Key extends keyof TSearchOf<F> & string>(key: Key, value: TSearchOf<F>[Key]) =>
      update({ [key]: value, page: 1 } as Partial<TListSearch<K, F>>),
    [update],
  );
  /** A filter's props (ChoiceFilter, DayFilter): its value in the URL, and setFilter as onChange. */
  const filter = <Key extends keyof TSearchOf<F> & string>(key: Key) => ({
    value: (search as TSearchOf<F>)[key],
    onChange: (value: TSearchOf<F>[Key]) => setFilter(key, value),
  });

  const data = query.data;
  const totalPages = data === undefined ? undefined : (options.totalPages ?? metaPages)(data, search);
  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && search.page > totalPages) {
      update({ page: totalPages } as Partial<TListSearch<K, F>>, true);
    }
  }, [search.page, totalPages, update]);

  const sort: TSortState<K> | null = search.sortBy
    ? { column: search.sortBy, order: search.sortOrder }
    : null;

  return {
    search,
    query,
    data,
    sort,
    limit: list.limit,
    /** Rows in the whole list: the answer's `meta.total`, 0 until there is one. */
    total: metaTotal(data),
    setPage,
    setSearch,
    setSort,
    setFilter,
    filter,
    /** DataTable's pagination for `total` rows. */
    pagination: (total: number) => ({ page: search.page, limit: list.limit, total, onPageChange: setPage }),
  };
}

export type TPagedListState = ReturnType<typeof usePagedList>;

type TMetaAnswer = { meta?: { total?: number; totalPages?: number } } | undefined;

function metaPages(data: unknown): number | undefined {
  return (data as TMetaAnswer)?.meta?.totalPages;
}

function metaTotal(data: unknown): number {
  return (data as TMetaAnswer)?.meta?.total ?? 0;
}
