import {
  ADMIN_TEXTS,
  type TAdminAccount,
  type TAdminAccountCreate,
  type TAdminAccountResponse,
  type TAdminAccountsResponse,
  type TAdminAccountUpdate,
} from '@starloop/contract';
import {
  countActiveSuperAdmins,
  findAdminById,
  insertAdmin,
  isUniqueViolation,
  listAdmins,
  lockActiveSuperAdmins,
  revokeSubjectSessions,
  type TAdminPublic,
  updateAdmin,
} from '@starloop/db';
import { assertPasswordNotCommon } from '../../../auth/common-passwords.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import type { TDeps } from '../../../context.ts';
import { movedValue, recordAdminChange, type TAdminActor } from '../../../lib/audit.ts';
import { AppError, badRequest, conflict, foundOr404 } from '../../../lib/errors.ts';

/** Never the password hash. */
export function toAdminAccount(admin: TAdminPublic): TAdminAccount {
  return {
    id: admin.id,
    name: admin.name,
    email: admin.email,
    role: admin.role,
    status: admin.status,
    createdAt: admin.createdAt.toISOString(),
    lastLogin: admin.lastLogin ? admin.lastLogin.toISOString() : null,
  };
}

export async function listAdminAccounts(deps: TDeps): Promise<TAdminAccountsResponse> {
  return { admins: (await listAdmins(deps.db)).map(toAdminAccount) };
}

/** A super_admin creates another admin (the caller's role is checked by the adapter). */
export async function createAdminAccount(
  deps: TDeps,
  actor: TAdminActor,
  input: TAdminAccountCreate,
): Promise<TAdminAccountResponse> {
  assertPasswordNotCommon(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const admin = await insertAdmin(trx, {
        name: input.name,
        email: input.email,
        passwordHash,
        role: input.role,
      });
      await recordAdminChange(trx, actor, {
        activity: {
          type: 'admin',
          message: `Admin ${admin.name} (${admin.role}) created by ${actor.name}`,
          meta: { createdAdminId: admin.id },
        },
        audit: {
          action: 'admin.create',
          targetTable: 'admins',
          targetId: admin.id,
          details: { email: admin.email, role: admin.role },
        },
      });
      return { success: true as const, admin: toAdminAccount(admin) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(ADMIN_TEXTS.adminEmailTaken, 'email');
    }
    throw error;
  }
}

/**
 * A super_admin changes another admin's role or status. Nobody disables themselves, and the last
 * active super_admin can be neither demoted nor disabled; the super admins' rows are locked first
 * so two such changes at the same moment cannot leave none. A disabled admin's tokens are revoked.
 */
export async function updateAdminAccount(
  deps: TDeps,
  id: number,
  input: TAdminAccountUpdate,
  actor: TAdminActor,
): Promise<TAdminAccountResponse> {
  return deps.db.transaction().execute(async (trx) => {
    const superAdmins = await lockActiveSuperAdmins(trx);
    const target = foundOr404(await findAdminById(trx, id), ADMIN_TEXTS.adminNotFound);
    if (input.status === 'disabled' && id === actor.id) {
      throw badRequest(ADMIN_TEXTS.cannotDisableSelf, 'status');
    }
    const losesSuper =
      superAdmins.includes(id) &&
      ((input.role !== undefined && input.role !== 'super_admin') || input.status === 'disabled');
    if (losesSuper && (await countActiveSuperAdmins(trx)) <= 1) {
      throw new AppError(
        'CONFLICT',
        ADMIN_TEXTS.lastSuperAdmin,
        input.status === 'disabled' ? 'status' : 'role',
      );
    }
    const updated = foundOr404(
      await updateAdmin(trx, id, {
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
      }),
      ADMIN_TEXTS.adminNotFound,
    );
    if (input.status === 'disabled' && target.status !== 'disabled') {
      await revokeSubjectSessions(trx, 'admin', id, deps.now());
    }
    await recordAdminChange(trx, actor, {
      activity: {
        type: 'admin',
        message: `Admin ${updated.name} is now ${updated.role} (${updated.status}), changed by ${actor.name}`,
        meta: { changedAdminId: id, ...input },
      },
      audit: {
        action: 'admin.update',
        targetTable: 'admins',
        targetId: id,
        details: {
          ...movedValue('role', target.role, updated.role),
          ...movedValue('status', target.status, updated.status),
        },
      },
    });
    return { success: true as const, admin: toAdminAccount(updated) };
  });
}
