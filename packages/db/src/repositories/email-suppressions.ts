import { createHash } from 'node:crypto';
import type { TDb } from '../client.ts';

/**
 * Addresses that asked for no more mail. Only the sha256 of the normalised address is stored (the
 * unsubscribe link carries that hash too), so this table holds no address in the clear.
 */

export const normalizeEmailAddress = (email: string) => email.trim().toLowerCase();

/** sha256 (hex) of the normalised address: how mail-safety tables name an address. */
export const hashEmailAddress = (email: string) =>
  createHash('sha256').update(normalizeEmailAddress(email)).digest('hex');

/** Records the suppression of an address (by its hash); true when it is new. */
export async function suppressEmailAddress(db: TDb, addressHash: string): Promise<boolean> {
  const row = await db
    .insertInto('emailSuppressions')
    .values({ addressHash, reason: 'unsubscribe' })
    .onConflict((oc) => oc.column('addressHash').doNothing())
    .returning('addressHash')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isAddressHashSuppressed(db: TDb, addressHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('emailSuppressions')
    .select('addressHash')
    .where('addressHash', '=', addressHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isEmailSuppressed(db: TDb, email: string): Promise<boolean> {
  return isAddressHashSuppressed(db, hashEmailAddress(email));
}
