import type { TDb } from '../client.ts';
import { inTransaction } from '../transaction.ts';

/** Takes the owner's row lock for the rest of the transaction: the owner's adds then run one at a time. */
export async function lockOwnerRow(db: TDb, ownerId: number): Promise<void> {
  await db.selectFrom('owners').select('id').where('id', '=', ownerId).forNoKeyUpdate().execute();
}

/**
 * Adds one of the owner's rows (`insert`) unless the owner already has `limit` live ones (null = no
 * limit), as `countLive` counts them. The owner's row is locked first, so two simultaneous adds
 * cannot both take the last free place.
 */
export function insertWithinLimit<Row>(
  db: TDb,
  ownerId: number,
  limit: number | null,
  { countLive, insert }: { countLive: (trx: TDb) => Promise<number>; insert: (trx: TDb) => Promise<Row> },
): Promise<Row | 'limit'> {
  return inTransaction(db, async (trx) => {
    if (limit !== null) {
      await lockOwnerRow(trx, ownerId);
      if ((await countLive(trx)) >= limit) return 'limit' as const;
    }
    return insert(trx);
  });
}
