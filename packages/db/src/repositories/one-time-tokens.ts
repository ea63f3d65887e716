import { createHash, randomBytes } from 'node:crypto';
import type { TOneTimeTokenKind } from '@starloop/contract';
import type { ExpressionBuilder } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database } from '../database.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a token and stores only its hash; the caller hands the token out once. */
export async function issueOneTimeToken(
  db: TDb,
  { personId, kind, ttlSeconds }: { personId: number; kind: TOneTimeTokenKind; ttlSeconds: number },
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db
    .insertInto('oneTimeTokens')
    .values({ tokenHash: hashToken(token), kind, personId, expiresAt })
    .execute();
  return { token, expiresAt };
}

/** The row of this token if it still works: one of `kinds`, never used, not expired. */
const usableToken =
  (token: string, kinds: readonly TOneTimeTokenKind[], now: Date) =>
  (eb: ExpressionBuilder<Database, 'oneTimeTokens'>) =>
    eb.and([
      eb('tokenHash', '=', hashToken(token)),
      eb('kind', 'in', [...kinds]),
      eb('usedAt', 'is', null),
      eb('expiresAt', '>', now),
    ]);

/** The person and kind a usable token opens (undefined for any other token, or no kinds). */
type TUsableTokenLookup = (
  db: TDb,
  token: string,
  kinds: readonly TOneTimeTokenKind[],
  now?: Date,
) => Promise<{ personId: number; kind: TOneTimeTokenKind } | undefined>;

/**
 * Marks the token used and returns its person, atomically: a token works once, and never after it
 * expires.
 */
export const consumeOneTimeToken: TUsableTokenLookup = async (db, token, kinds, now = new Date()) => {
  if (kinds.length === 0) return undefined;
  return db
    .updateTable('oneTimeTokens')
    .set({ usedAt: now })
    .where(usableToken(token, kinds, now))
    .returning(['personId', 'kind'])
    .executeTakeFirst();
};

/** The person a token would open, without using it (checked before any expensive work). */
export const findUsableOneTimeToken: TUsableTokenLookup = async (db, token, kinds, now = new Date()) => {
  if (kinds.length === 0) return undefined;
  return db
    .selectFrom('oneTimeTokens')
    .select(['personId', 'kind'])
    .where(usableToken(token, kinds, now))
    .executeTakeFirst();
};

/**
 * Retires a person's outstanding links of those kinds (a newer link, or a password change, makes
 * the older ones useless). Returns how many were retired.
 */
export async function retireOneTimeTokens(
  db: TDb,
  personId: number,
  kinds: readonly TOneTimeTokenKind[],
  now: Date = new Date(),
): Promise<number> {
  if (kinds.length === 0) return 0;
  const result = await db
    .updateTable('oneTimeTokens')
    .set({ usedAt: now })
    .where('personId', '=', personId)
    .where('kind', 'in', [...kinds])
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes tokens that can never work again: used (or retired) ones and expired ones. Only hashes
 * are stored, but a dead row is still nothing worth keeping. Returns how many were deleted.
 */
export async function deleteSpentOneTimeTokens(db: TDb, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('oneTimeTokens')
    .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
