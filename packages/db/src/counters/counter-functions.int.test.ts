import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TDb } from '../client.ts';
import { catalogFunctions, catalogTriggers } from '../schema-catalog.ts';
import { useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { COUNTER_FUNCTIONS, COUNTER_TRIGGERS } from './counter-functions.ts';

/** Our own functions (not pg_trgm's) and every trigger, as the catalog prints them. */
/**
 * The counter code of a database: the functions that keep the counters (any that write
 * stat_counters or owner_review_stats, or that the module names) and the triggers that call them.
 * Other functions (the audit trail's guard, say) are not this module's business.
 */
async function counterCode(db: TDb) {
  const functions = (await catalogFunctions(db)).filter(
    (f) =>
      f.extension === null &&
      (f.name in COUNTER_FUNCTIONS || /stat_counters|owner_review_stats/.test(f.definition)),
  );
  const names = new Set(functions.map((f) => f.name));
  const triggers = (await catalogTriggers(db)).filter((tr) => names.has(tr.function));
  return { functions, triggers };
}

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

/** The catalog after executing the module's definitions over the migrated ones (rolled back after). */
async function counterCodeAfterModule(db: TDb) {
  try {
    await db.transaction().execute(async (trx) => {
      for (const definition of Object.values(COUNTER_FUNCTIONS)) await sql.raw(definition).execute(trx);
      for (const trigger of COUNTER_TRIGGERS) await sql.raw(trigger.sql).execute(trx);
      throw new Rollback(await counterCode(trx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as Awaited<ReturnType<typeof counterCode>>;
    throw error;
  }
  throw new Error('unreachable');
}

describe(`counter functions module on ${testDriverName()}`, () => {
  const t = useTestDb();

  it('names every function and trigger the migrated database has', async () => {
    const { functions, triggers } = await counterCode(t.db);
    expect(functions.map((f) => f.name).sort()).toEqual(Object.keys(COUNTER_FUNCTIONS).sort());
    expect(triggers.map((tr) => [tr.table, tr.name]).sort()).toEqual(
      COUNTER_TRIGGERS.map((tr) => [tr.table, tr.name]).sort(),
    );
  });

  it("holds the migrated definitions: replacing them with the module's changes nothing", async () => {
    const migrated = await counterCode(t.db);
    const replaced = await counterCodeAfterModule(t.db);
    // Definitions are whitespace-normalised, so only indentation may differ.
    expect(replaced).toEqual(migrated);
    // And the rollback left the migrated definitions in place.
    expect(await counterCode(t.db)).toEqual(migrated);
  });
});
