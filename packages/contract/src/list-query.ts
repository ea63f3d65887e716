import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { wholeNumberFields, wholeNumberInput } from './schema-helpers.ts';

/**
 * Paging of every list (admin back-office and owner dashboard): the query every list query
 * extends, and the meta every list answers with (spec section 3).
 */

/** `limit` of a page: a whole number from 1 to `max`, `fallback` when absent. */
export const pageLimit = (max: number, fallback: number) =>
  wholeNumberInput(z.number().int().min(1).max(max)).default(fallback);

/** The newest rows of a list that has no pages: `limit` from 1 to 200, 50 by default (or absent). */
export const ZNewestQuery = z.object({ limit: pageLimit(200, 50) }).default({ limit: 50 });

/** page (from 1), limit (1 to 100, 10 by default) and an optional search (trimmed; empty = none). */
export const ZPageQuery = z.object({
  page: wholeNumberInput(z.number().int().min(1)).default(1),
  limit: pageLimit(100, DEFAULT_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Pagination meta of spec section 3. */
export const ZPageMeta = z.object({
  ...wholeNumberFields(['total', 'page', 'limit', 'totalPages']),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

/**
 * A page of a list as the API answers it: `success`, the page's rows under the list's own name
 * (`users`, `reviews`, …), the page meta, then whatever totals the list adds.
 */
export function pageAnswer<
  K extends string,
  Row extends z.ZodType,
  Totals extends z.ZodRawShape = Record<never, never>,
>(key: K, row: Row, totals: Totals = {} as Totals) {
  return z.object({
    success: z.literal(true),
    ...({ [key]: z.array(row) } as { [P in K]: z.ZodArray<Row> }),
    meta: ZPageMeta,
    ...totals,
  });
}

export function pageMeta(total: number, page: number, limit: number): TPageMeta {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}
