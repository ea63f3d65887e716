import { describe, expect, it } from 'vitest';
import type { TDb } from './client.ts';
import { isRetryableConflict, isSerializationFailure } from './pg-errors.ts';
import { errorOf, insertTestOwner, useTestDb } from './test-support.ts';

/** PGlite has one connection, so two transactions never race there: PostgreSQL only. */
describe('pg-errors on postgres', () => {
  const t = useTestDb();
  const db = (): TDb => t.db;

  it('recognises a repeatable read transaction that lost to a concurrent update', async () => {
    const owner = await insertTestOwner(db());
    const lost = await errorOf(() =>
      db()
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          await trx.selectFrom('owners').select('id').where('id', '=', owner.id).execute();
          // Another connection changes the row and commits after this transaction's snapshot.
          await db().updateTable('owners').set({ name: 'Changed' }).where('id', '=', owner.id).execute();
          await trx.updateTable('owners').set({ name: 'Lost' }).where('id', '=', owner.id).execute();
        }),
    );
    expect(isSerializationFailure(lost)).toBe(true);
    expect(isRetryableConflict(lost)).toBe(true);
  });
});
