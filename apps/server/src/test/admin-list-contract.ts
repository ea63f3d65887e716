import { describe, expect, it } from 'vitest';
import {
  callProcedure,
  expectAdminOnly,
  expectAdminOnlyProcedures,
  type TAuthCases,
} from './admin-auth-cases.ts';
import type { TTestServer } from './test-server.ts';

/**
 * The contract every paged admin list keeps (spec section 3), written once and checked per list:
 * paging and its meta, the default limit, search, sorting, refusals, the 401 matrix, and the same
 * answer over REST and tRPC (compared on every plain page, the default answer, each search, the
 * full sorted lists and every refusal; the searched and sorted page walks go over REST only).
 *
 * A list's test file seeds its rows in its own `beforeAll`, then describes the list as data:
 *
 *   adminListContract({
 *     rest: '/api/admin/leads',
 *     trpc: 'admin.leads.list',
 *     rowsKey: 'leads',
 *     context: () => ({ server, auth }),
 *     rows: () => newestFirst(leads),            // every seeded row, in the list's default order
 *     pageSizes: [7],                            // walked page by page, besides the default 10
 *     search: {
 *       finds: { 'lead ember': (l) => l.id === ember.id, referral: (l) => l.source === 'referral' },
 *       findsNothing: ['nothing-like-this'],
 *     },
 *     sorts: { name: (l) => l.name.toLowerCase(), createdAt: (l) => l.createdAt },
 *     totals: ['counts'],                        // summary cards that ignore the search
 *   });
 */

/** A row as the list answers it (JSON), read by the spec's `sorts` and `id`. */
// biome-ignore lint/suspicious/noExplicitAny: rows are the answer's JSON; each spec reads its own fields.
export type TListRow = Record<string, any>;
type TSortValue = string | number | boolean | null;

export interface TListAddress {
  /** The REST path, e.g. '/api/admin/users'. */
  rest: string;
  /** The tRPC query, e.g. 'admin.users.list'. */
  trpc: string;
  /** The answer's key that holds the page of rows, e.g. 'users'. */
  rowsKey: string;
}

type TContext = () => { server: TTestServer; auth: TAuthCases };

export interface TAdminListSpec<TSeed> extends TListAddress {
  /** The file's server and auth cases, made in its `beforeAll`. */
  context: TContext;
  /**
   * Every row the list holds, in its default order, as the file seeded them: enough for three
   * pages at the smallest page size (first, middle, last). Rows and answers are matched by `id`.
   */
  rows: () => TSeed[] | Promise<TSeed[]>;
  /** What identifies a row, read the same from a seeded row and an answered one. Default: `row.id`. */
  id?: (row: TListRow) => unknown;
  /** Page sizes walked page by page (and one past the end) besides the default 10. */
  pageSizes?: number[];
  search?: {
    /** A term and which seeded rows it finds; also asked in the other case, padded with spaces. */
    finds: Record<string, (row: TSeed) => boolean>;
    /** Terms that find nothing: an empty first page. */
    findsNothing: string[];
  };
  /** sortBy values and how to read each from an answered row (ties are broken by id, same direction). */
  sorts?: Record<string, (row: TListRow) => TSortValue | TSortValue[]>;
  /** sortBy values that must be refused (default: password). */
  notSortable?: string[];
  /** The exact refusals, where the contract words them. */
  sortMessages?: { sortBy?: string; sortOrder?: string };
  /** Keys of the answer (summary cards) that are the same whatever the search. */
  totals?: string[];
  /** admin.agents.list and admin.leads.list refuse a call without input; the other lists take none. */
  trpcWithoutInput?: 'answers' | 'refused';
}

