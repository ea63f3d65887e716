import { ERROR_TEXTS, type TOwnerLogin, type TOwnerLoginResponse } from '@starloop/contract';
import { findOwnerById, findOwnerCredentialsByPhone } from '@starloop/db';
import { assertOwnerMaySignIn } from '../../../auth/authenticate.ts';
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
  const owner = await findOwnerCredentialsByPhone(deps.db, input.contactNumber);
  const valid = await verifyPassword(owner?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!owner?.passwordHash || !valid) throw new AppError('UNAUTHORIZED', ERROR_TEXTS.invalidCredentials);
  await deps.rateLimiter.refund('ownerLoginFailuresPerIp', client.ip);
  await deps.rateLimiter.reset('ownerLoginFailuresPerPhone', input.contactNumber);
  assertOwnerMaySignIn(owner);
  const token = await startOwnerSession(deps, owner.id, client, 'password');
  const user = await findOwnerById(deps.db, owner.id);
  if (!user) throw unauthorized();
  deps.log.info({ ownerId: owner.id }, 'owner signed in');
  return { token, user: toOwnerUser(user), message: ERROR_TEXTS.ownerLoginSuccess };
}
