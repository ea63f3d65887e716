import type { Transaction } from 'kysely';
import type { TDb } from './client.ts';
import type { Database } from './database.ts';

/** Runs fn in a transaction, joining the caller's one when db already is a transaction. */
export function inTransaction<T>(db: TDb, fn: (trx: Transaction<Database> | TDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
