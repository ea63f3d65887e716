import {
  type Expression,
  type ExpressionBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { TDb } from '../client.ts';
import type { Database } from '../database.ts';

/*
 * Statements many repositories write alike: rows found, updated or deleted by the values of some of
 * their columns, one row stamped once (or spent before it expires), and the back-office records an
 * admin edits and deletes by id.
 */

type TRow<T extends keyof Database> = Selectable<Database[T]>;

/** Column values that pick rows of `table` (each compared with `=`, in the order given). */
type TMatch<T extends keyof Database> = { [C in keyof TRow<T>]?: NonNullable<TRow<T>[C]> };

/** The columns of `table` that hold a time or nothing (revokedAt, usedAt, deletedAt, …). */
type TStampColumn<T extends keyof Database> = {
  [C in keyof TRow<T>]: null extends TRow<T>[C] ? (Date extends TRow<T>[C] ? C : never) : never;
}[keyof TRow<T>] &
  string;

/** A condition on the rows of `table`, beyond the columns a match compares. */
type TCondition<T extends keyof Database> = (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;

/** A select, update or delete: what a match narrows. */
interface TFilterable {
  where(column: never, operator: '=', value: never): unknown;
}

/** `query` kept to the rows whose columns hold the values of `match` (compared in the order given). */
function whereMatch<Q extends TFilterable>(query: Q, match: object): Q {
  let narrowed = query;
  for (const [column, value] of Object.entries(match)) {
    narrowed = narrowed.where(column as never, '=', value as never) as Q;
  }
  return narrowed;
}

/**
 * The row of `table` whose columns hold the values of `match` (compared in the order given), or
 * undefined. For lookups by a key: a unique column, or an id with the owner it must belong to.
 */
export async function findRow<T extends keyof Database>(
  db: TDb,
  table: T,
  match: TMatch<T>,
): Promise<TRow<T> | undefined> {
  const query = whereMatch(db.selectFrom(table as keyof Database).selectAll(), match);
  return (await query.executeTakeFirst()) as TRow<T> | undefined;
}

/**
 * A repository's lookup of one row of `table` by key: `match` names the lookup's arguments (after
 * the db) and turns them into the column values findRow compares.
 */
export function rowFinder<T extends keyof Database, Args extends unknown[]>(
  table: T,
  match: (...args: Args) => TMatch<T>,
): (db: TDb, ...args: Args) => Promise<TRow<T> | undefined> {
  return (db, ...args) => findRow(db, table, match(...args));
}

/** Tables whose rows belong to an owner (an ownerId column). */
type TOwnedTable = { [T in keyof Database]: 'ownerId' extends keyof TRow<T> ? T : never }[keyof Database];

/**
 * A repository's lookup of the owner's rows of `table` whose `column` holds one of the keys given
 * (none for no keys; another owner's rows are simply absent), in one statement.
 */
export function ownerRowsFinder<T extends TOwnedTable, C extends keyof TRow<T> & string>(
  table: T,
  column: C,
): (db: TDb, ownerId: number, keys: NonNullable<TRow<T>[C]>[]) => Promise<TRow<T>[]> {
  return async (db, ownerId, keys) => {
    if (keys.length === 0) return [];
    const owned = whereMatch(db.selectFrom(table as TOwnedTable).selectAll(), { ownerId });
    return (await owned.where(column as never, 'in', keys as never).execute()) as TRow<T>[];
  };
}

/** Deletes the rows of `table` whose columns hold the values of `match`: how many there were. */
export async function deleteRows<T extends keyof Database>(
  db: TDb,
  table: T,
  match: TMatch<T>,
): Promise<number> {
  const result = await whereMatch(db.deleteFrom(table as keyof Database), match).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sets `values` on the rows of `table` whose columns hold the values of `match`: how many there were. */
export async function updateRows<T extends keyof Database>(
  db: TDb,
  table: T,
  match: TMatch<T>,
  values: Updateable<Database[T]>,
): Promise<number> {
  const update = db.updateTable(table as keyof Database).set(values as never);
  return Number((await whereMatch(update, match).executeTakeFirst()).numUpdatedRows);
}

/**
 * Sets `values` on the row `match` picks (by a key: a unique column, or an id with its owner): the row
 * as it is now, or undefined if none.
 */
export async function updateRow<T extends keyof Database>(
  db: TDb,
  table: T,
  match: TMatch<T>,
  values: Updateable<Database[T]>,
): Promise<TRow<T> | undefined> {
  const update = db.updateTable(table as keyof Database).set(values as never);
  return (await whereMatch(update, match).returningAll().executeTakeFirst()) as TRow<T> | undefined;
}

/**
 * Sets `column` to `at` on the row `match` picks, only while the column is still null (and while
 * `also` holds), in one statement: true the first time, false after. So a key is revoked, an
 * endpoint removed, a code used or a reminder claimed once, even by two requests at the same moment.
 */
export async function stampOnce<T extends keyof Database>(
  db: TDb,
  table: T,
  column: TStampColumn<T>,
  at: Date,
  match: TMatch<T>,
  also?: TCondition<T>,
): Promise<boolean> {
  let query = whereMatch(db.updateTable(table as keyof Database).set({ [column]: at } as never), match);
  if (also) query = query.where(also as never);
  const result = await query.where(column as never, 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Tables of rows that expire (`expiresAt`): sessions, sign-in challenges, consent round trips. */
type TExpiringTable = {
  [T in keyof Database]: 'expiresAt' extends keyof TRow<T> ? T : never;
}[keyof Database];

/** Live at `now`: `spent` (usedAt, revokedAt) still null and `expiresAt` after `now`. */
const liveAt =
  (spent: string, now: Date) =>
  (eb: ExpressionBuilder<Database, TExpiringTable>): Expression<SqlBool> =>
    eb.and([eb(spent as never, 'is', null), eb('expiresAt' as never, '>', now as never)]);

/** The row `match` picks while it is live at `now` (`spent` still null, not expired), or undefined. */
export async function findLiveRow<T extends TExpiringTable>(
  db: TDb,
  table: T,
  spent: TStampColumn<T>,
  match: TMatch<T>,
  now: Date,
): Promise<TRow<T> | undefined> {
  const query = whereMatch(db.selectFrom(table as TExpiringTable).selectAll(), match);
  return (await query.where(liveAt(spent, now)).executeTakeFirst()) as TRow<T> | undefined;
}

/** Expiring rows that are used once (a usedAt column): sign-in challenges, consent round trips. */
type TSingleUseTable = {
  [T in TExpiringTable]: 'usedAt' extends TStampColumn<T> ? T : never;
}[TExpiringTable];

/**
 * Uses the row `match` picks, once and only before it expires: sets usedAt to `now` in one
 * statement. The row as used, or undefined for a wrong, used or expired one.
 */
export async function useLiveRow<T extends TSingleUseTable>(
  db: TDb,
  table: T,
  match: TMatch<T>,
  now: Date,
): Promise<TRow<T> | undefined> {
  const update = whereMatch(db.updateTable(table as TSingleUseTable).set({ usedAt: now }), match);
  return (await update.where(liveAt('usedAt', now)).returningAll().executeTakeFirst()) as TRow<T> | undefined;
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
  return updateRow(db, table, { id } as TMatch<T>, { ...patch, updatedAt: new Date() });
}

/** Deletes one record by id: true when it was there. */
export async function deleteRecord(db: TDb, table: TRecordTable, id: number): Promise<boolean> {
  return (await deleteRows(db, table, { id })) === 1;
}
