import { EMAIL_PATTERN } from '@starloop/contract';
import {
  clearAdminSignInFailures,
  deleteAdminTwoFactor,
  findAdminByEmail,
  inTransaction,
  recordAudit,
  revokeSubjectSessions,
  type TDb,
} from '@starloop/db';
import { z } from 'zod';
import { CliError } from './cli-error.ts';

const email = (flag: string) =>
  z
    .string({ message: `${flag} is required` })
    .trim()
    .toLowerCase()
    .regex(EMAIL_PATTERN, `${flag} must be an email address`);

export const ZAdminResetTwoFactorArgs = z.object({
  /** The admin whose authenticator app is lost or replaced. */
  email: email('--email'),
  /** The super admin who asks for it: named in the audit trail. */
  by: email('--by'),
});

/**
 * admin:reset-2fa: a super admin removes an admin's authenticator secret and recovery codes (a lost
 * phone). The admin's sessions are signed out; at the next sign-in they set up a new app if
 * two-factor sign-in is required (or sign in with the password alone if not).
 */
export async function adminResetTwoFactor(
  db: TDb,
  rawArgs: Record<string, unknown>,
  now: Date = new Date(),
): Promise<string> {
  const parsed = ZAdminResetTwoFactorArgs.safeParse(rawArgs);
  if (!parsed.success) throw new CliError(parsed.error.issues.map((i) => i.message).join('\n'));
  const args = parsed.data;
  const by = await findAdminByEmail(db, args.by);
  if (by?.role !== 'super_admin' || by.status !== 'active') {
    throw new CliError(`--by must name an active super admin; ${args.by} is not one. Nothing was changed.`);
  }
  const target = await findAdminByEmail(db, args.email);
  if (!target) throw new CliError(`No admin has the email ${args.email}. Nothing was changed.`);
  const { hadTwoFactor, sessionsSignedOut } = await inTransaction(db, async (trx) => {
    const removed = await deleteAdminTwoFactor(trx, target.id);
    const revoked = await revokeSubjectSessions(trx, 'admin', target.id, now);
    await clearAdminSignInFailures(trx, target.id);
    await recordAudit(trx, {
      actorKind: 'admin',
      actorId: by.id,
      action: 'two_factor.reset',
      targetTable: 'admins',
      targetId: target.id,
      details: { via: 'cli', hadTwoFactor: removed, sessionsSignedOut: revoked },
    });
    return { hadTwoFactor: removed, sessionsSignedOut: revoked };
  });
  const signedOut = `${sessionsSignedOut} session(s) signed out`;
  return hadTwoFactor
    ? `Two-factor sign-in of ${target.email} was reset by ${by.email} (${signedOut}). They set up a new authenticator app at their next sign-in.`
    : `${target.email} had no authenticator app set up; open sign-in challenges were cleared (${signedOut}).`;
}
