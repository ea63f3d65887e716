import { ERROR_TEXTS, type TOwnerLogin, type TOwnerLoginResponse } from '@starloop/contract';
import { findMemberContext, findPersonCredentialsByPhone } from '@starloop/db';
import { assertClosedAccountAccess, assertOwnerMaySignIn } from '../../../auth/authenticate.ts';
import { dummyPasswordHash, verifyPassword } from '../../../auth/passwords.ts';
import { startOwnerSession } from '../../../auth/sign-in.ts';
import type { TDeps } from '../../../context.ts';
import { AppError, unauthorized } from '../../../lib/errors.ts';
import { toOwnerUser } from './owner.dto.ts';

export async function loginOwner(
  deps: TDeps,
  input: TOwnerLogin,
  client: { ip: string; userAgent?: string | undefined },
): Promise<TOwnerLoginResponse> {
  // Every attempt takes a point before the password is checked, so guesses sent in parallel are
  // counted too; the right password gives its points back. Only failures stay counted, and a shop
  // signing in all day from one address is never blocked.
  await deps.rateLimiter.consume('ownerLoginFailuresPerIp', client.ip);
  try {
    await deps.rateLimiter.consume('ownerLoginFailuresPerPhone', input.contactNumber);
  } catch (error) {
    await deps.rateLimiter.refund('ownerLoginFailuresPerIp', client.ip);
    throw error;
  }
  const person = await findPersonCredentialsByPhone(deps.db, input.contactNumber);
  const valid = await verifyPassword(person?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!person?.passwordHash || !valid) throw new AppError('UNAUTHORIZED', ERROR_TEXTS.invalidCredentials);
  await deps.rateLimiter.refund('ownerLoginFailuresPerIp', client.ip);
  await deps.rateLimiter.reset('ownerLoginFailuresPerPhone', input.contactNumber);
  // The person's first branch (active ones first) answers as the signed-in owner, in the spec's shape.
  const context = await findMemberContext(deps.db, person.id);
  if (!context) throw unauthorized();
  // A closed account's owners sign in to its restricted state (the closure banner and the export).
  if (context.business.closedAt) assertClosedAccountAccess(context.business, context.membership.role, true);
  else assertOwnerMaySignIn(context.business);
  const token = await startOwnerSession(deps, person.id, client, 'password');
  deps.log.info({ personId: person.id, ownerId: context.business.id }, 'owner signed in');
  return { token, user: toOwnerUser(context.business), message: ERROR_TEXTS.ownerLoginSuccess };
}
