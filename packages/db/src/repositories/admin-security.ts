import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TAdminSignInChallenge, TSignInChallengePurpose } from '../database.ts';
import { hashToken } from './one-time-tokens.ts';
import { findLiveRow, stampOnce, useLiveRow } from './records.ts';

/*
 * Admin sign-in security (migration 0010): the settings row, TOTP secrets, recovery codes, the
 * second-step challenges and the per-account failure count behind the growing delay. Secrets arrive
 * here sealed and codes hashed: this module never sees a usable secret or code.
 */

// ------------------------------------------------------------------------------------ settings

export interface TAdminSecuritySettingsRow {
  twoFactorRequired: boolean;
  updatedAt: Date;
  updatedByAdminId: number | null;
}

export async function getAdminSecuritySettings(db: TDb): Promise<TAdminSecuritySettingsRow> {
  const row = await db
    .selectFrom('adminSecuritySettings')
    .select(['twoFactorRequired', 'updatedAt', 'updatedByAdminId'])
    .executeTakeFirst();
  // The migration inserts the row; a database without it behaves as "not required".
  return row ?? { twoFactorRequired: false, updatedAt: new Date(0), updatedByAdminId: null };
}

export async function setTwoFactorRequired(
  db: TDb,
  required: boolean,
  adminId: number,
  now: Date = new Date(),
): Promise<TAdminSecuritySettingsRow> {
  return db
    .updateTable('adminSecuritySettings')
    .set({ twoFactorRequired: required, updatedAt: now, updatedByAdminId: adminId })
    .returning(['twoFactorRequired', 'updatedAt', 'updatedByAdminId'])
    .executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------- TOTP secret

export interface TAdminTwoFactor {
  adminId: number;
  secretSealed: string;
  lastTimeStep: number | null;
  enrolledAt: Date;
}

export async function findAdminTwoFactor(db: TDb, adminId: number): Promise<TAdminTwoFactor | undefined> {
  return db.selectFrom('adminTwoFactor').selectAll().where('adminId', '=', adminId).executeTakeFirst();
}

/** Stores (or replaces) an admin's confirmed secret. */
export async function saveAdminTwoFactor(
  db: TDb,
  adminId: number,
  secretSealed: string,
  lastTimeStep: number,
  now: Date = new Date(),
): Promise<void> {
  const secret = { secretSealed, lastTimeStep, enrolledAt: now };
  await db
    .insertInto('adminTwoFactor')
    .values({ adminId, ...secret })
    .onConflict((oc) => oc.column('adminId').doUpdateSet(secret))
    .execute();
}

/**
 * Records the time step of an accepted code, atomically: false when that step (or a later one) was
 * already used, so two requests with the same code cannot both pass.
 */
export async function claimTotpTimeStep(db: TDb, adminId: number, timeStep: number): Promise<boolean> {
  const result = await db
    .updateTable('adminTwoFactor')
    .set({ lastTimeStep: timeStep })
    .where('adminId', '=', adminId)
    .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes an admin's secret, recovery codes and open challenges; true when a secret was there. */
export async function deleteAdminTwoFactor(db: TDb, adminId: number): Promise<boolean> {
  await db.deleteFrom('adminRecoveryCodes').where('adminId', '=', adminId).execute();
  await db.deleteFrom('adminSignInChallenges').where('adminId', '=', adminId).execute();
  const result = await db.deleteFrom('adminTwoFactor').where('adminId', '=', adminId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ------------------------------------------------------------------------------- recovery codes

/** Replaces an admin's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: TDb, adminId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('adminRecoveryCodes').where('adminId', '=', adminId).execute();
  if (codeHashes.length === 0) return;
  await db
    .insertInto('adminRecoveryCodes')
    .values(codeHashes.map((codeHash) => ({ adminId, codeHash })))
    .execute();
}

/** Marks an unused code used, atomically: true once per code, false for anything else. */
export async function consumeRecoveryCode(
  db: TDb,
  adminId: number,
  codeHash: string,
  now: Date = new Date(),
): Promise<boolean> {
  return stampOnce(db, 'adminRecoveryCodes', 'usedAt', now, { adminId, codeHash });
}

export async function countUnusedRecoveryCodes(db: TDb, adminId: number): Promise<number> {
  const row = await db
    .selectFrom('adminRecoveryCodes')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('adminId', '=', adminId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ----------------------------------------------------------------------------------- challenges

/**
 * Stores a challenge for a token the caller made and hands out once. An admin has at most one: a
 * newer sign-in replaces any older challenge (and keeps the table small).
 */
export async function issueSignInChallenge(
  db: TDb,
  challenge: {
    token: string;
    adminId: number;
    purpose: TSignInChallengePurpose;
    pendingSecretSealed?: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.deleteFrom('adminSignInChallenges').where('adminId', '=', challenge.adminId).execute();
  await db
    .insertInto('adminSignInChallenges')
    .values({
      tokenHash: hashToken(challenge.token),
      adminId: challenge.adminId,
      purpose: challenge.purpose,
      pendingSecretSealed: challenge.pendingSecretSealed ?? null,
      expiresAt: challenge.expiresAt,
    })
    .execute();
}

/** A challenge of that purpose that is unused and unexpired, or undefined. */
export async function findLiveSignInChallenge(
  db: TDb,
  token: string,
  purpose: TSignInChallengePurpose,
  now: Date = new Date(),
): Promise<TAdminSignInChallenge | undefined> {
  return findLiveRow(db, 'adminSignInChallenges', 'usedAt', { tokenHash: hashToken(token), purpose }, now);
}

/** Marks the challenge used, atomically: a challenge finishes one sign-in only. */
export async function consumeSignInChallenge(db: TDb, id: number, now: Date = new Date()): Promise<boolean> {
  return (await useLiveRow(db, 'adminSignInChallenges', { id }, now)) !== undefined;
}

// -------------------------------------------------------------------------- sign-in failures

export interface TSignInFailures {
  failedSignIns: number;
  signInBlockedUntil: Date | null;
}

/** The admin's failure count and block, locked for the rest of the transaction. */
export async function lockAdminSignInFailures(
  db: TDb,
  adminId: number,
): Promise<TSignInFailures | undefined> {
  return db
    .selectFrom('admins')
    .select(['failedSignIns', 'signInBlockedUntil'])
    .where('id', '=', adminId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setAdminSignInFailures(
  db: TDb,
  adminId: number,
  failures: TSignInFailures,
): Promise<void> {
  await db
    .updateTable('admins')
    .set({ failedSignIns: failures.failedSignIns, signInBlockedUntil: failures.signInBlockedUntil })
    .where('id', '=', adminId)
    .execute();
}

/** Gives back one counted attempt (it turned out not to be a failure) and lifts the block. */
export async function refundAdminSignInFailure(db: TDb, adminId: number): Promise<void> {
  await db
    .updateTable('admins')
    .set({
      failedSignIns: sql<number>`greatest(failed_sign_ins - 1, 0)`,
      signInBlockedUntil: null,
    })
    .where('id', '=', adminId)
    .execute();
}

export async function clearAdminSignInFailures(db: TDb, adminId: number): Promise<void> {
  await db
    .updateTable('admins')
    .set({ failedSignIns: 0, signInBlockedUntil: null })
    .where('id', '=', adminId)
    .execute();
}

/** The admin's password hash (password change), never returned to a caller. */
export async function findAdminPasswordHash(db: TDb, adminId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('admins')
    .select('passwordHash')
    .where('id', '=', adminId)
    .executeTakeFirst();
  return row?.passwordHash;
}
