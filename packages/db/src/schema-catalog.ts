import { sql } from 'kysely';
import type { TDb } from './client.ts';

/**
 * The schema as the catalog describes it, normalised so both drivers (PGlite on PostgreSQL 18,
 * the server on 15) can be compared with each other and with the committed snapshot. Test support:
 * not exported from the package.
 */

/**
 * Whitespace collapsed: a function body is stored as written, so indentation is not part of a
 * definition. (Nothing else differs between 15 and 18 for this schema; the snapshot test says so.)
 */
export const normaliseSql = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface TCatalogTrigger {
  table: string;
  name: string;
  timing: string;
  events: string;
  level: string;
  function: string;
  definition: string;
}

export interface TCatalogFunction {
  name: string;
  args: string;
  /** The extension that owns it (pg_trgm's functions live in public too), else null. */
  extension: string | null;
  definition: string;
}

/** Every user trigger in the public schema (constraint triggers of foreign keys are internal). */
export async function catalogTriggers(db: TDb): Promise<TCatalogTrigger[]> {
  const { rows } = await sql<TCatalogTrigger>`
    select c.relname as "table", t.tgname as "name",
           case when t.tgtype & 64 <> 0 then 'INSTEAD OF' when t.tgtype & 2 <> 0 then 'BEFORE' else 'AFTER' end
             as "timing",
           concat_ws(' OR ', case when t.tgtype & 4 <> 0 then 'INSERT' end,
                             case when t.tgtype & 8 <> 0 then 'DELETE' end,
                             case when t.tgtype & 16 <> 0 then 'UPDATE' end,
                             case when t.tgtype & 32 <> 0 then 'TRUNCATE' end) as "events",
           case when t.tgtype & 1 <> 0 then 'ROW' else 'STATEMENT' end as "level",
           p.proname as "function", pg_get_triggerdef(t.oid) as "definition"
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where n.nspname = 'public' and not t.tgisinternal
    order by 1, 2`.execute(db);
  return rows.map((row) => ({ ...row, definition: normaliseSql(row.definition) }));
}

/** Every function and procedure in the public schema (aggregates have no definition to print). */
export async function catalogFunctions(db: TDb): Promise<TCatalogFunction[]> {
  const { rows } = await sql<TCatalogFunction>`
    select p.proname as "name", pg_get_function_identity_arguments(p.oid) as "args",
           (select e.extname from pg_depend d join pg_extension e on e.oid = d.refobjid
             where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e') as "extension",
           pg_get_functiondef(p.oid) as "definition"
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind in ('f', 'p')
    order by 1, 2`.execute(db);
  return rows.map((row) => ({ ...row, definition: normaliseSql(row.definition) }));
}

export async function describeSchema(db: TDb) {
  const columns = await sql<{
    table: string;
    column: string;
    type: string;
    nullable: string;
    default: string | null;
  }>`
    select table_name as "table", column_name as "column", data_type as "type", is_nullable as "nullable",
           column_default as "default"
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'
    order by table_name, column_name`.execute(db);
  const indexes = await sql<{ name: string; definition: string }>`
    select indexname as "name", indexdef as "definition" from pg_indexes
    where schemaname = 'public' and tablename not like 'kysely_%'
    order by indexname`.execute(db);
  const constraints = await sql<{ table: string; name: string; definition: string }>`
    select rel.relname as "table", con.conname as "name", pg_get_constraintdef(con.oid) as "definition"
    from pg_constraint con join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    where ns.nspname = 'public' and rel.relname not like 'kysely_%' and con.contype <> 'n' -- PostgreSQL 18 lists NOT NULL here, 15 does not
    order by rel.relname, con.conname`.execute(db);
  return {
    columns: columns.rows,
    indexes: indexes.rows,
    constraints: constraints.rows,
    triggers: await catalogTriggers(db),
    functions: await catalogFunctions(db),
  };
}
