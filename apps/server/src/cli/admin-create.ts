import { ADMIN_ROLES, EMAIL_PATTERN, LIMITS, SECURITY_TEXTS } from '@starloop/contract';
import {
  findAdminByEmail,
  insertAdmin,
  inTransaction,
  isUniqueViolation,
  recordActivity,
  recordAudit,
  type TDb,
} from '@starloop/db';
import { z } from 'zod';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { CliError } from './cli-error.ts';

export const ZAdminCreateArgs = z.object({
  email: z
    .string({ message: '--email is required' })
    .trim()
    .toLowerCase()
    .regex(EMAIL_PATTERN, '--email must be an email address'),
  password: z
    .string({ message: '--password (or --password-stdin) is required' })
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
  if (isCommonPassword(args.password)) throw new CliError(`--password: ${SECURITY_TEXTS.commonPassword}`);
  if (await findAdminByEmail(db, args.email)) {
    throw new CliError(`An admin with the email ${args.email} already exists. Nothing was changed.`);
  }
  const passwordHash = await hashPassword(args.password);
  try {
    const admin = await inTransaction(db, async (trx) => {
      const created = await insertAdmin(trx, {
        name: args.name,
        email: args.email,
        passwordHash,
        role: args.role,
      });
      await recordActivity(trx, {
        type: 'admin',
        message: `Admin ${created.name} (${created.role}) created from the command line`,
        adminId: created.id,
      });
      // Nobody signed in did it: the command line (someone with the database) is the actor.
      await recordAudit(trx, {
        actorKind: 'system',
        actorId: null,
        action: 'admin.create',
        targetTable: 'admins',
        targetId: created.id,
        details: { email: created.email, role: created.role, via: 'cli' },
      });
      return created;
    });
    return `Created ${admin.role} ${admin.name} <${admin.email}> (id ${admin.id}).`;
  } catch (error) {
    // A concurrent create of the same email loses on the unique index.
    if (isUniqueViolation(error)) {
      throw new CliError(`An admin with the email ${args.email} already exists. Nothing was changed.`);
    }
    throw error;
  }
}
