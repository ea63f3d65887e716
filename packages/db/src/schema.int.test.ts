import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type TDbHandle } from './client.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { createTestDb, testDriverName } from './testing.ts';

/** The schema as the catalog describes it, normalised so both drivers can be compared. */
async function describeSchema(handle: TDbHandle) {
  const { db } = handle;
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
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
}

describe(`migrations on ${testDriverName()}`, () => {
  let handle: TDbHandle;
  beforeAll(async () => {
    handle = await createTestDb({ migrate: false });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('apply from zero, then are a no-op', async () => {
    const applied = await migrateToLatest(handle.db);
    expect(applied).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('produce the committed schema (the same catalog on PGlite and PostgreSQL)', async () => {
    const schema = await describeSchema(handle);
    expect(schema.columns.length).toBeGreaterThan(100);
    // One snapshot file for both drivers: each run must match it, so the two schemas are equal.
    await expect(JSON.stringify(schema, null, 2)).toMatchFileSnapshot('./__snapshots__/schema.catalog.json');
  });

  it('matches a fresh embedded PGlite catalog exactly', async () => {
    const pglite = createDb();
    try {
      await migrateToLatest(pglite.db);
      expect(await describeSchema(pglite)).toEqual(await describeSchema(handle));
    } finally {
      await pglite.close();
    }
  });

  it('migrate down and up again cleanly', async () => {
    const migrator = createMigrator(handle.db);
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
  });
});
