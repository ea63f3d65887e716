/** Sorting of spec section 2 (Leads management), used by every sortable table. */

export type TSortOrder = 'asc' | 'desc';

export interface TSortState<K extends string = string> {
  column: K;
  order: TSortOrder;
}

/**
 * The sort after a click on `column`: the first click sorts ascending, a second click on the same
 * column descending (and a third ascending again), a click on any other column ascending.
 */
export function nextSort<K extends string>(
  current: TSortState<K> | null | undefined,
  column: K,
): TSortState<K> {
  if (current && current.column === column) {
    return { column, order: current.order === 'asc' ? 'desc' : 'asc' };
  }
  return { column, order: 'asc' };
}

/** `sortBy` / `sortOrder` of a list call; nothing when no column was clicked (server default). */
export function sortParams<K extends string>(
  sort: TSortState<K> | null | undefined,
): { sortBy?: K; sortOrder?: TSortOrder } {
  return sort ? { sortBy: sort.column, sortOrder: sort.order } : {};
}
