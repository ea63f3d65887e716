import { useCallback, useEffect, useState } from 'react';
import { nextSort, type TSortState } from './sort.ts';

export interface TTableState<K extends string> {
  page: number;
  setPage: (page: number) => void;
  /** The (already debounced) search text. */
  search: string;
  /** Sets the search text and goes back to page 1 (spec section 4). */
  setSearch: (search: string) => void;
  sort: TSortState<K> | null;
  /** Sets the sort and goes back to page 1. */
  setSort: (sort: TSortState<K> | null) => void;
  /** A click on a sortable header: `nextSort`, then page 1. */
  toggleSort: (column: K) => void;
}

/** Page, search and sort of one list screen, with the page reset rules in one place. */
export function useTableState<K extends string = string>(
  options: { initialSort?: TSortState<K> | null } = {},
): TTableState<K> {
  const [page, setPage] = useState(1);
  const [search, setSearchValue] = useState('');
  const [sort, setSortValue] = useState<TSortState<K> | null>(options.initialSort ?? null);

  const setSearch = useCallback((value: string) => {
    setSearchValue(value);
    setPage(1);
  }, []);

  const setSort = useCallback((value: TSortState<K> | null) => {
    setSortValue(value);
    setPage(1);
  }, []);

  const toggleSort = useCallback((column: K) => {
    setSortValue((current) => nextSort(current, column));
    setPage(1);
  }, []);

  return { page, setPage, search, setSearch, sort, setSort, toggleSort };
}

/**
 * Goes back to the last page when the current one no longer exists (e.g. after deleting the only
 * row of the last page). `totalPages` undefined means "not known yet".
 */
export function useClampPage(page: number, totalPages: number | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);
}
