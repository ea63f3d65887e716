import { sql, type Updateable } from 'kysely';
import type { TDb } from '../../client.ts';
import type { GoogleConnectionTable, TGoogleConnection } from '../../database.ts';
import { countRows } from '../paging.ts';
import { stampOnce, updateRow } from '../records.ts';
import { deleteOwnerGoogleReviews } from './google-reviews.ts';

/*
 * Google Business Profile (migration 0018): an owner's connection (sealed tokens, location, sync
 * state, reply rules), one row per owner. The sync's cursor on it is written by google-sync.ts.
 */

export async function findGoogleConnection(db: TDb, ownerId: number): Promise<TGoogleConnection | undefined> {
  return db.selectFrom('googleConnections').selectAll().where('ownerId', '=', ownerId).executeTakeFirst();
}

/** Which of these businesses have a Google connection (of any status, as findGoogleConnection). */
export async function listGoogleConnectedOwnerIds(db: TDb, ownerIds: readonly number[]): Promise<number[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .selectFrom('googleConnections')
    .select('ownerId')
    .where('ownerId', 'in', [...ownerIds])
    .execute();
  return rows.map((row) => row.ownerId);
}

/**
 * Stores the tokens of a finished consent. A reconnect keeps the chosen location (and its reviews):
 * the connection is active again at once; a first connect waits for a location.
 */
export async function saveGoogleTokens(
  db: TDb,
  ownerId: number,
  tokens: {
    refreshTokenSealed: string;
    accessTokenSealed: string;
    accessTokenExpiresAt: Date;
    grantedScope: string | null;
  },
  now: Date,
): Promise<TGoogleConnection> {
  return db
    .insertInto('googleConnections')
    .values({ ownerId, ...tokens, connectedAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.column('ownerId').doUpdateSet({
        ...tokens,
        status: sql`case when google_connections.location_name is null then 'choose_location' else 'active' end`,
        revokedAt: null,
        revokedNoticeSentAt: null,
        lastError: null,
        lastErrorAt: null,
        updatedAt: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateGoogleConnection(
  db: TDb,
  ownerId: number,
  patch: Updateable<GoogleConnectionTable>,
): Promise<TGoogleConnection | undefined> {
  return updateRow(db, 'googleConnections', { ownerId }, { updatedAt: new Date(), ...patch });
}

/**
 * Access lost (`invalid_grant`): the tokens are useless, so they are dropped; the row stays to say
 * "reconnect". Answers true only the first time, so the owner is emailed once.
 */
export async function markGoogleRevoked(
  db: TDb,
  ownerId: number,
  now: Date,
  reason: string,
): Promise<boolean> {
  const row = await db
    .updateTable('googleConnections')
    .set({
      status: 'revoked',
      revokedAt: now,
      accessTokenSealed: null,
      accessTokenExpiresAt: null,
      refreshTokenSealed: '',
      syncState: 'idle',
      lastError: reason,
      lastErrorAt: now,
      updatedAt: now,
    })
    .where('ownerId', '=', ownerId)
    .where('status', '!=', 'revoked')
    .returning('ownerId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims the one "reconnect" email of a revocation. */
export async function claimGoogleRevokedNotice(db: TDb, ownerId: number, now: Date): Promise<boolean> {
  return stampOnce(db, 'googleConnections', 'revokedNoticeSentAt', now, { ownerId, status: 'revoked' });
}

/** Disconnect: the tokens, the consent round trips and the imported reviews go; answers the old row. */
export async function deleteGoogleConnection(
  db: TDb,
  ownerId: number,
): Promise<TGoogleConnection | undefined> {
  await deleteOwnerGoogleReviews(db, ownerId);
  await db.deleteFrom('googleOauthStates').where('ownerId', '=', ownerId).execute();
  return db.deleteFrom('googleConnections').where('ownerId', '=', ownerId).returningAll().executeTakeFirst();
}

/** Owners whose connection syncs (the 30-minute safety net). */
export async function listActiveGoogleOwners(db: TDb): Promise<number[]> {
  const rows = await db
    .selectFrom('googleConnections')
    .innerJoin('owners', 'owners.id', 'googleConnections.ownerId')
    .select('googleConnections.ownerId')
    .where('googleConnections.status', '=', 'active')
    .where('owners.deletedAt', 'is', null)
    .orderBy('googleConnections.ownerId')
    .execute();
  return rows.map((r) => r.ownerId);
}

/** The owners whose active connection chose this location (a push names the location). */
export async function findGoogleOwnersByLocation(
  db: TDb,
  accountName: string | undefined,
  locationName: string,
): Promise<number[]> {
  let query = db
    .selectFrom('googleConnections')
    .select('ownerId')
    .where('locationName', '=', locationName)
    .where('status', '=', 'active');
  if (accountName) query = query.where('accountName', '=', accountName);
  return (await query.execute()).map((r) => r.ownerId);
}

export interface TGoogleConnectionCounts {
  connected: number;
  revoked: number;
  withErrors: number;
}

/** The admin overview's count of connections. */
export async function countGoogleConnections(db: TDb): Promise<TGoogleConnectionCounts> {
  const connections = db
    .selectFrom('googleConnections')
    .innerJoin('owners', 'owners.id', 'googleConnections.ownerId')
    .where('owners.deletedAt', 'is', null);
  return countRows(connections, {
    connected: sql`google_connections.status <> 'revoked'`,
    revoked: sql`google_connections.status = 'revoked'`,
    withErrors: sql`google_connections.status <> 'revoked' and google_connections.last_error is not null`,
  });
}
