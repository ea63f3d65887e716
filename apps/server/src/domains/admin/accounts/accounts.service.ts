import {
  MEMBER_ROLES,
  type TAdminAddBranch,
  type TBranchCreated,
  type TMemberRole,
  type TMessageResult,
  USER_ACCOUNT_TEXTS,
} from '@starloop/contract';
import {
  deleteEmptyAccount,
  findAccountById,
  inTransaction,
  listAccountBusinesses,
  listAccountMemberships,
  lockAccounts,
  moveAccountInvitations,
  putMembership,
  setBusinessesAccount,
  type TMembership,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { recordAdminChange, type TAdminActor } from '../../../lib/audit.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { addBranchTo } from '../../owner/account/branch.service.ts';

/** owner > manager > staff (MEMBER_ROLES lists them strongest first). */
export const strongerRole = (a: TMemberRole, b: TMemberRole): TMemberRole =>
  MEMBER_ROLES.indexOf(a) <= MEMBER_ROLES.indexOf(b) ? a : b;

/**
 * A person's membership after a merge, from theirs in the merged account (`from`, whose "every
 * branch" means that account's branches, `fromBranchIds`) and theirs in the account it joins, if
 * any (`into`). The stronger role wins; owners work on every branch; otherwise the branches are
 * the union, and "every branch" of the joined account stays every branch. Nobody gains a branch
 * they could not use before.
 */
export function mergedMembership(
  from: Pick<TMembership, 'role' | 'businessIds'>,
  fromBranchIds: readonly number[],
  into: Pick<TMembership, 'role' | 'businessIds'> | undefined,
): { role: TMemberRole; businessIds: number[] | null } {
  const carried = from.role === 'owner' ? null : (from.businessIds ?? [...fromBranchIds]);
  if (!into) return { role: from.role, businessIds: carried };
  const role = strongerRole(from.role, into.role);
  if (role === 'owner' || into.businessIds === null || carried === null) return { role, businessIds: null };
  return { role, businessIds: [...new Set([...into.businessIds, ...carried])].sort((a, b) => a - b) };
}

/**
 * Merges account `fromId` into account `intoId`, in one transaction: every branch (deleted ones
 * too) moves, every membership moves (a person already in the other account keeps the stronger
 * role, branch limits unioned), open invitations are revoked (all of them kept, as history, on the
 * other account), and the emptied account is deleted. Nobody loses a branch, so nobody is signed
 * out. 404 when either account does not exist; 400 for the same account twice.
 */
export async function mergeAccount(
  deps: TDeps,
  fromId: number,
  intoId: number,
  admin: TAdminActor,
): Promise<TMessageResult> {
  if (fromId === intoId) throw badRequest(USER_ACCOUNT_TEXTS.mergeIntoItself, 'intoAccountId');
  const now = deps.now();
  const message = await inTransaction(deps.db, async (trx) => {
    const found = await lockAccounts(trx, [fromId, intoId]);
    if (!found.has(fromId) || !found.has(intoId)) throw notFound(USER_ACCOUNT_TEXTS.accountNotFound);
    const from = await findAccountById(trx, fromId);
    const into = await findAccountById(trx, intoId);
    if (!from || !into) throw notFound(USER_ACCOUNT_TEXTS.accountNotFound);
    const branches = await listAccountBusinesses(trx, fromId);
    const branchIds = branches.map((b) => b.id);
    const joining = await listAccountMemberships(trx, fromId);
    const present = new Map((await listAccountMemberships(trx, intoId)).map((m) => [m.personId, m]));
    const people: { personId: number; role: TMemberRole; businessIds: number[] | null }[] = [];
    for (const membership of joining) {
      const merged = mergedMembership(membership, branchIds, present.get(membership.personId));
      // A limit to no branch at all is no membership (an account without branches has none to give).
      if (merged.businessIds !== null && merged.businessIds.length === 0) continue;
      await putMembership(trx, { accountId: intoId, personId: membership.personId, ...merged }, now);
      people.push({ personId: membership.personId, ...merged });
    }
    await setBusinessesAccount(trx, { accountId: fromId }, intoId, now);
    const revokedInvitationIds = await moveAccountInvitations(trx, fromId, intoId, now);
    if (!(await deleteEmptyAccount(trx, fromId))) throw new Error(`account ${fromId} kept a business`);
    await recordAdminChange(trx, admin, {
      activity: {
        type: 'user',
        message: `${from.name} was merged into ${into.name} by ${admin.name}`,
        code: branches[0]?.code ?? null,
        ownerId: branches[0]?.id ?? null,
        meta: { fromAccountId: fromId, intoAccountId: intoId, businessIds: branchIds },
      },
      audit: {
        action: 'account.merge',
        targetTable: 'accounts',
        targetId: intoId,
        details: {
          fromAccountId: fromId,
          fromName: from.name,
          businessIds: branchIds,
          personIds: people.map((p) => p.personId),
          revokedInvitationIds,
        },
      },
    });
    return USER_ACCOUNT_TEXTS.accountMerged(from.name, into.name, branches.length);
  });
  deps.reviewPageCache.clear();
  deps.log.info({ adminId: admin.id, fromAccountId: fromId, intoAccountId: intoId }, 'accounts merged');
  return { success: true, message };
}

/**
 * POST /api/admin/accounts/{id}/branches: an admin adds a branch to an existing account, as its
 * owners can (pending on the account's plan until its payment: the owner pays on the Plan page, or
 * an admin records a manual payment). The account's plan and the new business's owner details come
 * from its first live branch; an account without one is a 404 (nothing to be a branch of).
 */
export async function addAccountBranch(
  deps: TDeps,
  input: TAdminAddBranch,
  admin: TAdminActor,
): Promise<TBranchCreated> {
  const { id: accountId, ...branch } = input;
  if (!(await findAccountById(deps.db, accountId))) throw notFound(USER_ACCOUNT_TEXTS.accountNotFound);
  const first = (await listAccountBusinesses(deps.db, accountId)).find((b) => !b.deletedAt);
  if (!first) throw notFound(USER_ACCOUNT_TEXTS.accountNotFound);
  return addBranchTo(
    deps,
    {
      accountId,
      plan: first.plan,
      name: first.name,
      email: first.email,
      actor: { actorKind: 'admin', actorId: admin.id, ip: admin.ip },
      adminId: admin.id,
      details: { byAdmin: admin.id },
    },
    branch,
  );
}
