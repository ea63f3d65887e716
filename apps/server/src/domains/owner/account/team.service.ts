import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_TEXTS,
  ERROR_TEXTS,
  planAllows,
  type TAccountInvitation,
  type TAccountMember,
  type TAccountMembersAnswer,
  type TInvitationAccept,
  type TInvitationCreate,
  type TInvitationCreated,
  type TMemberRole,
  type TMemberUpdate,
  type TOwnerLoginResponse,
} from '@starloop/contract';
import {
  countAccountOwners,
  deleteMembership,
  findAccountById,
  findMemberContext,
  findMembership,
  findOpenInvitationByHash,
  findPersonByPhone,
  findPersonCredentialsByPhone,
  insertInvitation,
  insertMembership,
  insertPerson,
  inTransaction,
  listAccountBusinesses,
  listAccountMembers,
  listOpenInvitations,
  lockAccountMemberships,
  markInvitationAccepted,
  revokeInvitation,
  revokeSubjectSessions,
  type TDb,
  type TInvitation,
  type TMemberRow,
  updateMembership,
} from '@starloop/db';
import type { TAccountSession } from '../../../auth/authenticate.ts';
import { assertOwnerMaySignIn } from '../../../auth/authenticate.ts';
import { assertPasswordNotCommon } from '../../../auth/common-passwords.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../auth/passwords.ts';
import { startOwnerSession } from '../../../auth/sign-in.ts';
import type { TDeps } from '../../../context.ts';
import { auditBy } from '../../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { toOwnerUser } from '../auth/owner.dto.ts';

/** An invitation link lasts a week (like an onboarding set-password link). */
export const INVITATION_TTL_DAYS = 7;

const hashInvitation = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (at: Date) => new Date(at).toISOString();

/** Who acted, for the audit trail: the person, or the API key (system-like, named in details). */
const actorOf = (session: TAccountSession, ip: string | null) => ({
  actorKind: session.person ? ('owner' as const) : ('system' as const),
  actorId: session.person?.id ?? null,
  ip,
});

const toMember = (row: TMemberRow): TAccountMember => ({
  personId: row.personId,
  name: row.name,
  phone: row.phone,
  email: row.email,
  role: row.role,
  businessIds: row.businessIds,
  joinedAt: iso(row.joinedAt),
});

const toInvitation = (row: TInvitation): TAccountInvitation => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  role: row.role,
  businessIds: row.businessIds,
  expiresAt: iso(row.expiresAt),
  createdAt: iso(row.createdAt),
});

/** The team needs the Professional plan (spec section 9: "team collaboration"). */
function assertTeamPlan(session: TAccountSession): void {
  if (!planAllows(session.owner.plan, 'team'))
    throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.teamProfessionalOnly);
}

/** Branch ids a manager or staff member is limited to: every one a branch of this account. */
async function checkedBranches(
  db: TDb,
  accountId: number,
  role: TMemberRole,
  businessIds: number[] | null | undefined,
): Promise<number[] | null> {
  if (businessIds === undefined || businessIds === null) return null;
  if (role === 'owner') throw badRequest(ACCOUNT_TEXTS.branchesForOwner, 'businessIds');
  const own = new Set((await listAccountBusinesses(db, accountId)).map((b) => b.id));
  if (businessIds.some((id) => !own.has(id))) throw badRequest(ACCOUNT_TEXTS.branchesUnknown, 'businessIds');
  return [...new Set(businessIds)].sort((a, b) => a - b);
}

export async function listTeam(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
): Promise<TAccountMembersAnswer> {
  const accountId = session.membership.accountId;
  const [members, invitations] = await Promise.all([
    listAccountMembers(deps.db, accountId),
    listOpenInvitations(deps.db, accountId, deps.now()),
  ]);
  return { members: members.map(toMember), invitations: invitations.map(toInvitation) };
}

/**
 * Invites someone by phone (and email, where given) to a role and, for managers and staff, to
 * chosen branches. The answer carries the link to share; an email goes out too when there is an
 * address. Single use, 7 days, revocable; only its sha256 is kept.
 */
