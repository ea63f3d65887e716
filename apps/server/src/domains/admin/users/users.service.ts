import {
  ADMIN_TEXTS,
  pageMeta,
  type TAdminUser,
  type TAdminUsersQuery,
  type TAdminUsersResponse,
  type TAdminUserUpdate,
} from '@starloop/contract';
import {
  findAdminUserRow,
  findAgentById,
  findBusinessOwnerPerson,
  findOwnerById,
  getPlatformCounters,
  hasOtherActiveBranch,
  isBusinessCodeTaken,
  isPhoneTaken,
  listAccountPersonIds,
  listAdminUsers,
  moveBusinessCode,
  revokeSubjectSessions,
  softDeleteOwner,
  type TAdminUserRow,
  type TDb,
  type TOwnerPublic,
  type TOwnerUpdate,
  updateOwner,
  updatePerson,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { movedValue, recordAdminChange, type TAdminActor } from '../../../lib/audit.ts';
import { badRequest, conflict, foundOr404, notFound, uniqueConflict } from '../../../lib/errors.ts';
import { iso, ownerIdentity } from '../../owner/auth/owner.dto.ts';

export function toAdminUser(row: TAdminUserRow): TAdminUser {
  return {
    ...ownerIdentity(row),
    status: row.status,
    plan: row.plan,
    createdAt: row.createdAt.toISOString(),
    subscriptionStart: iso(row.subscriptionStart),
    subscriptionEnd: iso(row.subscriptionEnd),
    registrationSource: row.registrationSource,
    state: row.state,
    city: row.city,
    agentName: row.salesRepName ?? row.agentRealName ?? null,
    agent:
      row.agentId !== null && row.agentRealName !== null
        ? { id: row.agentId, name: row.agentRealName, phone: row.agentPhone ?? '' }
        : null,
    deletedAt: iso(row.deletedAt),
    _count: { reviews: row.reviewCount, payments: row.paymentCount },
    account: { id: row.accountId, name: row.accountName, branches: row.accountBranches },
  };
}

/**
 * Users management list: a page of owners (deleted ones only with status=deleted) plus the summary
 * cards. Counts come from the platform counters; only a search needs a count query.
 */
export async function listUsers(deps: TDeps, query: TAdminUsersQuery): Promise<TAdminUsersResponse> {
  const request = { page: query.page, limit: query.limit, search: query.search, status: query.status };
  const [counters, page] = await Promise.all([
    getPlatformCounters(deps.db, deps.now()),
    listAdminUsers(deps.db, request),
  ]);
  const counts = counters.owners;
  return {
    success: true,
    users: page.rows.map(toAdminUser),
    meta: pageMeta(page.total, query.page, query.limit),
    activeUsers: counts.active,
    pendingUsers: counts.pending,
    deletedUsers: counts.deleted,
    counts,
  };
}

/** The activity feed's line for an admin's change to an owner (named as it is after the change). */
const ownerActivity = (
  id: number,
  owner: { businessName: string; code: string },
  done: 'updated' | 'deleted',
  admin: TAdminActor,
) => ({
  type: 'user',
  message: `${owner.businessName} was ${done} by ${admin.name}`,
  code: owner.code,
  ownerId: id,
});

/**
 * When a business stops (deleted, inactive, pending) and its account has no other active branch,
 * everyone in the account is signed out at once; with another branch left they keep working there.
 */
async function signOutAccountIfNoBranchLeft(deps: Pick<TDeps, 'now'>, trx: TDb, owner: TOwnerPublic) {
  if (await hasOtherActiveBranch(trx, owner.accountId, owner.id)) return;
  for (const personId of await listAccountPersonIds(trx, owner.accountId)) {
    await revokeSubjectSessions(trx, 'owner', personId, deps.now());
  }
}

/** The unique indexes a concurrent edit can still hit after the checks, with the 409 each check gives. */
const OWNER_UNIQUE_KEYS = {
  owners_code_key: [ADMIN_TEXTS.codeTaken, 'code'],
  business_code_history_pkey: [ADMIN_TEXTS.codeTaken, 'code'],
  persons_phone_key: [ADMIN_TEXTS.phoneTaken, 'contactNumber'],
} as const;

/** Edits an owner (not a deleted one). Phone and business code stay unique: 409 naming the field. */
export async function updateUser(
  deps: TDeps,
  id: number,
  input: TAdminUserUpdate,
  admin: TAdminActor,
): Promise<{ success: true; user: TAdminUser }> {
  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      const owner = await findOwnerById(trx, id);
      if (!owner || owner.deletedAt) throw notFound(ADMIN_TEXTS.userNotFound);
      // Where the owner signs in with the business's number (every account made before branches,
      // and every single-business one), the sign-in phone, name and email move with it.
      const person = await findBusinessOwnerPerson(trx, id);
      const signIn = person?.phone === owner.contactNumber ? person : undefined;
      if (signIn && (await isPhoneTaken(trx, input.contactNumber, signIn.id))) {
        throw conflict(ADMIN_TEXTS.phoneTaken, 'contactNumber');
      }
      if (await isBusinessCodeTaken(trx, input.code, id)) throw conflict(ADMIN_TEXTS.codeTaken, 'code');
      // A new code: the old one keeps redirecting to it and stays reserved for this business.
      const codeMoved = await moveBusinessCode(trx, {
        ownerId: id,
        from: owner.code,
        to: input.code,
        by: 'admin',
        at: deps.now(),
      });
      const patch: TOwnerUpdate = {
        name: input.name,
        businessName: input.businessName,
        contactNumber: input.contactNumber,
        code: input.code,
      };
      if (input.reviewLink !== undefined) patch.reviewLink = input.reviewLink;
      if (input.status !== undefined) patch.status = input.status;
      if (input.email !== undefined) patch.email = input.email;
      if (input.state !== undefined) patch.state = input.state;
      if (input.city !== undefined) patch.city = input.city;
      if (input.plan !== undefined) patch.plan = input.plan;
      if (input.agentId !== undefined && input.agentId !== owner.agentId) {
        if (input.agentId === null) {
          patch.agentId = null;
          patch.salesRepName = null;
        } else {
          const agent = await findAgentById(trx, input.agentId);
          if (!agent) throw badRequest(ADMIN_TEXTS.agentNotFound, 'agentId');
          patch.agentId = agent.id;
          patch.salesRepName = agent.name;
        }
      }
      await updateOwner(trx, id, patch);
      if (signIn) {
        await updatePerson(trx, signIn.id, {
          phone: input.contactNumber,
          ...(signIn.name === owner.name ? { name: input.name } : {}),
          ...(input.email !== undefined && signIn.email === owner.email ? { email: input.email } : {}),
        });
      }
      // People who may no longer sign in anywhere are signed out everywhere too.
      if (patch.status && patch.status !== 'active' && owner.status === 'active') {
        await signOutAccountIfNoBranchLeft(deps, trx, owner);
      }
      await recordAdminChange(trx, admin, {
        activity: { ...ownerActivity(id, input, 'updated', admin), meta: { fields: Object.keys(patch) } },
        audit: {
          action: 'user.update',
          targetTable: 'owners',
          targetId: id,
          details: {
            fields: Object.keys(patch),
            ...(patch.status ? movedValue('status', owner.status, patch.status) : {}),
            ...(codeMoved ? movedValue('code', owner.code, input.code) : {}),
          },
        },
      });
      const row = foundOr404(await findAdminUserRow(trx, id), ADMIN_TEXTS.userNotFound);
      return { success: true as const, user: toAdminUser(row) };
    });
    // After the commit, so no lookup can cache the row as it was.
    deps.reviewPageCache.clear();
    return result;
  } catch (error) {
    throw uniqueConflict(error, OWNER_UNIQUE_KEYS) ?? error;
  }
}

/**
 * Soft delete: the owner is counted as deleted, its review page goes off, its sessions are revoked
 * and its data is kept for the 30-day export window (a purge job removes it later).
 */
export async function deleteUser(
  deps: TDeps,
  id: number,
  admin: TAdminActor,
): Promise<{ success: true; message: string }> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const owner = await findOwnerById(trx, id);
    if (!owner || owner.deletedAt || !(await softDeleteOwner(trx, id, now))) {
      throw notFound(ADMIN_TEXTS.userNotFound);
    }
    await signOutAccountIfNoBranchLeft(deps, trx, owner);
    await recordAdminChange(trx, admin, {
      activity: ownerActivity(id, owner, 'deleted', admin),
      audit: { action: 'user.delete', targetTable: 'owners', targetId: id, details: { code: owner.code } },
    });
  });
  deps.reviewPageCache.clear();
  return { success: true, message: ADMIN_TEXTS.userDeleted };
}
