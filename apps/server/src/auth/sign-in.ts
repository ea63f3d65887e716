import { touchAdminLastLogin } from '@starloop/db';
import type { TDeps } from '../context.ts';
import { auditBy } from '../lib/audit.ts';
import { clearAdminSignInFailuresOf } from './sign-in-delay.ts';

/**
 * Where a session starts. Every owner and admin sign-in goes through here, so every one of them
 * leaves an audit row (who, how, from which address).
 */

export interface TSignInClient {
  ip: string;
  userAgent?: string | undefined;
}

/** How an owner got in: the password, a set/reset-password link, or a paid registration. */
export type TOwnerSignInVia = 'password' | 'password_link' | 'payment';

/** A person's session in the owner area (the token's subject is the person, migration 0021). */
export async function startOwnerSession(
  deps: Pick<TDeps, 'db' | 'tokens'>,
  personId: number,
  client: TSignInClient,
  via: TOwnerSignInVia,
): Promise<string> {
  const { token } = await deps.tokens.issue('owner', personId, client.userAgent);
  await auditBy(
    deps.db,
    { actorKind: 'owner', actorId: personId, ip: client.ip },
    { action: 'owner.sign_in', targetTable: 'persons', targetId: personId, details: { via } },
  );
  return token;
}

/** How an admin got in: the password alone, a TOTP code, a recovery code, or enrolling. */
export type TAdminSignInMethod = 'password' | 'totp' | 'recovery_code' | 'totp_enrolment';

/** The last step of an admin sign-in: the failure count is cleared and lastLogin set. */
export async function startAdminSession(
  deps: Pick<TDeps, 'db' | 'tokens' | 'now' | 'log'>,
  adminId: number,
  client: TSignInClient,
  method: TAdminSignInMethod,
): Promise<string> {
  await clearAdminSignInFailuresOf(deps, adminId);
  await touchAdminLastLogin(deps.db, adminId, deps.now());
  const { token } = await deps.tokens.issue('admin', adminId, client.userAgent);
  await auditBy(
    deps.db,
    { actorKind: 'admin', actorId: adminId, ip: client.ip },
    { action: 'admin.sign_in', targetTable: 'admins', targetId: adminId, details: { method } },
  );
  deps.log.info({ adminId, method }, 'admin signed in');
  return token;
}
