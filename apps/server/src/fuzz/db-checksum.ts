import type { TDb } from '@starloop/db';
import { sql } from 'kysely';

/**
 * Columns a refused call may change by design, checksummed apart (as `table#bookkeeping`) so a
 * test can allow them for the operations that own them: the admin sign-in delay counts an attempt
 * BEFORE it is checked (auth/sign-in-delay.ts), so a refused sign-in, code or current password
 * moves these two.
 */
export const BOOKKEEPING_COLUMNS: Record<string, string[]> = {
  admins: ['failed_sign_ins', 'sign_in_blocked_until'],
};

/**
 * Tables that are not data: the rate limiter's shared counters (PostgreSQL store) count refused
 * attempts by design, and the library sweeps them on its own clock.
 */
export const UNCHECKED_TABLES = ['rate_limits'];

export type TChecksums = Record<string, string>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A reader of per-table checksums of the public schema (every row as text, hashed), in one
 * statement. Built once from the catalog, so new tables are covered.
 */
export async function createChecksummer(
  db: TDb,
): Promise<{ tables: string[]; read: () => Promise<TChecksums> }> {
  // One-word aliases: the database's camel-case plugin would rename snake_case ones.
  const { rows } = await sql<{ tab: string; col: string }>`
    select c.table_name as tab, c.column_name as col
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const columnsOf = new Map<string, string[]>();
  for (const row of rows) columnsOf.set(row.tab, [...(columnsOf.get(row.tab) ?? []), row.col]);
  const parts: string[] = [];
  // count:sum of a 60-bit slice of each row's md5: order-free, so no sort per table and call.
  const part = (label: string, table: string, columns: string[]) =>
    `select '${label}' as label, count(*)::text || ':' || coalesce(sum(('x' || left(md5(r::text), 15))::bit(60)::bigint), 0)::text as sum from (select ${columns.map(quote).join(', ')} from ${quote(table)}) r`;
  for (const table of UNCHECKED_TABLES) columnsOf.delete(table);
  for (const [table, columns] of columnsOf) {
    const bookkeeping = BOOKKEEPING_COLUMNS[table] ?? [];
    const kept = columns.filter((column) => !bookkeeping.includes(column));
    parts.push(part(table, table, kept));
    const apart = columns.filter((column) => bookkeeping.includes(column));
    if (apart.length > 0) parts.push(part(`${table}#bookkeeping`, table, apart));
  }
  const statement = sql.raw<{ label: string; sum: string }>(parts.join('\nunion all\n'));
  return {
    tables: [...columnsOf.keys()],
    async read() {
      const result = await statement.execute(db);
      return Object.fromEntries(result.rows.map((row) => [row.label, row.sum]));
    },
  };
}

/** The labels whose checksum differs, less the ones allowed to. */
export function changedTables(
  before: TChecksums,
  after: TChecksums,
  allowed: readonly string[] = [],
): string[] {
  const labels = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...labels].filter((label) => before[label] !== after[label] && !allowed.includes(label)).sort();
}
