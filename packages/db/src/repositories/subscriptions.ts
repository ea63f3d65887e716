import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import { OWNER_PUBLIC_COLUMNS, type TOwnerPublic } from './owners.ts';

/**
 * Takes the next payment id from the table's identity sequence without inserting anything, so a
 * provider order can carry the id as its receipt before any row exists (a burnt value is harmless).
 */
export async function reservePaymentId(db: TDb): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence('payments', 'id'))::int8 as id
  `.execute(db);
  return Number(rows[0]!.id);
}

/** Takes the next owner id the same way, for an owner whose placeholder code names its own id. */
export async function reserveOwnerId(db: TDb): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence('owners', 'id'))::int8 as id
  `.execute(db);
  return Number(rows[0]!.id);
}

/** Locks the owner row for the rest of the transaction (two payments of one owner may settle at once). */
export async function lockOwnerById(db: TDb, id: number): Promise<TOwnerPublic | undefined> {
  return db
    .selectFrom('owners')
    .select(OWNER_PUBLIC_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Locks several owner rows, in id order: two settlements that each need the same two owners (a
 * phone's owner and a code's holder) then queue instead of deadlocking.
 */
export async function lockOwnersById(db: TDb, ids: readonly number[]): Promise<TOwnerPublic[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('owners')
    .select(OWNER_PUBLIC_COLUMNS)
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forUpdate()
    .execute();
}
