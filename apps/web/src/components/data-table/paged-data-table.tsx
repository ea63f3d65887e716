import type { ReactNode } from 'react';
import { anyMessage } from '../../lib/api-errors.ts';
import {
  DataTable,
  type TDataTableError,
  type TDataTablePagination,
  type TDataTableProps,
} from './data-table.tsx';
import type { TSortState } from './sort.ts';

/** What PagedDataTable needs of usePagedList's result (methods: any list's sort fields fit). */
export interface TPagedListView<K extends string> {
  search: { search: string };
  sort: TSortState<K> | null;
  setSort(sort: TSortState<K> | null): void;
  setSearch(text: string): void;
  /** Rows in the whole list, by the list's answer. */
  total: number;
  pagination(total: number): TDataTablePagination;
  query: { isPending: boolean; isPlaceholderData: boolean };
}

export interface TPagedDataTableProps<Row, K extends string>
  extends Omit<TDataTableProps<Row, K>, 'search' | 'emptyText' | 'pagination'> {
  list: TPagedListView<string>;
  /** Rows in the whole list. Default: the list's `total`. */
  total?: number;
  /** The search box's texts; debounceMs 0 (default) filters as the admin types. */
  searchBox: { placeholder: string; label: string; debounceMs?: number };
  /** [with a search, without]: e.g. ['No users found matching your search.', 'No users yet.']. */
  empty: readonly [ReactNode, ReactNode];
  /** Offers the sortable headers (the list has sort fields). */
  sortable?: boolean;
  /** Default: the list's pages; null hides the pager. */
  pagination?: TDataTablePagination | null;
}

/** A DataTable wired to a usePagedList: search box, sort, pages, stale rows and the empty text. */
export function PagedDataTable<Row, K extends string = string>({
  list,
  total = list.total,
  searchBox,
  empty,
  sortable = false,
  pagination,
  ...props
}: TPagedDataTableProps<Row, K>) {
  const pager = pagination === undefined ? list.pagination(total) : pagination;
  return (
    <DataTable<Row, K>
      {...loadState(list.query)}
      emptyText={list.search.search ? empty[0] : empty[1]}
      {...(sortable ? { sort: list.sort as TSortState<K> | null, onSortChange: list.setSort } : {})}
      search={{ value: list.search.search, onChange: list.setSearch, ...searchBox }}
      {...(pager ? { pagination: pager } : {})}
      {...props}
    />
  );
}

/**
 * DataTable's loading and stale states of a list's query: skeleton rows until the first answer,
 * the previous answer's rows dimmed while the next one loads.
 */
export function loadState(query: { isPending: boolean; isPlaceholderData: boolean }) {
  return { loading: query.isPending, stale: query.isPlaceholderData };
}

/** An answer that says `success: false` (spec section 8: an error too). */
export const saysFailure = (data: unknown) => (data as { success?: boolean } | undefined)?.success === false;

interface TFailingQuery {
  isError: boolean;
  error: unknown;
  data?: unknown;
  refetch: () => unknown;
}

/**
 * The error box of a list that failed to load: the error's message (or `unsuccessful` for an
 * answer that says success false) and Retry; null while all is well.
 */
export function loadError(
  query: TFailingQuery,
  options: { title?: string; retryLabel?: string; unsuccessful?: string } = {},
): TDataTableError | null {
  const message = query.isError
    ? anyMessage(query.error)
    : saysFailure(query.data)
      ? (options.unsuccessful ?? null)
      : null;
  if (!message) return null;
  return {
    message,
    onRetry: () => void query.refetch(),
    ...(options.title ? { title: options.title } : {}),
    ...(options.retryLabel ? { retryLabel: options.retryLabel } : {}),
  };
}
