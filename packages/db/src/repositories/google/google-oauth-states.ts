import type { TDb } from '../../client.ts';
import { useLiveRow } from '../records.ts';

/** Google's consent round trips (migration 0018): a state and its sealed PKCE verifier, spent once. */

export async function insertGoogleOauthState(
  db: TDb,
  state: { stateHash: string; ownerId: number; verifierSealed: string; expiresAt: Date },
): Promise<void> {
  await db.insertInto('googleOauthStates').values(state).execute();
}

/**
 * Spends a state: only its own owner, only once, only before it expires. Answers the sealed PKCE
 * verifier, or undefined for a wrong, used, expired or another owner's state.
 */
export async function consumeGoogleOauthState(
  db: TDb,
  stateHash: string,
  ownerId: number,
  now: Date,
): Promise<string | undefined> {
  const state = await useLiveRow(db, 'googleOauthStates', { stateHash, ownerId }, now);
  return state?.verifierSealed;
}

/** Spent and expired round trips (maintenance). */
export async function deleteStaleGoogleOauthStates(db: TDb, before: Date): Promise<number> {
  const result = await db.deleteFrom('googleOauthStates').where('expiresAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
