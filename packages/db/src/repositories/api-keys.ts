import type { TDb } from '../client.ts';
import type { TApiKey } from '../database.ts';
import { insertWithinLimit } from './owner-limits.ts';
import { OWNER_PUBLIC_COLUMNS, type TOwnerPublic } from './owners.ts';
import { findRow, stampOnce } from './records.ts';

/**
 * Owners' API keys and the answers given to Idempotency-Keys (migration 0017). A key is stored as
 * its sha256 only; every read is scoped to its owner.
 */

/** Adds a key unless the owner already has `limit` live ones (under the owner's row lock). */
export async function insertApiKey(
  db: TDb,
  key: { ownerId: number; name: string; prefix: string; keyHash: string },
  limit: number,
): Promise<TApiKey | 'limit'> {
  return insertWithinLimit(db, key.ownerId, limit, {
    countLive: (trx) => countLiveApiKeys(trx, key.ownerId),
    insert: (trx) => trx.insertInto('apiKeys').values(key).returningAll().executeTakeFirstOrThrow(),
  });
}

/** The owner's keys, revoked ones too (the list says so), oldest first. */
export async function listApiKeys(db: TDb, ownerId: number): Promise<TApiKey[]> {
  return db
    .selectFrom('apiKeys')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function countLiveApiKeys(db: TDb, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('apiKeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ownerId', '=', ownerId)
    .where('revokedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Revokes one of the owner's keys; false when it has no live key by that id. */
export async function revokeApiKey(db: TDb, ownerId: number, id: number, at: Date): Promise<boolean> {
  return stampOnce(db, 'apiKeys', 'revokedAt', at, { id, ownerId });
}

/** A live key by its hash, with the owner it acts for. */
export async function findLiveApiKeyByHash(
  db: TDb,
  keyHash: string,
): Promise<{ key: TApiKey; owner: TOwnerPublic } | undefined> {
  const key = await db
    .selectFrom('apiKeys')
    .selectAll()
    .where('keyHash', '=', keyHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (!key) return undefined;
  const owner = await db
    .selectFrom('owners')
    .select(OWNER_PUBLIC_COLUMNS)
    .where('id', '=', key.ownerId)
    .executeTakeFirst();
  return owner ? { key, owner } : undefined;
}

/** Notes a key's use, at most once a minute per key (a write per call would cost every call). */
export async function touchApiKey(db: TDb, id: number, at: Date): Promise<void> {
  await db
    .updateTable('apiKeys')
    .set({ lastUsedAt: at })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', new Date(at.getTime() - 60_000))]),
    )
    .execute();
}

// ---------------------------------------------------------------------------- idempotency keys

export type TIdempotencyClaim =
  | { kind: 'new' }
  | { kind: 'done'; requestHash: string; statusCode: number; response: unknown }
  | { kind: 'running'; requestHash: string };

/**
 * Claims an Idempotency-Key for the owner: `new` for the first call (it must then complete or
 * release it), else what the first call left: its answer, or that it is still running.
 */
export async function claimIdempotencyKey(
  db: TDb,
  ownerId: number,
  key: string,
  requestHash: string,
): Promise<TIdempotencyClaim> {
  const inserted = await db
    .insertInto('apiIdempotencyKeys')
    .values({ ownerId, key, requestHash })
    .onConflict((oc) => oc.columns(['ownerId', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'new' };
  const row = await findRow(db, 'apiIdempotencyKeys', { ownerId, key });
  // Released between the two statements: the caller may simply try again.
  if (!row) return { kind: 'running', requestHash };
  return row.statusCode === null
    ? { kind: 'running', requestHash: row.requestHash }
    : { kind: 'done', requestHash: row.requestHash, statusCode: row.statusCode, response: row.response };
}

export async function completeIdempotencyKey(
  db: TDb,
  ownerId: number,
  key: string,
  answer: { statusCode: number; response: unknown },
): Promise<void> {
  await db
    .updateTable('apiIdempotencyKeys')
    .set({ statusCode: answer.statusCode, response: JSON.stringify(answer.response) })
    .where('ownerId', '=', ownerId)
    .where('key', '=', key)
    .execute();
}

/** Frees a key whose first call failed for a reason worth trying again (a fault, an outage). */
export async function releaseIdempotencyKey(db: TDb, ownerId: number, key: string): Promise<void> {
  await db
    .deleteFrom('apiIdempotencyKeys')
    .where('ownerId', '=', ownerId)
    .where('key', '=', key)
    .where('statusCode', 'is', null)
    .execute();
}

export async function deleteIdempotencyKeysBefore(db: TDb, before: Date): Promise<number> {
  const result = await db.deleteFrom('apiIdempotencyKeys').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
