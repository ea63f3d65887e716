import { createHash, randomBytes } from 'node:crypto';
import type { TOneTimeTokenKind } from '@starloop/contract';
import type { TDb } from '../client.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a token and stores only its hash; the caller hands the token out once. */
export async function issueOneTimeToken(
  db: TDb,
  { ownerId, kind, ttlSeconds }: { ownerId: number; kind: TOneTimeTokenKind; ttlSeconds: number },
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db
    .insertInto('oneTimeTokens')
    .values({ tokenHash: hashToken(token), kind, ownerId, expiresAt })
    .execute();
  return { token, expiresAt };
}

/**
 * Marks the token used and returns its owner, atomically: a token works once, and never after it
 * expires.
 */
export async function consumeOneTimeToken(
  db: TDb,
  token: string,
  kinds: readonly TOneTimeTokenKind[],
  now: Date = new Date(),
): Promise<{ ownerId: number; kind: TOneTimeTokenKind } | undefined> {
  if (kinds.length === 0) return undefined;
  return db
    .updateTable('oneTimeTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', hashToken(token))
    .where('kind', 'in', [...kinds])
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['ownerId', 'kind'])
    .executeTakeFirst();
}
