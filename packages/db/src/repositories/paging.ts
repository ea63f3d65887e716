import { type OrderByExpression, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';

/**
 * Paging shared by every list (admin back-office and owner dashboard). Built for 50k owners and
 * 1M reviews:
 * - a list knows its total before it reads (from `stat_counters` where the counters can answer,
 *   else a count), so a page past the middle is read backwards from the end and the last page is
 *   as cheap as the first;
 * - a big list reads a page as ids first (an index-only scan), then loads only those rows.
 * Every list sorts on a unique tie-breaker (id), so pages never overlap or skip rows, and reading
 * backwards (each sort key flipped) returns exactly the same rows.
 */

export type TSortDirection = 'asc' | 'desc';

export interface TPageRequest {
  page: number;
  limit: number;
}

/** A page of a searchable list sorted by one of `Sort`, the id breaking ties. */
export interface TSortedListQuery<Sort extends string> extends TPageRequest {
  search?: string | undefined;
  sortBy: Sort;
  sortOrder: TSortDirection;
}

export interface TPageWindow {
  offset: number;
  limit: number;
  reverse: boolean;
  empty: boolean;
}

export interface TPage<Row> {
  rows: Row[];
  total: number;
}

/**
 * Where to read a page: forward from `offset`, or, past the middle of a known total, backwards
 * from the end (`reverse`), the rows then being turned around.
 */
export function pageWindow({ page, limit }: TPageRequest, total: number | undefined): TPageWindow {
  const offset = (page - 1) * limit;
  if (total === undefined) return { offset, limit, reverse: false, empty: false };
  if (offset >= total) return { offset, limit, reverse: false, empty: true };
  const take = Math.min(limit, total - offset);
  if (offset + take / 2 <= total / 2) return { offset, limit: take, reverse: false, empty: false };
  return { offset: total - offset - take, limit: take, reverse: true, empty: false };
}

/** The direction to sort a window by: the list's own, flipped when the window reads from the end. */
export const readDirection = (window: TPageWindow, direction: TSortDirection = 'desc'): TSortDirection =>
  window.reverse ? (direction === 'asc' ? 'desc' : 'asc') : direction;

/**
 * The window of a sorted list query: ordered by `keys` in the list's direction (each flipped for a
 * window read from the end), the last key being the unique tie-breaker.
 */
export function sortedWindow<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  window: TPageWindow,
  keys: readonly OrderByExpression<DB, TB, O>[],
  direction: TSortDirection = 'desc',
): SelectQueryBuilder<DB, TB, O> {
  let sorted = query;
  for (const key of keys) sorted = sorted.orderBy(key, readDirection(window, direction));
  return sorted.limit(window.limit).offset(window.offset);
}

/** The window's items of a list already in memory, in the order readPage expects them. */
export function windowOf<T>(list: readonly T[], window: TPageWindow): T[] {
  const ordered = window.reverse ? [...list].reverse() : list;
  return ordered.slice(window.offset, window.offset + window.limit);
}

/** The list's total: a number already known, or how to find it. */
type TTotal = number | (() => Promise<number>);

/** A list read in one query per page; `readRows` reads the window through sortedWindow (or windowOf). */
export interface TRowsPageSource<Row> {
  total: TTotal;
  readRows(window: TPageWindow): Promise<Row[]>;
}

/** A big list read ids first: `readIds` reads the window's ids through sortedWindow; `loadRows` need not sort. */
export interface TIdsPageSource<Row extends { id: number }> {
  total: TTotal;
  readIds(window: TPageWindow): Promise<number[]>;
  loadRows(ids: number[]): Promise<Row[]>;
}

/** Keeps `rows` in the order of `ids` (the second query of a page does not sort). */
function inIdOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

/**
 * One page of a list: finds the total, picks the window (backwards past the middle), reads it and
 * hands the rows back in list order.
 */
export async function readPage<Row extends { id: number }>(
  request: TPageRequest,
  source: TIdsPageSource<Row>,
): Promise<TPage<Row>>;
export async function readPage<Row>(request: TPageRequest, source: TRowsPageSource<Row>): Promise<TPage<Row>>;
export async function readPage<Row extends { id: number }>(
  request: TPageRequest,
  source: TRowsPageSource<Row> | TIdsPageSource<Row>,
): Promise<TPage<Row>> {
  const total = typeof source.total === 'number' ? source.total : await source.total();
  const window = pageWindow(request, total);
  if (window.empty) return { rows: [], total };
  if ('readRows' in source) {
    const rows = await source.readRows(window);
    return { rows: window.reverse ? rows.reverse() : rows, total };
  }
  const ids = await source.readIds(window);
  if (window.reverse) ids.reverse();
  if (ids.length === 0) return { rows: [], total };
  return { rows: inIdOrder(ids, await source.loadRows(ids)), total };
}

/** `count(*)` as a number on both drivers (int8 may arrive as a string or bigint elsewhere). */
export const toCount = (row: { count: number | string | bigint } | undefined): number =>
  Number(row?.count ?? 0);

/** How many rows a list's query (its from and where, before any select) matches. */
export async function countOf<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row: { count?: unknown } | undefined = await query
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * A list's cards in one pass: for each figure, how many of the rows of `rows` (its from and where,
 * before any select) its condition picks, as an int (`sql\`true\``: all of them).
 */
export async function countRows<DB, TB extends keyof DB, Figure extends string>(
  rows: SelectQueryBuilder<DB, TB, object>,
  conditions: Record<Figure, RawBuilder<unknown>>,
): Promise<Record<Figure, number>> {
  const figures = Object.keys(conditions) as Figure[];
  return rows
    .select(
      figures.map((figure) => sql<number>`(count(*) filter (where ${conditions[figure]}))::int`.as(figure)),
    )
    .$castTo<Record<Figure, number>>()
    .executeTakeFirstOrThrow();
}

/** A back-office list: one page of rows and the total, which the repository finds itself. */
export type TPageReader<Query, Row> = (db: TDb, query: Query) => Promise<TPage<Row>>;
