import {
  ADMIN_TEXTS,
  type TAdminUserAccount,
  type TMessageResult,
  TOKEN_TTL,
  USER_ACCOUNT_TEXTS,
} from '@starloop/contract';
import {
  countOtherLiveBranches,
  dropBranchFromAccount,
  findAccountById,
  findBusinessOwnerPerson,
  findOwnerById,
  inTransaction,
  issueOneTimeToken,
  listAccountAudit,
  listAccountBusinesses,
  listAccountMembers,
  listAccountPasswordStates,
  listOpenInvitations,
  lockAccounts,
  lockBusiness,
  lockPersonPasswordState,
  retireOneTimeTokens,
  revokeSubjectSessions,
  setBusinessesAccount,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { recordAdminChange, type TAdminActor } from '../../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { getAccountClosure } from '../../owner/account/account-closure.service.ts';
import { iso } from '../../owner/auth/owner.dto.ts';
import { toAccountAudit } from './account-audit.dto.ts';

/** How many audit rows the user details show. */
export const ACCOUNT_AUDIT_LIMIT = 50;

/**
 * The account of a business as admins see it: the account, its branches (deleted ones too), its
 * people with their roles, branches and whether they chose a password, the invitations still open
 * and, for super admins (the audit trail is theirs), its newest audit rows.
 */
export async function getUserAccount(
  deps: Pick<TDeps, 'db' | 'now'>,
  businessId: number,
  options: { withAudit: boolean },
): Promise<TAdminUserAccount> {
  const business = await findOwnerById(deps.db, businessId);
  if (!business) throw notFound(ADMIN_TEXTS.userNotFound);
  const accountId = business.accountId;
  const [account, branches, members, passwords, invitations, owner] = await Promise.all([
    findAccountById(deps.db, accountId),
    listAccountBusinesses(deps.db, accountId),
    listAccountMembers(deps.db, accountId),
    listAccountPasswordStates(deps.db, accountId),
    listOpenInvitations(deps.db, accountId, deps.now()),
    findBusinessOwnerPerson(deps.db, businessId),
  ]);
  if (!account) throw notFound(USER_ACCOUNT_TEXTS.accountNotFound);
  const audit = options.withAudit
    ? await listAccountAudit(
        deps.db,
        { accountId, businessIds: branches.map((b) => b.id), personIds: members.map((m) => m.personId) },
        ACCOUNT_AUDIT_LIMIT,
      )
    : null;
  return {
    businessId,
    account: { id: account.id, name: account.name, createdAt: account.createdAt.toISOString() },
    branches: branches.map((b) => ({
      id: b.id,
      businessName: b.businessName,
      code: b.code,
      city: b.city,
      status: b.status,
      plan: b.plan,
      deletedAt: iso(b.deletedAt),
    })),
    people: members.map((m) => ({
      personId: m.personId,
      name: m.name,
      phone: m.phone,
      email: m.email,
      role: m.role,
      businessIds: m.businessIds,
      joinedAt: m.joinedAt.toISOString(),
      passwordSet: passwords.get(m.personId) ?? false,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.name,
      phone: i.phone,
      email: i.email,
      role: i.role,
      businessIds: i.businessIds,
      expiresAt: i.expiresAt.toISOString(),
      createdAt: i.createdAt.toISOString(),
    })),
    ownerPasswordSet: owner ? (passwords.get(owner.id) ?? true) : true,
    closure: await getAccountClosure(deps, { membership: { accountId } }),
    audit: audit?.map(toAccountAudit) ?? null,
  };
}

/**
 * Sends the owner of a business a new set-password link (the one onboarding mails: kind
 * `set_password`, the same lifetime, `/set-password#token=…`), while they have not chosen a
 * password. The earlier links stop working (one live link). 409 once a password is set, or when
 * there is no address to send it to.
 */
export async function resendOwnerInvitation(
  deps: TDeps,
  businessId: number,
  admin: TAdminActor,
): Promise<TMessageResult> {
  const business = await findOwnerById(deps.db, businessId);
  if (!business || business.deletedAt) throw notFound(ADMIN_TEXTS.userNotFound);
  const person = await findBusinessOwnerPerson(deps.db, businessId);
  if (!person) throw conflict(USER_ACCOUNT_TEXTS.noOwner);
  const to = person.email ?? business.email;
  if (!to) throw conflict(USER_ACCOUNT_TEXTS.noEmail);
  const now = deps.now();
  const { token } = await inTransaction(deps.db, async (trx) => {
    // Locked, so a password chosen meanwhile is seen here (and no link outlives it).
    if (await lockPersonPasswordState(trx, person.id)) throw conflict(USER_ACCOUNT_TEXTS.passwordAlreadySet);
    await retireOneTimeTokens(trx, person.id, ['set_password'], now);
    const issued = await issueOneTimeToken(
      trx,
      { personId: person.id, kind: 'set_password', ttlSeconds: TOKEN_TTL.setPasswordSeconds },
      now,
    );
    await recordAdminChange(trx, admin, {
      activity: {
        type: 'user',
        message: `${business.businessName}'s set-password link was resent by ${admin.name}`,
        code: business.code,
        ownerId: businessId,
      },
      audit: {
        action: 'user.invitation_resend',
        targetTable: 'owners',
        targetId: businessId,
        details: { personId: person.id, to },
      },
    });
    return issued;
  });
  const url = `${deps.config.appUrl}/set-password#token=${encodeURIComponent(token)}`;
  const days = Math.round(TOKEN_TTL.setPasswordSeconds / 86_400);
  // Queued for the mail worker; recorded before the answer, so a failure here is the admin's 5xx to retry.
  await deps.mailer.queue({
    to,
    subject: 'Set your StarLoop password',
    text: [
      `Hello ${person.name},`,
      '',
      `Here is a new link to choose your StarLoop password for ${business.businessName}.`,
      `It works once and is valid for ${days} days; any earlier link no longer works.`,
      '',
      `   Sign in with phone number: ${person.phone}`,
      `   Review page: ${deps.config.appUrl}/review/${business.code}`,
      `   Set your password: ${url}`,
      '',
      'If the link has expired, use "Forgot password?" on the sign-in page.',
      '',
      'The StarLoop team',
    ].join('\n'),
    category: 'set_password',
  });
  deps.log.info({ adminId: admin.id, businessId, personId: person.id }, 'set-password link resent');
  return { success: true, message: USER_ACCOUNT_TEXTS.invitationResent(to) };
}

/**
 * Moves a business (a branch) into another existing account, in one transaction: memberships
 * limited to chosen branches lose it (a person left with no branch leaves the account and is signed
 * out), open invitations limited to it lose it (revoked when none is left). The account's last
 * live branch is refused (merge the account instead); the business keeps its id, code, reviews,
 * links, API keys and subscription.
 */
export async function moveUser(
  deps: TDeps,
  businessId: number,
  toAccountId: number,
  admin: TAdminActor,
): Promise<TMessageResult> {
  const now = deps.now();
  const message = await inTransaction(deps.db, async (trx) => {
    const business = await findOwnerById(trx, businessId);
    if (!business || business.deletedAt) throw notFound(ADMIN_TEXTS.userNotFound);
    const fromAccountId = business.accountId;
    if (fromAccountId === toAccountId) throw badRequest(USER_ACCOUNT_TEXTS.alreadyInAccount, 'accountId');
    // Accounts first, in id order (as a merge locks them), then the business row.
    const found = await lockAccounts(trx, [fromAccountId, toAccountId]);
    if (!found.has(toAccountId)) throw notFound(USER_ACCOUNT_TEXTS.accountNotFound);
    const locked = await lockBusiness(trx, businessId);
    if (!locked || locked.deletedAt || locked.accountId !== fromAccountId) {
      throw notFound(ADMIN_TEXTS.userNotFound);
    }
    if ((await countOtherLiveBranches(trx, fromAccountId, businessId)) === 0) {
      throw conflict(USER_ACCOUNT_TEXTS.lastBranch);
    }
    const target = await findAccountById(trx, toAccountId);
    if (!target) throw notFound(USER_ACCOUNT_TEXTS.accountNotFound);
    await setBusinessesAccount(trx, { businessId }, toAccountId, now);
    const dropped = await dropBranchFromAccount(trx, fromAccountId, businessId, now);
    // Whoever lost their last branch of the account is out of it: signed out, like a removal.
    for (const personId of dropped.removedPersonIds) {
      await revokeSubjectSessions(trx, 'owner', personId, now);
    }
    await recordAdminChange(trx, admin, {
      activity: {
        type: 'user',
        message: `${business.businessName} was moved to ${target.name} by ${admin.name}`,
        code: business.code,
        ownerId: businessId,
        meta: { fromAccountId, toAccountId },
      },
      audit: {
        action: 'user.move',
        targetTable: 'owners',
        targetId: businessId,
        details: { fromAccountId, toAccountId, ...dropped },
      },
    });
    return USER_ACCOUNT_TEXTS.branchMoved(business.businessName, target.name);
  });
  // After the commit, so no lookup caches the business as it was.
  deps.reviewPageCache.clear();
  deps.log.info({ adminId: admin.id, businessId, toAccountId }, 'branch moved to another account');
  return { success: true, message };
}
