import { describe, expect, it } from 'vitest';
import type { TDb } from '../client.ts';
import type { TAuthSession } from '../database.ts';
import { nullOr, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import {
  deleteExpiredSessions,
  findLiveSession,
  insertSession,
  revokeOtherSubjectSessions,
  revokeSession,
  revokeSubjectSessions,
} from './sessions.ts';

const HOUR = 60 * 60 * 1000;
let seq = 0;
const sessionId = (label: string) => {
  seq += 1;
  return `${label}-${seq}`;
};

const expectSessionShape = (row: TAuthSession | undefined) => {
  expect(row).toEqual({
    id: expect.any(String),
    subjectKind: expect.stringMatching(/^(owner|admin)$/),
    subjectId: expect.any(Number),
    expiresAt: expect.any(Date),
    revokedAt: nullOr(row?.revokedAt, expect.any(Date)),
    userAgent: nullOr(row?.userAgent, expect.any(String)),
    createdAt: expect.any(Date),
  });
};

const rawSession = (handle: { db: TDb }, id: string) =>
  handle.db.selectFrom('authSessions').selectAll().where('id', '=', id).executeTakeFirst();

describe(`sessions repository on ${testDriverName()}`, () => {
  const handle = useTestDb();
  /** Inserts session `id` of one subject, live for an hour unless `expiresAt` says otherwise. */
  const addSession = (
    id: string,
    subjectKind: 'owner' | 'admin',
    subjectId: number,
    expiresAt = new Date(Date.now() + HOUR),
  ) => insertSession(handle.db, { id, subjectKind, subjectId, expiresAt });

  describe('insertSession and findLiveSession', () => {
    it('finds a live session with numeric subject id and Date timestamps', async () => {
      const id = sessionId('live');
      const expiresAt = new Date(Date.now() + HOUR);
      await insertSession(handle.db, {
        id,
        subjectKind: 'owner',
        subjectId: 42,
        expiresAt,
        userAgent: 'Mozilla/5.0',
      });
      const session = await findLiveSession(handle.db, id, 'owner');
      expectSessionShape(session);
      expect(session).toEqual({
        id,
        subjectKind: 'owner',
        subjectId: 42,
        expiresAt,
        revokedAt: null,
        userAgent: 'Mozilla/5.0',
        createdAt: expect.any(Date),
      });
    });

    it('stores a missing user agent as null and truncates a long one to 300 characters', async () => {
      const a = sessionId('ua');
      const b = sessionId('ua');
      const expiresAt = new Date(Date.now() + HOUR);
      await addSession(a, 'admin', 1, expiresAt);
      await insertSession(handle.db, {
        id: b,
        subjectKind: 'admin',
        subjectId: 1,
        expiresAt,
        userAgent: 'x'.repeat(1000),
      });
      expect((await rawSession(handle, a))!.userAgent).toBeNull();
      expect((await rawSession(handle, b))!.userAgent).toBe('x'.repeat(300));
    });

    it('rejects a duplicate session id', async () => {
      const id = sessionId('dup');
      const expiresAt = new Date(Date.now() + HOUR);
      await addSession(id, 'owner', 1, expiresAt);
      await expect(
        insertSession(handle.db, { id, subjectKind: 'owner', subjectId: 2, expiresAt }),
      ).rejects.toMatchObject({
        code: '23505',
      });
    });

    it('does not find a session of the wrong kind', async () => {
      const id = sessionId('kind');
      await addSession(id, 'owner', 7);
      expect(await findLiveSession(handle.db, id, 'admin')).toBeUndefined();
      expect(await findLiveSession(handle.db, id, 'owner')).toBeDefined();
    });

    it('does not find an unknown session', async () => {
      expect(await findLiveSession(handle.db, 'no-such-session', 'owner')).toBeUndefined();
    });

    it('does not find an expired session, and honours the now argument', async () => {
      const expired = sessionId('expired');
      await addSession(expired, 'owner', 7, new Date(Date.now() - 1000));
      expect(await findLiveSession(handle.db, expired, 'owner')).toBeUndefined();

      const id = sessionId('expiring');
      const expiresAt = new Date(Date.now() + HOUR);
      await addSession(id, 'owner', 7, expiresAt);
      expect(await findLiveSession(handle.db, id, 'owner', new Date(expiresAt.getTime() - 1))).toBeDefined();
      expect(await findLiveSession(handle.db, id, 'owner', expiresAt)).toBeUndefined();
      expect(
        await findLiveSession(handle.db, id, 'owner', new Date(expiresAt.getTime() + 1)),
      ).toBeUndefined();
    });

    it('does not find a revoked session', async () => {
      const id = sessionId('revoked');
      await addSession(id, 'admin', 3);
      await revokeSession(handle.db, id);
      expect(await findLiveSession(handle.db, id, 'admin')).toBeUndefined();
    });
  });

  describe('revokeSession', () => {
    it('sets revokedAt once and keeps the first timestamp on a second call', async () => {
      const id = sessionId('revoke-once');
      await addSession(id, 'owner', 9);
      const first = new Date('2026-11-01T00:00:00.000Z');
      await revokeSession(handle.db, id, first);
      await revokeSession(handle.db, id, new Date('2026-11-02T00:00:00.000Z'));
      const row = await rawSession(handle, id);
      expectSessionShape(row);
      expect(row!.revokedAt).toEqual(first);
    });

    it('is a no-op for an unknown session', async () => {
      await expect(revokeSession(handle.db, 'no-such-session')).resolves.toBeUndefined();
    });
  });

  describe('revokeSubjectSessions', () => {
    it('revokes only the live sessions of that subject and returns the count', async () => {
      const expiresAt = new Date(Date.now() + HOUR);
      const mine = [sessionId('s'), sessionId('s'), sessionId('s')];
      for (const id of mine) await addSession(id, 'owner', 500, expiresAt);
      const alreadyRevoked = sessionId('s');
      await addSession(alreadyRevoked, 'owner', 500, expiresAt);
      const revokedAt = new Date('2026-10-10T10:10:10.000Z');
      await revokeSession(handle.db, alreadyRevoked, revokedAt);
      const adminSameId = sessionId('s');
      await addSession(adminSameId, 'admin', 500, expiresAt);
      const otherOwner = sessionId('s');
      await addSession(otherOwner, 'owner', 501, expiresAt);

      const count = await revokeSubjectSessions(handle.db, 'owner', 500);
      expect(count).toBe(3);
      expect(typeof count).toBe('number');
      for (const id of mine) expect(await findLiveSession(handle.db, id, 'owner')).toBeUndefined();
      expect((await rawSession(handle, alreadyRevoked))!.revokedAt).toEqual(revokedAt);
      expect(await findLiveSession(handle.db, adminSameId, 'admin')).toBeDefined();
      expect(await findLiveSession(handle.db, otherOwner, 'owner')).toBeDefined();

      expect(await revokeSubjectSessions(handle.db, 'owner', 500)).toBe(0);
      expect(await revokeSubjectSessions(handle.db, 'admin', 987_654)).toBe(0);
    });
  });

  describe('revokeOtherSubjectSessions', () => {
    it("revokes the subject's other live sessions, keeps the current one and returns the count", async () => {
      const expiresAt = new Date(Date.now() + HOUR);
      const current = sessionId('keep');
      const others = [sessionId('other'), sessionId('other')];
      for (const id of [current, ...others]) await addSession(id, 'owner', 600, expiresAt);
      const adminSameId = sessionId('other');
      await addSession(adminSameId, 'admin', 600, expiresAt);
      const now = new Date('2026-11-20T08:00:00.000Z');

      expect(await revokeOtherSubjectSessions(handle.db, 'owner', 600, current, now)).toBe(2);
      expect(await findLiveSession(handle.db, current, 'owner')).toBeDefined();
      for (const id of others) expect((await rawSession(handle, id))!.revokedAt).toEqual(now);
      expect(await findLiveSession(handle.db, adminSameId, 'admin')).toBeDefined();
      expect(await revokeOtherSubjectSessions(handle.db, 'owner', 600, current)).toBe(0);
    });
  });

  describe('deleteExpiredSessions', () => {
    it('deletes only sessions expired before now and returns the count', async () => {
      // Far in the past, so the other tests' sessions stay out of this one's way.
      const old1 = sessionId('old');
      const old2 = sessionId('old');
      const notYet = sessionId('old');
      await addSession(old1, 'owner', 1, new Date('2000-01-01T00:00:00Z'));
      await addSession(old2, 'admin', 1, new Date('2000-06-01T00:00:00Z'));
      await revokeSession(handle.db, old2);
      await addSession(notYet, 'owner', 1, new Date('2002-01-01T00:00:00Z'));

      const count = await deleteExpiredSessions(handle.db, new Date('2001-01-01T00:00:00Z'));
      expect(count).toBe(2);
      expect(typeof count).toBe('number');
      expect(await rawSession(handle, old1)).toBeUndefined();
      expect(await rawSession(handle, old2)).toBeUndefined();
      expect(await rawSession(handle, notYet)).toBeDefined();
      expect(await deleteExpiredSessions(handle.db, new Date('2001-01-01T00:00:00Z'))).toBe(0);
    });

    it('with the default now, keeps live sessions', async () => {
      const live = sessionId('keep');
      await addSession(live, 'owner', 2);
      const count = await deleteExpiredSessions(handle.db);
      expect(count).toBeGreaterThanOrEqual(1); // the expired sessions of the earlier tests (and the 2002 one)
      expect(await findLiveSession(handle.db, live, 'owner')).toBeDefined();
      const remaining = await handle.db.selectFrom('authSessions').select('expiresAt').execute();
      for (const row of remaining)
        expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(Date.now() - 60_000);
    });
  });
});
