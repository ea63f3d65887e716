import type { TMemberRole } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TAuditActorKind, TMembership } from '../database.ts';

/*
 * The back office over accounts (issue 31): what admins read of an account (its people with
 * whether they chose a password, its audit trail) and the statements of moving a branch to
 * another account and merging two accounts. Every write takes the caller's transaction.
 */

// ------------------------------------------------------------------------------ reading

/** Whether each person of an account has chosen a password (by person id). */
export async function listAccountPasswordStates(db: TDb, accountId: number): Promise<Map<number, boolean>> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('persons', 'persons.id', 'memberships.personId')
    .select(['persons.id', sql<boolean>`persons.password_hash is not null`.as('passwordSet')])
    .where('memberships.accountId', '=', accountId)
    .execute();
  return new Map(rows.map((row) => [row.id, Boolean(row.passwordSet)]));
}

/**
 * Locks a person's row (in a transaction) and answers whether they have chosen a password;
 * undefined when there is no such person.
 */
export async function lockPersonPasswordState(trx: TDb, personId: number): Promise<boolean | undefined> {
  const row = await trx
    .selectFrom('persons')
    .select(sql<boolean>`password_hash is not null`.as('passwordSet'))
    .where('id', '=', personId)
    .forUpdate()
    .executeTakeFirst();
  return row ? Boolean(row.passwordSet) : undefined;
}

export interface TAccountAuditRow {
  id: number;
  actorKind: TAuditActorKind;
  actorId: number | null;
  /**
   * The admin; for an owner, the person (sign-ins, passwords, the team, branches added) or the
   * business (its own settings and credentials, written under its id); null for the system.
   */
  actorName: string | null;
  action: string;
  targetTable: string | null;
  targetId: number | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** Where an account's history is: its businesses, its people and the account itself. */
export interface TAccountAuditScope {
  accountId: number;
  businessIds: number[];
  personIds: number[];
}

/** Audit actions whose rows name the account in their details (`accountId`, or where a branch came from). */
const ACCOUNT_DETAIL_ACTIONS = [
  'team.invite',
  'team.invitation_revoke',
  'team.join',
  'team.member_update',
  'team.member_remove',
  'user.move',
] as const;

/**
 * Which audit rows are about an account: rows whose target is one of its businesses, people or the
 * account itself; team changes (their details name the account); a branch moved away from it; its
 * onboarding; and its businesses' own credentials (API keys, webhook endpoints, whose actor is the
 * business). The account's trail (below) and its data export read the same condition.
 */
export function accountAuditCondition(scope: TAccountAuditScope) {
  const businesses = scope.businessIds.length > 0 ? scope.businessIds : [0];
  const people = scope.personIds.length > 0 ? scope.personIds : [0];
  const account = String(scope.accountId);
  const onboarded = businesses.map((id) => `[${id}]`);
  return sql<boolean>`(
    (audit_log.target_table = 'owners' and audit_log.target_id = any(${businesses}::bigint[]))
    or (audit_log.target_table = 'accounts' and audit_log.target_id = ${scope.accountId})
    or (audit_log.target_table in ('persons', 'memberships') and audit_log.target_id = any(${people}::bigint[]))
    or (audit_log.action in (${sql.join([...ACCOUNT_DETAIL_ACTIONS])})
        and (audit_log.details->>'accountId' = ${account} or audit_log.details->>'fromAccountId' = ${account}))
    or (audit_log.action = 'onboarding.complete'
        and audit_log.details->'ownerIds' @> any(${onboarded}::jsonb[]))
    or (audit_log.actor_kind = 'owner' and audit_log.target_table in ('api_keys', 'webhook_endpoints')
        and audit_log.actor_id = any(${businesses}::bigint[]))
  )`;
}

/**
 * The newest `limit` audit rows about an account (accountAuditCondition). Each arm can use an
 * index of the trail (target, action, actor).
 */
export async function listAccountAudit(
  db: TDb,
  scope: TAccountAuditScope,
  limit = 50,
): Promise<TAccountAuditRow[]> {
  const rows = await db
    .selectFrom('auditLog')
    .leftJoin('admins', (join) =>
      join.onRef('admins.id', '=', 'auditLog.actorId').on('auditLog.actorKind', '=', 'admin'),
    )
    .leftJoin('persons', (join) =>
      join.onRef('persons.id', '=', 'auditLog.actorId').on('auditLog.actorKind', '=', 'owner'),
    )
    .leftJoin('owners', (join) =>
      join.onRef('owners.id', '=', 'auditLog.actorId').on('auditLog.actorKind', '=', 'owner'),
    )
    .select([
      'auditLog.id',
      'auditLog.actorKind',
      'auditLog.actorId',
      sql<string | null>`case
        when audit_log.actor_kind = 'admin' then admins.name
        when audit_log.actor_kind = 'owner'
          and (audit_log.action like 'team.%' or audit_log.action like 'owner.%' or audit_log.action like 'account.%')
          then persons.name
        when audit_log.actor_kind = 'owner' then owners.business_name
      end`.as('actorName'),
      'auditLog.action',
      'auditLog.targetTable',
      'auditLog.targetId',
      'auditLog.details',
      'auditLog.createdAt',
    ])
    .where(accountAuditCondition(scope))
    .orderBy('auditLog.createdAt', 'desc')
    .orderBy('auditLog.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    actorId: row.actorId === null ? null : Number(row.actorId),
    targetId: row.targetId === null ? null : Number(row.targetId),
  }));
}

