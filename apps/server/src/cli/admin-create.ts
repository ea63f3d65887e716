import { ADMIN_ROLES, EMAIL_PATTERN, LIMITS } from '@starloop/contract';
import { findAdminByEmail, insertAdmin, recordActivity, type TDb } from '@starloop/db';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords.ts';
import { CliError } from './cli-error.ts';

export const ZAdminCreateArgs = z.object({
  email: z
    .string({ message: '--email is required' })
    .trim()
    .toLowerCase()
    .regex(EMAIL_PATTERN, '--email must be an email address'),
  password: z
    .string({ message: '--password is required' })
    .min(LIMITS.passwordMin, `--password must be at least ${LIMITS.passwordMin} characters`),
  name: z.string({ message: '--name is required' }).trim().min(1, '--name is required'),
  role: z
    .enum(ADMIN_ROLES, { message: `--role must be one of ${ADMIN_ROLES.join(', ')}` })
    .default('super_admin'),
});
export type TAdminCreateArgs = z.infer<typeof ZAdminCreateArgs>;

export async function adminCreate(db: TDb, rawArgs: Record<string, unknown>): Promise<string> {
  const parsed = ZAdminCreateArgs.safeParse(rawArgs);
  if (!parsed.success) throw new CliError(parsed.error.issues.map((i) => i.message).join('\n'));
  const args = parsed.data;
  if (await findAdminByEmail(db, args.email)) {
    throw new CliError(`An admin with the email ${args.email} already exists. Nothing was changed.`);
  }
  const passwordHash = await hashPassword(args.password);
  try {
    const admin = await insertAdmin(db, {
      name: args.name,
      email: args.email,
      passwordHash,
      role: args.role,
    });
    await recordActivity(db, {
      type: 'admin',
      message: `Admin ${admin.name} (${admin.role}) created from the command line`,
      adminId: admin.id,
    });
    return `Created ${admin.role} ${admin.name} <${admin.email}> (id ${admin.id}).`;
  } catch (error) {
    // A concurrent create of the same email loses on the unique index.
    if (String((error as { code?: string }).code) === '23505') {
      throw new CliError(`An admin with the email ${args.email} already exists. Nothing was changed.`);
    }
    throw error;
  }
}
