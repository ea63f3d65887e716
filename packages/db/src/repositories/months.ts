import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';

/** Calendar months in UTC, as the counters' buckets and the monthly charts count them. */

/** Midnight UTC on the first day of `now`'s month, or of the month `monthsBack` before it. */
export const monthStartOf = (now: Date, monthsBack = 0): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));

/** 'YYYY-MM-DD' (UTC), for a `date` parameter. */
export const toDateOnly = (date: Date): string => date.toISOString().slice(0, 10);

/** 'YYYY-MM' of the `months` months ending with `now`'s, oldest first. */
export const monthKeys = (now: Date, months: number): string[] =>
  Array.from({ length: months }, (_, i) => toDateOnly(monthStartOf(now, months - 1 - i)).slice(0, 7));

/**
 * One row per month of `months`, in that order: the grouped row of that month, or `empty`'s for a
 * month that had none (a chart shows every month).
 */
export function everyMonth<Row extends { month: string }>(
  months: string[],
  rows: Row[],
  empty: (month: string) => Row,
): Row[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => byMonth.get(month) ?? empty(month));
}

/**
 * A monthly chart over the `months` months ending with `now`'s (UTC), oldest first, months without
 * rows included (their figures 0): the rows of `rows` from the first month on, grouped by the month
 * of their `column`, with `figures` (aggregates by name). One range query over the caller's index.
 */
export async function countByMonth<DB, TB extends keyof DB, Figure extends string>(
  rows: SelectQueryBuilder<DB, TB, object>,
  column: string,
  { now, months }: { now: Date; months: number },
  figures: Record<Figure, RawBuilder<number>>,
): Promise<({ month: string } & Record<Figure, number>)[]> {
  const names = Object.keys(figures) as Figure[];
  const grouped = await rows
    .select([
      sql`to_char(date_trunc('month', ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM')`.as('month'),
      ...names.map((name) => figures[name].as(name)),
    ])
    .where(sql.ref<Date>(column), '>=', monthStartOf(now, months - 1))
    .groupBy(sql`1`)
    .$castTo<{ month: string } & Record<Figure, number>>()
    .execute();
  const none = Object.fromEntries(names.map((name) => [name, 0])) as Record<Figure, number>;
  return everyMonth(monthKeys(now, months), grouped, (month) => ({ month, ...none }));
}
