import { describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { describeSchema } from './schema-catalog.ts';
import { useTestDb } from './test-support.ts';
import { testDriverName } from './testing.ts';

describe(`migrations on ${testDriverName()}`, () => {
  const handle = useTestDb({ migrate: false });

  it('apply from zero, then are a no-op', async () => {
    const applied = await migrateToLatest(handle.db);
    expect(applied).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('produce the committed schema (the same catalog on PGlite and PostgreSQL)', async () => {
    const schema = await describeSchema(handle.db);
    expect(schema.columns.length).toBeGreaterThan(100);
    expect(schema.triggers.length).toBeGreaterThan(10);
    expect(schema.functions.filter((f) => f.extension === null).length).toBeGreaterThan(10);
    // One snapshot file for both drivers: each run must match it, so the two schemas are equal.
    await expect(JSON.stringify(schema, null, 2)).toMatchFileSnapshot('./__snapshots__/schema.catalog.json');
  });

  it('matches a fresh embedded PGlite catalog exactly', async () => {
    const pglite = createDb();
    try {
      await migrateToLatest(pglite.db);
      expect(await describeSchema(pglite.db)).toEqual(await describeSchema(handle.db));
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