// ------------------------------------------------------------------------------ moving and merging

/**
 * Locks accounts (in a transaction), in id order so two moves between the same accounts never
 * wait on each other crosswise; answers the ids that exist.
 */
export async function lockAccounts(trx: TDb, ids: number[]): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/** Locks a business's row (in a transaction) and answers its account and whether it is deleted. */
export async function lockBusiness(
  trx: TDb,
  businessId: number,
): Promise<{ accountId: number; deletedAt: Date | null } | undefined> {
  const row = await trx
    .selectFrom('owners')
    .select(['accountId', 'deletedAt'])
    .where('id', '=', businessId)
    .forUpdate()
    .executeTakeFirst();
  return row ? { accountId: Number(row.accountId), deletedAt: row.deletedAt } : undefined;
}

/** How many businesses of an account are not deleted, leaving out `exceptBusinessId`. */
export async function countOtherLiveBranches(
  db: TDb,
  accountId: number,
  exceptBusinessId: number,
): Promise<number> {
  const row = await db
    .selectFrom('owners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .where('id', '!=', exceptBusinessId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes businesses branches of another account; answers how many moved. */
export async function setBusinessesAccount(
  trx: TDb,
  from: { businessId: number } | { accountId: number },
  toAccountId: number,
  now: Date,
): Promise<number> {
  let query = trx.updateTable('owners').set({ accountId: toAccountId, updatedAt: now });
  query =
    'businessId' in from
      ? query.where('id', '=', from.businessId)
      : query.where('accountId', '=', from.accountId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A branch leaves an account: memberships limited to some branches lose it, and those left with no
 * branch at all are deleted (answered: the people who lost the account). Open invitations limited
 * to it lose it too; one left with no branch is revoked.
 */
export async function dropBranchFromAccount(
  trx: TDb,
  accountId: number,
  businessId: number,
  now: Date,
): Promise<{ removedPersonIds: number[]; narrowedPersonIds: number[]; revokedInvitationIds: number[] }> {
  const narrowed = await trx
    .updateTable('memberships')
    .set({
      businessIds: sql<number[]>`array_remove(business_ids, ${businessId}::bigint)`,
      updatedAt: now,
    })
    .where('accountId', '=', accountId)
    .where(sql<boolean>`${businessId}::bigint = any(business_ids)`)
    .returning(['personId', sql<number>`cardinality(business_ids)`.as('left')])
    .execute();
  const emptied = narrowed.filter((row) => Number(row.left) === 0).map((row) => Number(row.personId));
  if (emptied.length > 0) {
    await trx
      .deleteFrom('memberships')
      .where('accountId', '=', accountId)
      .where('personId', 'in', emptied)
      .execute();
  }
  const invitations = await trx
    .updateTable('invitations')
    .set({ businessIds: sql<number[]>`array_remove(business_ids, ${businessId}::bigint)` })
    .where('accountId', '=', accountId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where(sql<boolean>`${businessId}::bigint = any(business_ids)`)
    .returning(['id', sql<number>`cardinality(business_ids)`.as('left')])
    .execute();
  const revoked = invitations.filter((row) => Number(row.left) === 0).map((row) => Number(row.id));
  if (revoked.length > 0) {
    await trx.updateTable('invitations').set({ revokedAt: now }).where('id', 'in', revoked).execute();
  }
  return {
    removedPersonIds: emptied,
    narrowedPersonIds: narrowed.map((row) => Number(row.personId)).filter((id) => !emptied.includes(id)),
    revokedInvitationIds: revoked,
  };
}

/** Every membership of an account (a merge reads them before moving them). */
export async function listAccountMemberships(db: TDb, accountId: number): Promise<TMembership[]> {
  const rows = await db
    .selectFrom('memberships')
    .selectAll()
    .where('accountId', '=', accountId)
    .orderBy('personId')
    .execute();
  return rows.map((row) => ({
    ...row,
    personId: Number(row.personId),
    accountId: Number(row.accountId),
    businessIds: row.businessIds?.map(Number) ?? null,
  }));
}

/** Writes a person's membership of an account as given, inserting it or replacing role and branches. */
export async function putMembership(
  trx: TDb,
  membership: { accountId: number; personId: number; role: TMemberRole; businessIds: number[] | null },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('memberships')
    .values(membership)
    .onConflict((oc) =>
      oc
        .columns(['accountId', 'personId'])
        .doUpdateSet({ role: membership.role, businessIds: membership.businessIds, updatedAt: now }),
    )
    .execute();
}

/**
 * An account's invitations go to another account: the open ones revoked first (an invitation names
 * the account it was made for), all of them kept there as history. Answers the ids revoked.
 */
export async function moveAccountInvitations(
  trx: TDb,
  fromAccountId: number,
  toAccountId: number,
  now: Date,
): Promise<number[]> {
  const revoked = await trx
    .updateTable('invitations')
    .set({ revokedAt: now })
    .where('accountId', '=', fromAccountId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  await trx
    .updateTable('invitations')
    .set({ accountId: toAccountId })
    .where('accountId', '=', fromAccountId)
    .execute();
  return revoked.map((row) => Number(row.id));
}

/** Deletes an account with no business left (its memberships go with it); false if one is left. */
export async function deleteEmptyAccount(trx: TDb, accountId: number): Promise<boolean> {
  const result = await trx
    .deleteFrom('accounts')
    .where('id', '=', accountId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('owners').select('owners.id').whereRef('owners.accountId', '=', 'accounts.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
