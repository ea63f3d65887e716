import { type Selectable, sql, type Updateable } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database } from '../database.ts';

/*
 * Statements many repositories write alike: one row found by the values of some of its columns,
 * one row stamped once, and the back-office records an admin edits and deletes by id.
 */

type TRow<T extends keyof Database> = Selectable<Database[T]>;

/** Column values that pick rows of `table` (each compared with `=`, in the order given). */
type TMatch<T extends keyof Database> = { [C in keyof TRow<T>]?: NonNullable<TRow<T>[C]> };

/** The columns of `table` that hold a time or nothing (revokedAt, usedAt, deletedAt, …). */
type TStampColumn<T extends keyof Database> = {
  [C in keyof TRow<T>]: null extends TRow<T>[C] ? (Date extends TRow<T>[C] ? C : never) : never;
}[keyof TRow<T>] &
  string;

/**
 * The row of `table` whose columns hold the values of `match` (compared in the order given), or
 * undefined. For lookups by a key: a unique column, or an id with the owner it must belong to.
 */
export async function findRow<T extends keyof Database>(
  db: TDb,
  table: T,
  match: TMatch<T>,
): Promise<TRow<T> | undefined> {
  let query = db.selectFrom(table as keyof Database).selectAll();
  for (const [column, value] of Object.entries(match)) {
    query = query.where(column as never, '=', value as never);
  }
  return (await query.executeTakeFirst()) as TRow<T> | undefined;
}

/**
 * Sets `column` to `at` on the row `match` picks, only while the column is still null, in one
 * statement: true the first time, false after. So a key is revoked, an endpoint removed or a code
 * used once, even by two requests at the same moment.
 */
export async function stampOnce<T extends keyof Database>(
  db: TDb,
  table: T,
  column: TStampColumn<T>,
  at: Date,
  match: TMatch<T>,
): Promise<boolean> {
  let query = db.updateTable(table as keyof Database).set({ [column]: at } as never);
  for (const [key, value] of Object.entries(match)) {
    query = query.where(key as never, '=', value as never);
  }
  const result = await query.where(column as never, 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The back-office records an admin edits and deletes by id (agents, leads). */
type TRecordTable = 'agents' | 'leads';

/**
 * What a record list's sort field orders by: the column of that name, names and emails without case
 * (so "alice" sorts beside "Alice").
 */
export function recordSortKey<T extends TRecordTable>(table: T, field: keyof Database[T] & string) {
  const column = sql.ref(`${table}.${field}`);
  return field === 'name' || field === 'email' ? sql`lower(${column})` : column;
}

/** Writes a patch to one record by id, stamping updatedAt: the row as it is now, or undefined if none. */
export async function updateRecord<T extends TRecordTable>(
  db: TDb,
  table: T,
  id: number,
  patch: Updateable<Database[T]>,
): Promise<TRow<T> | undefined> {
  const row = await db
    .updateTable(table as TRecordTable)
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as TRow<T> | undefined;
}

/** Deletes one record by id: true when it was there. */
export async function deleteRecord(db: TDb, table: TRecordTable, id: number): Promise<boolean> {
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
