import { ERROR_TEXTS, type TAdminLogin } from '@starloop/contract';
import { findAdminByEmail, touchAdminLastLogin } from '@starloop/db';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords.ts';
import type { TDeps } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';

export async function loginAdmin(
  deps: TDeps,
  input: TAdminLogin,
  client: { ip: string; userAgent?: string | undefined },
): Promise<{ token: string; message: string }> {
  await deps.rateLimiter.consume('adminLoginPerIp', client.ip);
  await deps.rateLimiter.consume('adminLoginPerIdentity', input.email);
  const admin = await findAdminByEmail(deps.db, input.email);
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!admin || !valid || admin.status !== 'active') {
    throw new AppError('UNAUTHORIZED', ERROR_TEXTS.invalidAdminCredentials);
  }
  await deps.rateLimiter.reset('adminLoginPerIdentity', input.email);
  await touchAdminLastLogin(deps.db, admin.id, deps.now());
  const { token } = await deps.tokens.issue('admin', admin.id, client.userAgent);
  deps.log.info({ adminId: admin.id }, 'admin signed in');
  return { token, message: ERROR_TEXTS.adminLoginSuccess };
}
