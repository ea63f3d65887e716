import { randomBytes } from 'node:crypto';
import {
  ADMIN_SECURITY_TEXTS,
  ERROR_TEXTS,
  SIGN_IN_CHALLENGE_SECONDS,
  type TAdminLogin,
  type TAdminSignInAnswer,
  type TAdminTotpEnrol,
  type TAdminTotpEnrolAnswer,
  type TAdminTotpVerify,
  type TAdminTotpVerifyAnswer,
  type TAdminTwoFactorChallenge,
  type TAuditAction,
  type TMessageResult,
} from '@starloop/contract';
import {
  claimTotpTimeStep,
  consumeRecoveryCode,
  consumeSignInChallenge,
  countUnusedRecoveryCodes,
  findAdminByEmail,
  findAdminById,
  findAdminPasswordHash,
  findAdminTwoFactor,
  findLiveSignInChallenge,
  getAdminSecuritySettings,
  inTransaction,
  issueSignInChallenge,
  replaceRecoveryCodes,
  revokeOtherSubjectSessions,
  saveAdminTwoFactor,
  type TAdminPublic,
  type TDb,
  type TSignInChallengePurpose,
  updateAdmin,
} from '@starloop/db';
import { assertPasswordNotCommon } from '../../../auth/common-passwords.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../auth/passwords.ts';
import { startAdminSession, type TSignInClient } from '../../../auth/sign-in.ts';
import { refundAdminSignInAttempt, startAdminSignInAttempt } from '../../../auth/sign-in-delay.ts';
import {
  checkTotp,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpUri,
} from '../../../auth/totp.ts';
import type { TDeps } from '../../../context.ts';
import { auditByAdmin, type TAdminActor } from '../../../lib/audit.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';

const TOTP_CODE = /^\d{6}$/;

const challengeExpired = () => new AppError('UNAUTHORIZED', ADMIN_SECURITY_TEXTS.challengeExpired);
const codeWrong = () => new AppError('UNAUTHORIZED', ADMIN_SECURITY_TEXTS.codeWrong, 'code');

/** A second-step challenge: a random token handed out once; only its hash is stored. */
async function issueChallenge(
  deps: TDeps,
  admin: TAdminPublic,
  purpose: TSignInChallengePurpose,
  pendingSecret?: string,
): Promise<TAdminTwoFactorChallenge> {
  const challengeToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now().getTime() + SIGN_IN_CHALLENGE_SECONDS * 1000);
  await issueSignInChallenge(deps.db, {
    token: challengeToken,
    adminId: admin.id,
    purpose,
    pendingSecretSealed: pendingSecret ? sealSecret(deps.config.tokenSecret, pendingSecret) : null,
    expiresAt,
  });
  return { step: purpose, challengeToken, expiresAt: expiresAt.toISOString() };
}

/**
 * Step one: email and password. An admin without two-factor sign-in (and while it is not required)
 * gets the spec's `{ token, message }`. Otherwise the answer carries no token but a challenge: enter
 * a code (enrolled admins), or set up the app first (when a super admin requires it).
 * Every attempt counts against the address and, for a known account, its growing delay.
 */
export async function loginAdmin(
  deps: TDeps,
  input: TAdminLogin,
  client: TSignInClient,
): Promise<TAdminSignInAnswer> {
  await deps.rateLimiter.consume('adminLoginPerIp', client.ip);
  const admin = await findAdminByEmail(deps.db, input.email);
  if (admin) await startAdminSignInAttempt(deps, admin.id);
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!admin || !valid || admin.status !== 'active') {
    throw new AppError('UNAUTHORIZED', ERROR_TEXTS.invalidAdminCredentials);
  }
  if (await findAdminTwoFactor(deps.db, admin.id)) {
    // The password was right: only the code step counts from here.
    await refundAdminSignInAttempt(deps, admin.id);
    return {
      message: ADMIN_SECURITY_TEXTS.codeNeeded,
      twoFactor: await issueChallenge(deps, admin, 'verify'),
    };
  }
  if ((await getAdminSecuritySettings(deps.db)).twoFactorRequired) {
    await refundAdminSignInAttempt(deps, admin.id);
    const secret = newTotpSecret();
    const challenge = await issueChallenge(deps, admin, 'enrol', secret);
    return {
      message: ADMIN_SECURITY_TEXTS.enrolNeeded,
      twoFactor: { ...challenge, enrolment: { secret, otpauthUri: totpUri(secret, admin.email) } },
    };
  }
  const token = await startAdminSession(deps, admin.id, client, 'password');
  return { token, message: ERROR_TEXTS.adminLoginSuccess };
}

/** A step of an admin's own sign-in security, audited with the admin as both actor and target. */
const auditOwnStep = (
  trx: TDb,
  admin: { id: number; name: string },
  client: TSignInClient,
  action: TAuditAction,
  details: Record<string, unknown>,
) =>
  auditByAdmin(
    trx,
    { id: admin.id, name: admin.name, ip: client.ip },
    { action, targetTable: 'admins', targetId: admin.id, details },
  );