export async function inviteMember(
  deps: TDeps,
  session: TAccountSession,
  input: TInvitationCreate,
  client: { ip: string | null },
): Promise<TInvitationCreated> {
  assertTeamPlan(session);
  const accountId = session.membership.accountId;
  const businessIds = await checkedBranches(deps.db, accountId, input.role, input.businessIds);
  const existing = await findPersonByPhone(deps.db, input.phone);
  if (existing && (await findMembership(deps.db, accountId, existing.id))) {
    throw conflict(ACCOUNT_TEXTS.phoneIsMember, 'phone');
  }
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const account = await findAccountById(deps.db, accountId);
  const invitation = await inTransaction(deps.db, async (trx) => {
    const row = await insertInvitation(trx, {
      accountId,
      tokenHash: hashInvitation(token),
      name: input.name,
      phone: input.phone,
      email: input.email?.toLowerCase() ?? null,
      role: input.role,
      businessIds,
      invitedBy: session.person?.id ?? null,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    });
    await auditBy(trx, actorOf(session, client.ip), {
      action: 'team.invite',
      targetTable: 'invitations',
      targetId: row.id,
      details: { accountId, role: input.role, businessIds, apiKeyId: session.apiKeyId },
    });
    return row;
  });
  const inviteUrl = `${deps.config.appUrl}/invite#token=${encodeURIComponent(token)}`;
  if (invitation.email) {
    const inviter = session.person?.name ?? account?.name ?? 'Your team';
    await deps.mailer.queue({
      to: invitation.email,
      subject: `${inviter} invited you to ${account?.name ?? 'their business'} on StarLoop`,
      text: `Hi ${input.name},\n\n${inviter} invited you to join ${account?.name ?? 'their business'} on StarLoop as ${input.role}. Open this link within ${INVITATION_TTL_DAYS} days to accept:\n\n${inviteUrl}\n\nIf you were not expecting this, ignore this email.\n\nStarLoop`,
      category: 'team-invitation',
    });
  }
  deps.log.info({ accountId, invitationId: invitation.id, role: input.role }, 'team invitation created');
  return { id: invitation.id, inviteUrl, message: ACCOUNT_TEXTS.invitationSent };
}

export async function revokeTeamInvitation(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
  id: number,
  client: { ip: string | null },
): Promise<{ success: true; message: string }> {
  const accountId = session.membership.accountId;
  await inTransaction(deps.db, async (trx) => {
    if (!(await revokeInvitation(trx, accountId, id, deps.now())))
      throw notFound(ACCOUNT_TEXTS.invitationInvalid);
    await auditBy(trx, actorOf(session, client.ip), {
      action: 'team.invitation_revoke',
      targetTable: 'invitations',
      targetId: id,
      details: { accountId },
    });
  });
  return { success: true, message: ACCOUNT_TEXTS.invitationRevoked };
}

/**
 * Accepting an invitation: a phone that has no person yet gives a name and a password; a phone
 * that has one proves it with that person's password. The invitation is used once (a second
 * accept, or one after revocation or expiry, is refused) and the new member is signed in.
 */
