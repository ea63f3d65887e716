import type { TOneTimeTokenKind } from '@starloop/contract';
import { describe, expect, it } from 'vitest';
import { useTestDb, useTestPerson } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { consumeOneTimeToken, hashToken, issueOneTimeToken } from './one-time-tokens.ts';

const HOUR_S = 60 * 60;

describe(`one-time tokens repository on ${testDriverName()}`, () => {
  const handle = useTestDb();
  const owner = useTestPerson(handle);
  const other = useTestPerson(handle);
  /** A token of `kind` for the person, living an hour from `now` (the database's clock by default). */
  const issue = (kind: TOneTimeTokenKind, now?: Date) =>
    issueOneTimeToken(handle.db, { personId: owner.id, kind, ttlSeconds: HOUR_S }, now);
  /** A token's row, found by its hash. */
  const storedRow = (token: string) =>
    handle.db
      .selectFrom('oneTimeTokens')
      .selectAll()
      .where('tokenHash', '=', hashToken(token))
      .executeTakeFirstOrThrow();

  it('issues a random token with an expiry of now + ttl', async () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const a = await issue('set_password', now);
    const b = await issue('set_password', now);
    expect(typeof a.token).toBe('string');
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.expiresAt).toBeInstanceOf(Date);
    expect(a.expiresAt).toEqual(new Date('2026-11-22T11:00:00.000Z'));
  });

  it('stores only the sha256 hash, never the token', async () => {
    const { token, expiresAt } = await issueOneTimeToken(handle.db, {
      personId: other.id,
      kind: 'reset_password',
      ttlSeconds: HOUR_S,
    });
    const rows = await handle.db.selectFrom('oneTimeTokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.tokenHash === hashToken(token));
    expect(row).toEqual({
      id: expect.any(Number),
      tokenHash: hashToken(token),
      kind: 'reset_password',
      personId: other.id,
      expiresAt,
      usedAt: null,
      createdAt: expect.any(Date),
    });
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('works exactly once and returns the owner id as a number', async () => {
    const { token } = await issue('set_password');
    const consumed = await consumeOneTimeToken(handle.db, token, ['set_password']);
    expect(consumed).toEqual({ personId: owner.id, kind: 'set_password' });
    expect(typeof consumed!.personId).toBe('number');
    expect(await consumeOneTimeToken(handle.db, token, ['set_password'])).toBeUndefined();
    const row = await storedRow(token);
    expect(row.usedAt).toBeInstanceOf(Date);
  });

  it('marks usedAt with the given now', async () => {
    const { token } = await issue('set_password');
    const now = new Date(Date.now() + 1000);
    await consumeOneTimeToken(handle.db, token, ['set_password'], now);
    const row = await storedRow(token);
    expect(row.usedAt).toEqual(now);
  });

  it('lets only one of two concurrent consumers win', async () => {
    const { token } = await issue('reset_password');
    const results = await Promise.all([
      consumeOneTimeToken(handle.db, token, ['reset_password']),
      consumeOneTimeToken(handle.db, token, ['reset_password']),
      consumeOneTimeToken(handle.db, token, ['reset_password']),
    ]);
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
  });

  it('does not work after expiry', async () => {
    const issuedAt = new Date(Date.now() - 2 * HOUR_S * 1000);
    const { token } = await issue('set_password', issuedAt);
    expect(await consumeOneTimeToken(handle.db, token, ['set_password'])).toBeUndefined();

    const fresh = await issueOneTimeToken(handle.db, {
      personId: owner.id,
      kind: 'set_password',
      ttlSeconds: 60,
    });
    expect(
      await consumeOneTimeToken(handle.db, fresh.token, ['set_password'], fresh.expiresAt),
    ).toBeUndefined();
    expect(
      await consumeOneTimeToken(
        handle.db,
        fresh.token,
        ['set_password'],
        new Date(fresh.expiresAt.getTime() - 1),
      ),
    ).toEqual({ personId: owner.id, kind: 'set_password' });
  });

  it('does not work for a different kind, and a wrong-kind attempt does not burn it', async () => {
    const { token } = await issue('reset_password');
    expect(await consumeOneTimeToken(handle.db, token, ['set_password'])).toBeUndefined();
    expect(await consumeOneTimeToken(handle.db, token, ['set_password', 'reset_password'])).toEqual({
      personId: owner.id,
      kind: 'reset_password',
    });
  });

  it('accepts no kind at all when given an empty list of kinds (undefined, not an SQL error)', async () => {
    const { token } = await issue('set_password');
    expect(await consumeOneTimeToken(handle.db, token, [])).toBeUndefined();
    expect(await consumeOneTimeToken(handle.db, token, ['set_password'])).toEqual({
      personId: owner.id,
      kind: 'set_password',
    });
  });

  it('does not work for an unknown token', async () => {
    expect(
      await consumeOneTimeToken(handle.db, 'not-a-token', ['set_password', 'reset_password']),
    ).toBeUndefined();
  });

  it('rejects a token for an unknown owner', async () => {
    await expect(
      issueOneTimeToken(handle.db, { personId: 987_654_321, kind: 'set_password', ttlSeconds: HOUR_S }),
    ).rejects.toMatchObject({ code: '23503' });
  });
});