/** The challenge's admin, still active, with this attempt counted (a 429 while the delay runs). */
async function challengedAdmin(
  deps: TDeps,
  challengeToken: string,
  purpose: TSignInChallengePurpose,
  client: TSignInClient,
) {
  // A wrong code costs a point of the same address limit as a wrong password.
  await deps.rateLimiter.consume('adminLoginPerIp', client.ip);
  const challenge = await findLiveSignInChallenge(deps.db, challengeToken, purpose, deps.now());
  const admin = challenge ? await findAdminById(deps.db, challenge.adminId) : undefined;
  if (!challenge || !admin || admin.status !== 'active') throw challengeExpired();
  await startAdminSignInAttempt(deps, admin.id);
  return { challenge, admin };
}

/**
 * Step two for an enrolled admin: a TOTP code (each accepted once) or one recovery code (each
 * works once). The challenge is spent only by a right code, in the same transaction.
 */
export async function verifyAdminTotp(
  deps: TDeps,
  input: TAdminTotpVerify,
  client: TSignInClient,
): Promise<TAdminTotpVerifyAnswer> {
  const { challenge, admin } = await challengedAdmin(deps, input.challengeToken, 'verify', client);
  const twoFactor = await findAdminTwoFactor(deps.db, admin.id);
  if (!twoFactor) throw challengeExpired();
  const now = deps.now();
  const byRecoveryCode = !TOTP_CODE.test(input.code);

  await inTransaction(deps.db, async (trx) => {
    if (!(await consumeSignInChallenge(trx, challenge.id, now))) throw challengeExpired();
    if (byRecoveryCode) {
      if (!(await consumeRecoveryCode(trx, admin.id, hashRecoveryCode(input.code), now))) throw codeWrong();
      await auditOwnStep(trx, admin, client, 'two_factor.recovery_code_use', {
        recoveryCodesLeft: await countUnusedRecoveryCodes(trx, admin.id),
      });
      return;
    }
    const secret = openSecret(deps.config.tokenSecret, twoFactor.secretSealed);
    const step = secret ? await checkTotp(secret, input.code, now, twoFactor.lastTimeStep) : undefined;
    // Claimed in the database: the same code sent twice at once passes once.
    if (step === undefined || !(await claimTotpTimeStep(trx, admin.id, step))) throw codeWrong();
  });

  const token = await startAdminSession(deps, admin.id, client, byRecoveryCode ? 'recovery_code' : 'totp');
  if (!byRecoveryCode) return { token, message: ERROR_TEXTS.adminLoginSuccess };
  const left = await countUnusedRecoveryCodes(deps.db, admin.id);
  return { token, message: ADMIN_SECURITY_TEXTS.recoveryCodeUsed(left), recoveryCodesLeft: left };
}

/**
 * Step two for an admin setting up the app: a code from it confirms the secret, which is stored
 * (sealed) with ten fresh recovery codes (hashed) in one transaction; the codes are answered once.
 */
export async function enrolAdminTotp(
  deps: TDeps,
  input: TAdminTotpEnrol,
  client: TSignInClient,
): Promise<TAdminTotpEnrolAnswer> {
  const { challenge, admin } = await challengedAdmin(deps, input.challengeToken, 'enrol', client);
  const sealed = challenge.pendingSecretSealed;
  const secret = sealed ? openSecret(deps.config.tokenSecret, sealed) : undefined;
  if (!sealed || !secret) throw challengeExpired();
  const now = deps.now();
  const step = await checkTotp(secret, input.code, now);
  if (step === undefined) throw codeWrong();

  const recoveryCodes = newRecoveryCodes();
  await inTransaction(deps.db, async (trx) => {
    if (!(await consumeSignInChallenge(trx, challenge.id, now))) throw challengeExpired();
    await saveAdminTwoFactor(trx, admin.id, sealed, step, now);
    await replaceRecoveryCodes(trx, admin.id, recoveryCodes.map(hashRecoveryCode));
    await auditOwnStep(trx, admin, client, 'two_factor.enrol', { recoveryCodes: recoveryCodes.length });
  });
  const token = await startAdminSession(deps, admin.id, client, 'totp_enrolment');
  return { token, message: ADMIN_SECURITY_TEXTS.enrolled, recoveryCodes };
}

/**
 * The signed-in admin changes their own password: the current one is checked (a wrong one counts
 * like a failed sign-in), a common one is refused, and every other session of theirs is signed out.
 */
export async function changeAdminPassword(
  deps: TDeps,
  actor: TAdminActor,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<TMessageResult> {
  await startAdminSignInAttempt(deps, actor.id);
  if (!(await verifyPassword(await findAdminPasswordHash(deps.db, actor.id), input.currentPassword))) {
    throw badRequest(ADMIN_SECURITY_TEXTS.currentPasswordWrong, 'currentPassword');
  }
  await refundAdminSignInAttempt(deps, actor.id);
  if (input.newPassword === input.currentPassword) {
    throw badRequest(ADMIN_SECURITY_TEXTS.samePassword, 'newPassword');
  }
  assertPasswordNotCommon(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(deps.db, async (trx) => {
    await updateAdmin(trx, actor.id, { passwordHash });
    const signedOut = await revokeOtherSubjectSessions(trx, 'admin', actor.id, sessionId, deps.now());
    await auditByAdmin(trx, actor, {
      action: 'admin.password_change',
      targetTable: 'admins',
      targetId: actor.id,
      details: { otherSessionsSignedOut: signedOut },
    });
  });
  return { success: true, message: ADMIN_SECURITY_TEXTS.passwordChanged };
}
