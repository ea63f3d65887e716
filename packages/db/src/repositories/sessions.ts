import type { TDb } from '../client.ts';
import type { TAuthSession } from '../database.ts';
import { findLiveRow, stampOnce } from './records.ts';

export type TSubjectKind = 'owner' | 'admin';

export async function insertSession(
  db: TDb,
  session: {
    id: string;
    subjectKind: TSubjectKind;
    subjectId: number;
    expiresAt: Date;
    userAgent?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('authSessions')
    .values({ ...session, userAgent: session.userAgent?.slice(0, 300) ?? null })
    .execute();
}

/** A session that exists, belongs to that kind of subject, is not revoked and has not expired. */
export async function findLiveSession(
  db: TDb,
  id: string,
  subjectKind: TSubjectKind,
  now: Date = new Date(),
): Promise<TAuthSession | undefined> {
  return findLiveRow(db, 'authSessions', 'revokedAt', { id, subjectKind }, now);
}

export async function revokeSession(db: TDb, id: string, now: Date = new Date()): Promise<void> {
  await stampOnce(db, 'authSessions', 'revokedAt', now, { id });
}

async function revokeSessionsOf(
  db: TDb,
  subjectKind: TSubjectKind,
  subjectId: number,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  let query = db
    .updateTable('authSessions')
    .set({ revokedAt: now })
    .where('subjectKind', '=', subjectKind)
    .where('subjectId', '=', subjectId)
    .where('revokedAt', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every session of one owner or admin (logout everywhere, password change). */
export async function revokeSubjectSessions(
  db: TDb,
  subjectKind: TSubjectKind,
  subjectId: number,
  now: Date = new Date(),
): Promise<number> {
  return revokeSessionsOf(db, subjectKind, subjectId, now);
}

/**
 * Revokes every session of one owner or admin except `keepSessionId` (a password change signs the
 * other devices out and keeps this one), in one statement.
 */
export async function revokeOtherSubjectSessions(
  db: TDb,
  subjectKind: TSubjectKind,
  subjectId: number,
  keepSessionId: string,
  now: Date = new Date(),
): Promise<number> {
  return revokeSessionsOf(db, subjectKind, subjectId, now, keepSessionId);
}

export async function deleteExpiredSessions(db: TDb, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom('authSessions').where('expiresAt', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
