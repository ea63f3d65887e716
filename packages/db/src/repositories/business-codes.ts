import type { TDb } from '../client.ts';

/**
 * Former business codes (migration 0036). A code a business leaves redirects to its current code
 * and stays reserved for it; `isBusinessCodeTaken` (owners.ts) reads this table too.
 */

export interface TFormerCode {
  code: string;
  retiredAt: Date;
  retiredBy: 'owner' | 'admin';
}

/**
 * A business moves from `from` to `to` (both lowercase, in the caller's transaction, before the
 * owners row is updated): `from` becomes a former code of the business, and `to`, when it was
 * one of its own former codes, is current again. Nothing when the code does not change.
 */
export async function moveBusinessCode(
  trx: TDb,
  move: { ownerId: number; from: string; to: string; by: 'owner' | 'admin'; at: Date },
): Promise<boolean> {
  const from = move.from.trim().toLowerCase();
  const to = move.to.trim().toLowerCase();
  if (from === to) return false;
  await trx
    .deleteFrom('businessCodeHistory')
    .where('code', '=', to)
    .where('ownerId', '=', move.ownerId)
    .execute();
  await trx
    .insertInto('businessCodeHistory')
    .values({ code: from, ownerId: move.ownerId, retiredAt: move.at, retiredBy: move.by })
    .execute();
  return true;
}

/** The current code of the business that used to have `code`, if any. */
export async function findCurrentCodeOf(db: TDb, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('businessCodeHistory as h')
    .innerJoin('owners as o', 'o.id', 'h.ownerId')
    .select('o.code')
    .where('h.code', '=', code.trim().toLowerCase())
    .executeTakeFirst();
  return row?.code;
}

/** Whether `code` is a former code of a business other than `exceptOwnerId` (reserved for it). */
export async function isFormerCodeOfAnother(db: TDb, code: string, exceptOwnerId?: number): Promise<boolean> {
  let query = db
    .selectFrom('businessCodeHistory')
    .select('ownerId')
    .where('code', '=', code.trim().toLowerCase());
  if (exceptOwnerId !== undefined) query = query.where('ownerId', '!=', exceptOwnerId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A business's former codes, newest first (each still redirects to its current code). */
export async function listFormerCodes(db: TDb, ownerId: number): Promise<TFormerCode[]> {
  return db
    .selectFrom('businessCodeHistory')
    .select(['code', 'retiredAt', 'retiredBy'])
    .where('ownerId', '=', ownerId)
    .orderBy('retiredAt', 'desc')
    .orderBy('code')
    .execute();
}