/** Pagination meta of spec section 3, restated. */
export function expectedMeta(total: number, page: number, limit: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

/** Newest first, ties by id: the default order of the admin lists. */
export function newestFirst<T extends { createdAt: Date; id: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/** zod's words for a page below 1 and a limit above 100 (the same schema for every list). */
const PAGE_REFUSALS = {
  tooSmall: 'Too small: expected number to be >=1',
  tooBig: 'Too big: expected number to be <=100',
} as const;

interface TListQuery {
  page?: number;
  limit?: number;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

const queryString = (query: TListQuery) =>
  Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

const restUrl = (path: string, query: TListQuery) => {
  const qs = queryString(query);
  return qs ? `${path}?${qs}` : path;
};

/** The list's answer to a query over REST, after checking tRPC answers the same (unless `restOnly`). */
async function answer(
  context: TContext,
  list: TListAddress,
  query: TListQuery,
  restOnly = false,
): Promise<TListRow> {
  const { server, auth } = context();
  const url = restUrl(list.rest, query);
  const rest = await server.app.inject({ method: 'GET', url, headers: auth.admin });
  expect(rest.statusCode, `GET ${url}: ${rest.body}`).toBe(200);
  const body = rest.json();
  if (restOnly) return body;
  const trpc = await callProcedure(server, { path: list.trpc, kind: 'query', input: query }, auth.admin);
  expect(trpc.statusCode, `${list.trpc} ${JSON.stringify(query)}: ${trpc.body}`).toBe(200);
  expect(trpc.json().result.data, `${list.trpc} ${JSON.stringify(query)} answers as GET ${url}`).toEqual(
    body,
  );
  return body;
}

/** A 400 with the message and field, over REST and tRPC alike. */
async function expectRefused(
  context: TContext,
  list: TListAddress,
  query: TListQuery,
  field: string,
  message: unknown,
) {
  const { server, auth } = context();
  const url = restUrl(list.rest, query);
  const rest = await server.app.inject({ method: 'GET', url, headers: auth.admin });
  expect(rest.statusCode, url).toBe(400);
  expect(rest.json(), url).toMatchObject({ success: false, message, field });
  const trpc = await callProcedure(server, { path: list.trpc, kind: 'query', input: query }, auth.admin);
  expect(trpc.statusCode, `${list.trpc} ${JSON.stringify(query)}`).toBe(400);
  expect(trpc.json().error, `${list.trpc} ${JSON.stringify(query)}`).toMatchObject({
    message,
    data: { code: 'BAD_REQUEST', httpStatus: 400, field },
  });
  return rest.json().message as string;
}

const anyText = expect.any(String);

const swapCase = (term: string) =>
  [...term].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

function compareKeys(a: TSortValue[], b: TSortValue[]): number {
  for (let i = 0; i < a.length; i++) {
    if ((a[i] as string) < (b[i] as string)) return -1;
    if ((a[i] as string) > (b[i] as string)) return 1;
  }
  return 0;
}

/** Generates the contract's tests for one admin list (call it inside the file's describe). */
export function adminListContract<TSeed extends object>(spec: TAdminListSpec<TSeed>) {
  const { context, rowsKey } = spec;
  const id = spec.id ?? ((row: TListRow) => row.id);
  const ids = (rows: object[]) => rows.map((row) => id(row));
  const ask = (query: TListQuery, restOnly = false) => answer(context, spec, query, restOnly);
  const sizes = [10, ...(spec.pageSizes ?? [])];
  const smallest = Math.min(...sizes);
  const totalsOf = (body: TListRow) => Object.fromEntries((spec.totals ?? []).map((k) => [k, body[k]]));

  /** Every page at `limit`, and one past the end: its rows and its meta (and the totals, given a base). */
  async function expectPages(query: TListQuery, expected: object[], limit: number, base?: TListRow) {
    const last = expectedMeta(expected.length, 1, limit).totalPages;
    for (let page = 1; page <= last + 1; page++) {
      const label = JSON.stringify({ ...query, page, limit });
      // Plain paging is compared over tRPC page by page; searched and sorted pages over REST.
      const body = await ask({ ...query, page, limit }, Object.keys(query).length > 0);
      expect(ids(body[rowsKey]), label).toEqual(ids(expected.slice((page - 1) * limit, page * limit)));
      expect(body.meta, label).toEqual(expectedMeta(expected.length, page, limit));
      if (base) expect(totalsOf(body), `${label}: the totals ignore the search`).toEqual(totalsOf(base));
    }
    return last;
  }

  describe(`the list contract of GET ${spec.rest} and ${spec.trpc}`, () => {
    it('answers page 1 of 10 rows by default, with or without the trailing slash', async () => {
      const expected = await spec.rows();
      const body = await ask({});
      expect(ids(body[rowsKey])).toEqual(ids(expected.slice(0, 10)));
      expect(body.meta).toEqual(expectedMeta(expected.length, 1, 10));
      const { server, auth } = context();
      const slash = await server.app.inject({ method: 'GET', url: `${spec.rest}/`, headers: auth.admin });
      expect(slash.json()).toEqual(body);
      const noInput = await callProcedure(server, { path: spec.trpc, kind: 'query' }, auth.admin);
      if (spec.trpcWithoutInput === 'refused') {
        expect(noInput.statusCode, `${spec.trpc} without input`).toBe(400);
      } else {
        expect(noInput.json().result.data, `${spec.trpc} without input`).toEqual(body);
      }
    });

    it.each(sizes)('pages at limit %i: rows and meta on every page, and past the end', async (limit) => {
      const expected = await spec.rows();
      const last = await expectPages({}, expected, limit);
      if (limit === smallest) {
        expect(last, 'seed enough rows for a first, a middle and a last page').toBeGreaterThanOrEqual(3);
      }
    });

    it('refuses a page below 1 or a limit outside 1 to 100 with its message', async () => {
      await expectRefused(context, spec, { page: 0 }, 'page', PAGE_REFUSALS.tooSmall);
      await expectRefused(context, spec, { limit: 0 }, 'limit', PAGE_REFUSALS.tooSmall);
      await expectRefused(context, spec, { limit: 500 }, 'limit', PAGE_REFUSALS.tooBig);
    });

    const search = spec.search;
    if (search) {
      it.each(Object.keys(search.finds))(
        'searches %j in any case and trimmed, paged, the totals unmoved',
        async (term) => {
          const base = await ask({});
          const expected = (await spec.rows()).filter(search.finds[term]!);
          expect(expected.length, `${term} finds something in the seed`).toBeGreaterThan(0);
          await expectPages({ search: term }, expected, smallest, base);
          // The other case, padded with spaces: the same rows, and the same answer over tRPC.
          const other = await ask({ search: `  ${swapCase(term)}  `, limit: 100 });
          expect(ids(other[rowsKey])).toEqual(ids(expected));
          expect(other.meta.total).toBe(expected.length);
        },
      );

      it.each(search.findsNothing)(
        'answers an empty first page for %j, which finds nothing',
        async (term) => {
          const base = await ask({});
          const body = await ask({ search: term });
          expect(body[rowsKey]).toEqual([]);
          expect(body.meta).toEqual(expectedMeta(0, 1, 10));
          expect(totalsOf(body)).toEqual(totalsOf(base));
        },
      );
    }

    const sorts = spec.sorts;
    if (sorts) {
      it.each(Object.keys(sorts))(
        'sorts by %s both ways, on every page and within a search',
        async (sortBy) => {
          const key = (row: TListRow) => [...[sorts[sortBy]!(row)].flat(), row.id as number];
          const expected = await spec.rows();
          const asc = (await ask({ sortBy, sortOrder: 'asc', limit: 100 }))[rowsKey] as TListRow[];
          for (let i = 1; i < asc.length; i++) {
            expect(compareKeys(key(asc[i - 1]!), key(asc[i]!)), `${sortBy} asc at ${i}`).toBe(-1);
          }
          expect(ids(asc).map(String).sort(), 'the same rows as unsorted').toEqual(
            ids(expected).map(String).sort(),
          );
          const desc = (await ask({ sortBy, sortOrder: 'desc', limit: 100 }))[rowsKey] as TListRow[];
          expect(ids(desc)).toEqual(ids(asc).reverse());
          for (const [sortOrder, full] of [
            ['asc', asc],
            ['desc', desc],
          ] as const) {
            // The sort runs in the database, across pages.
            await expectPages({ sortBy, sortOrder }, full, smallest);
            for (const [term, finds] of Object.entries(search?.finds ?? {})) {
              const found = new Set(ids(expected.filter(finds)));
              const body = await ask({ search: term, sortBy, sortOrder, limit: 100 }, true);
              expect(ids(body[rowsKey]), `${term} by ${sortBy} ${sortOrder}`).toEqual(
                ids(full.filter((row) => found.has(id(row)))),
              );
            }
          }
        },
      );

      it('refuses an unknown sortBy or sortOrder, naming what it takes', async () => {
        const words = spec.sortMessages ?? {};
        for (const sortBy of spec.notSortable ?? ['password']) {
          const message = await expectRefused(context, spec, { sortBy }, 'sortBy', words.sortBy ?? anyText);
          for (const known of Object.keys(sorts)) expect(message, sortBy).toContain(known);
        }
        const up = { sortOrder: 'up' } as unknown as TListQuery;
        const message = await expectRefused(context, spec, up, 'sortOrder', words.sortOrder ?? anyText);
        expect(message).toMatch(/asc.*desc/);
      });
    }

    it('answers 401 to no, an expired, a tampered, an owner or a garbage token, over REST and tRPC', async () => {
      const { server, auth } = context();
      await expectAdminOnly(server, auth, [
        { method: 'GET', url: spec.rest },
        // Authorization comes before input: a bad page is still a 401.
        { method: 'GET', url: `${spec.rest}?page=0&limit=500` },
      ]);
      await expectAdminOnlyProcedures(server, auth, [
        { path: spec.trpc, kind: 'query', input: {} },
        { path: spec.trpc, kind: 'query', input: { page: 0 } },
      ]);
    });
  });
}

/** On an empty platform each list answers no rows, the empty first page and `answer` (its other keys). */
export function emptyAdminListsContract(
  context: TContext,
  lists: (TListAddress & { answer: Record<string, unknown> })[],
) {
  it.each(lists)(
    '$rest answers an empty first page on an empty platform, over REST and tRPC',
    async (list) => {
      const body = await answer(context, list, {});
      expect(body).toEqual({ ...list.answer, [list.rowsKey]: [], meta: expectedMeta(0, 1, 10) });
      const past = await answer(context, list, { page: 2 });
      expect(past[list.rowsKey]).toEqual([]);
      expect(past.meta).toEqual(expectedMeta(0, 2, 10));
    },
  );
}