export async function acceptInvitation(
  deps: TDeps,
  input: TInvitationAccept,
  client: { ip: string; userAgent?: string | undefined },
): Promise<TOwnerLoginResponse> {
  await deps.rateLimiter.consume('passwordLinkPerIp', client.ip);
  await deps.rateLimiter.consume('passwordLinkPerToken', hashInvitation(input.token));
  const invitation = await findOpenInvitationByHash(deps.db, hashInvitation(input.token), deps.now());
  if (!invitation) throw badRequest(ACCOUNT_TEXTS.invitationInvalid, 'token');
  const known = await findPersonCredentialsByPhone(deps.db, invitation.phone);
  if (known) {
    const valid = await verifyPassword(known.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!known.passwordHash || !valid) throw new AppError('UNAUTHORIZED', ERROR_TEXTS.invalidCredentials);
  } else {
    if (!input.name) throw badRequest(ACCOUNT_TEXTS.nameRequired, 'name');
    assertPasswordNotCommon(input.password, 'password');
  }
  const passwordHash = known ? undefined : await hashPassword(input.password);
  const personId = await inTransaction(deps.db, async (trx) => {
    await lockAccountMemberships(trx, invitation.accountId);
    if (!(await markInvitationAccepted(trx, invitation.id, deps.now()))) {
      throw badRequest(ACCOUNT_TEXTS.invitationInvalid, 'token');
    }
    const person =
      known ??
      (await insertPerson(trx, {
        name: input.name ?? invitation.name,
        phone: invitation.phone,
        email: invitation.email,
        passwordHash: passwordHash ?? null,
      }));
    if (await findMembership(trx, invitation.accountId, person.id))
      throw conflict(ACCOUNT_TEXTS.alreadyMember);
    await insertMembership(trx, {
      accountId: invitation.accountId,
      personId: person.id,
      role: invitation.role,
      businessIds: invitation.businessIds,
    });
    await auditBy(
      trx,
      { actorKind: 'owner', actorId: person.id, ip: client.ip },
      {
        action: 'team.join',
        targetTable: 'memberships',
        targetId: person.id,
        details: { accountId: invitation.accountId, role: invitation.role, invitationId: invitation.id },
      },
    );
    return person.id;
  });
  const context = await findMemberContext(deps.db, personId);
  if (!context) throw badRequest(ACCOUNT_TEXTS.invitationInvalid, 'token');
  assertOwnerMaySignIn(context.business);
  const token = await startOwnerSession(deps, personId, client, 'password');
  return { token, user: toOwnerUser(context.business), message: ACCOUNT_TEXTS.invitationAccepted };
}

/** The last owner of an account can be neither removed nor demoted. */
async function assertOwnersLeft(trx: TDb, accountId: number, target: TMemberRole, next: TMemberRole | null) {
  if (target !== 'owner' || next === 'owner') return;
  if ((await countAccountOwners(trx, accountId)) <= 1) throw conflict(ACCOUNT_TEXTS.lastOwner);
}

export async function updateTeamMember(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
  input: TMemberUpdate,
  client: { ip: string | null },
): Promise<TAccountMember> {
  assertTeamPlan(session);
  const accountId = session.membership.accountId;
  return inTransaction(deps.db, async (trx) => {
    await lockAccountMemberships(trx, accountId);
    const current = await findMembership(trx, accountId, input.personId);
    if (!current) throw notFound(ACCOUNT_TEXTS.memberNotFound);
    const role = input.role ?? current.role;
    if (role === 'owner' && input.businessIds)
      throw badRequest(ACCOUNT_TEXTS.branchesForOwner, 'businessIds');
    await assertOwnersLeft(trx, accountId, current.role, role);
    const businessIds =
      role === 'owner'
        ? null
        : input.businessIds === undefined
          ? current.businessIds
          : await checkedBranches(trx, accountId, role, input.businessIds);
    await updateMembership(trx, accountId, input.personId, { role, businessIds });
    await auditBy(trx, actorOf(session, client.ip), {
      action: 'team.member_update',
      targetTable: 'memberships',
      targetId: input.personId,
      details: {
        accountId,
        from: { role: current.role, businessIds: current.businessIds },
        to: { role, businessIds },
      },
    });
    const row = (await listAccountMembers(trx, accountId)).find((m) => m.personId === input.personId);
    if (!row) throw notFound(ACCOUNT_TEXTS.memberNotFound);
    return toMember(row);
  });
}

/** Removes a person from the account; their sessions end at once. */
export async function removeTeamMember(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
  personId: number,
  client: { ip: string | null },
): Promise<{ success: true; message: string }> {
  const accountId = session.membership.accountId;
  await inTransaction(deps.db, async (trx) => {
    await lockAccountMemberships(trx, accountId);
    const current = await findMembership(trx, accountId, personId);
    if (!current) throw notFound(ACCOUNT_TEXTS.memberNotFound);
    await assertOwnersLeft(trx, accountId, current.role, null);
    await deleteMembership(trx, accountId, personId);
    await revokeSubjectSessions(trx, 'owner', personId, deps.now());
    await auditBy(trx, actorOf(session, client.ip), {
      action: 'team.member_remove',
      targetTable: 'memberships',
      targetId: personId,
      details: { accountId, role: current.role },
    });
  });
  return { success: true, message: ACCOUNT_TEXTS.memberRemoved };
}
