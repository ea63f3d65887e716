import type { TMemberRole, TOwnerLanguage } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TAccount, TInvitation, TMembership, TNewPerson, TPerson } from '../database.ts';
import { OWNER_PUBLIC_COLUMNS, type TOwnerPublic } from './owners.ts';

/*
 * Accounts (the paying customer), persons (who signs in) and memberships (a person's role in an
 * account, limited to some branches for managers and staff). A business (an `owners` row) belongs
 * to one account.
 */

export type TPersonPublic = Omit<TPerson, 'passwordHash'>;
const PERSON_PUBLIC_COLUMNS = [
  'persons.id',
  'persons.name',
  'persons.phone',
  'persons.email',
  'persons.language',
  'persons.createdAt',
  'persons.updatedAt',
] as const;

export async function insertAccount(db: TDb, account: { name: string }): Promise<TAccount> {
  return db.insertInto('accounts').values(account).returningAll().executeTakeFirstOrThrow();
}

export async function findAccountById(db: TDb, id: number): Promise<TAccount | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPerson(db: TDb, person: TNewPerson): Promise<TPersonPublic> {
  return db
    .insertInto('persons')
    .values({ ...person, email: person.email?.toLowerCase() ?? null })
    .returning(PERSON_PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findPersonById(db: TDb, id: number): Promise<TPersonPublic | undefined> {
  return db.selectFrom('persons').select(PERSON_PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findPersonByPhone(db: TDb, phone: string): Promise<TPersonPublic | undefined> {
  return db.selectFrom('persons').select(PERSON_PUBLIC_COLUMNS).where('phone', '=', phone).executeTakeFirst();
}

/** Includes the password hash: for sign-in only. */
export async function findPersonCredentialsByPhone(db: TDb, phone: string): Promise<TPerson | undefined> {
  return db.selectFrom('persons').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function findPersonPasswordHash(db: TDb, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('persons').select('passwordHash').where('id', '=', id).executeTakeFirst();
  return row?.passwordHash;
}

export async function updatePerson(
  db: TDb,
  id: number,
  patch: Partial<Pick<TPerson, 'name' | 'phone' | 'email' | 'passwordHash'>>,
): Promise<TPersonPublic | undefined> {
  const values = { ...patch, updatedAt: new Date() };
  if (typeof values.email === 'string') values.email = values.email.toLowerCase();
  return db
    .updateTable('persons')
    .set(values)
    .where('id', '=', id)
    .returning(PERSON_PUBLIC_COLUMNS)
    .executeTakeFirst();
}

export async function insertMembership(
  db: TDb,
  membership: { accountId: number; personId: number; role: TMemberRole; businessIds?: number[] | null },
): Promise<TMembership> {
  return db
    .insertInto('memberships')
    .values({ ...membership, businessIds: membership.businessIds ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findMembership(
  db: TDb,
  accountId: number,
  personId: number,
): Promise<TMembership | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('personId', '=', personId)
    .executeTakeFirst();
}

/** The owner person of an account whose business this is (the oldest owner membership). */
export async function findBusinessOwnerPerson(
  db: TDb,
  businessId: number,
): Promise<TPersonPublic | undefined> {
  return db
    .selectFrom('owners')
    .innerJoin('memberships', 'memberships.accountId', 'owners.accountId')
    .innerJoin('persons', 'persons.id', 'memberships.personId')
    .select(PERSON_PUBLIC_COLUMNS)
    .where('owners.id', '=', businessId)
    .where('memberships.role', '=', 'owner')
    .orderBy('memberships.createdAt')
    .orderBy('persons.id')
    .executeTakeFirst();
}

/** A person signed in to one of their businesses: who, in which role, and the business itself. */
export interface TMemberContext {
  person: TPersonPublic;
  membership: TMembership;
  business: TOwnerPublic;
}

/**
 * The business a signed-in person works on, with their membership, in one statement: `businessId`
 * when given (undefined if it is not theirs or outside their branches), else their first business
 * (their first account, its first branch in their scope, live ones before deleted ones).
 */
export async function findMemberContext(
  db: TDb,
  personId: number,
  businessId?: number,
): Promise<TMemberContext | undefined> {
  let query = db
    .selectFrom('memberships')
    .innerJoin('persons', 'persons.id', 'memberships.personId')
    .innerJoin('owners', 'owners.accountId', 'memberships.accountId')
    .select(OWNER_PUBLIC_COLUMNS)
    .select([
      'persons.name as personName',
      'persons.phone as personPhone',
      'persons.email as personEmail',
      'persons.language as personLanguage',
      'persons.createdAt as personCreatedAt',
      'persons.updatedAt as personUpdatedAt',
      'memberships.role as memberRole',
      'memberships.businessIds as memberBusinessIds',
      'memberships.createdAt as memberCreatedAt',
      'memberships.updatedAt as memberUpdatedAt',
    ])
    .where('memberships.personId', '=', personId)
    .where((eb) =>
      eb.or([
        eb('memberships.businessIds', 'is', null),
        sql<boolean>`owners.id = any(memberships.business_ids)`,
      ]),
    );
  if (businessId !== undefined) query = query.where('owners.id', '=', businessId);
  const row = await query
    .orderBy('memberships.createdAt')
    .orderBy('memberships.accountId')
    .orderBy(sql`owners.deleted_at is not null`)
    // Of deleted branches, a closed account's first: its owners sign in to the closed state.
    .orderBy(sql`owners.closed_at is null`)
    .orderBy('owners.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    personName,
    personPhone,
    personEmail,
    personLanguage,
    personCreatedAt,
    personUpdatedAt,
    memberRole,
    memberBusinessIds,
    memberCreatedAt,
    memberUpdatedAt,
    ...business
  } = row;
  return {
    person: {
      id: personId,
      name: personName,
      phone: personPhone,
      email: personEmail,
      language: personLanguage,
      createdAt: personCreatedAt,
      updatedAt: personUpdatedAt,
    },
    membership: {
      accountId: business.accountId,
      personId,
      role: memberRole,
      businessIds: memberBusinessIds?.map(Number) ?? null,
      createdAt: memberCreatedAt,
      updatedAt: memberUpdatedAt,
    },
    business,
  };
}

/** The businesses of an account, oldest first (deleted ones included: the caller decides). */
export async function listAccountBusinesses(db: TDb, accountId: number): Promise<TOwnerPublic[]> {
  return db
    .selectFrom('owners')
    .select(OWNER_PUBLIC_COLUMNS)
    .where('accountId', '=', accountId)
    .orderBy('id')
    .execute();
}

/** The people of an account (its members), for signing them out together. */
export async function listAccountPersonIds(db: TDb, accountId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('personId')
    .where('accountId', '=', accountId)
    .execute();
  return rows.map((row) => row.personId);
}

/** Whether the account has a live, active business other than `exceptBusinessId`. */
export async function hasOtherActiveBranch(
  db: TDb,
  accountId: number,
  exceptBusinessId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('owners')
    .select('id')
    .where('accountId', '=', accountId)
    .where('id', '!=', exceptBusinessId)
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's live (not deleted) businesses, paid or not: what the branch limit counts. */
export async function countLiveAccountBusinesses(db: TDb, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('owners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the account has a business other than `exceptBusinessId`, deleted ones included. */
export async function hasOtherBusiness(
  db: TDb,
  accountId: number,
  exceptBusinessId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('owners')
    .select('id')
    .where('accountId', '=', accountId)
    .where('id', '!=', exceptBusinessId)
    .executeTakeFirst();
  return row !== undefined;
}

// ------------------------------------------------------------------------------ the team

export interface TMemberRow {
  personId: number;
  name: string;
  phone: string;
  email: string | null;
  role: TMemberRole;
  businessIds: number[] | null;
  joinedAt: Date;
}

/** An account's people with their roles, owners first, then by when they joined. */
export async function listAccountMembers(db: TDb, accountId: number): Promise<TMemberRow[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('persons', 'persons.id', 'memberships.personId')
    .select([
      'persons.id as personId',
      'persons.name',
      'persons.phone',
      'persons.email',
      'memberships.role',
      'memberships.businessIds',
      'memberships.createdAt as joinedAt',
    ])
    .where('memberships.accountId', '=', accountId)
    .orderBy(sql`case memberships.role when 'owner' then 0 when 'manager' then 1 else 2 end`)
    .orderBy('memberships.createdAt')
    .orderBy('persons.id')
    .execute();
  return rows.map((row) => ({ ...row, businessIds: row.businessIds?.map(Number) ?? null }));
}

export async function countAccountOwners(db: TDb, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Locks an account's memberships (in a transaction): team changes of one account go one at a time. */
export async function lockAccountMemberships(trx: TDb, accountId: number): Promise<void> {
  await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}

export async function updateMembership(
  db: TDb,
  accountId: number,
  personId: number,
  patch: { role?: TMemberRole; businessIds?: number[] | null },
): Promise<TMembership | undefined> {
  return db
    .updateTable('memberships')
    .set({ ...patch, updatedAt: new Date() })
    .where('accountId', '=', accountId)
    .where('personId', '=', personId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMembership(db: TDb, accountId: number, personId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('memberships')
    .where('accountId', '=', accountId)
    .where('personId', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertInvitation(
  db: TDb,
  invitation: {
    accountId: number;
    tokenHash: string;
    name: string;
    phone: string;
    email: string | null;
    role: 'manager' | 'staff';
    businessIds: number[] | null;
    invitedBy: number | null;
    expiresAt: Date;
  },
): Promise<TInvitation> {
  return db.insertInto('invitations').values(invitation).returningAll().executeTakeFirstOrThrow();
}

/** An account's invitations still open (not accepted, not revoked, not expired), newest first. */
export async function listOpenInvitations(db: TDb, accountId: number, now: Date): Promise<TInvitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, businessIds: row.businessIds?.map(Number) ?? null }));
}

/** An invitation that still works, by its token's hash. */
export async function findOpenInvitationByHash(
  db: TDb,
  tokenHash: string,
  now: Date,
): Promise<TInvitation | undefined> {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row ? { ...row, businessIds: row.businessIds?.map(Number) ?? null } : undefined;
}

/** Marks an open invitation accepted, once: false when someone (or something) got there first. */
export async function markInvitationAccepted(db: TDb, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ acceptedAt: now })
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeInvitation(db: TDb, accountId: number, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('accountId', '=', accountId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The owner area's language a person chose (issue 34 item 6). */
export async function setPersonLanguage(db: TDb, personId: number, language: TOwnerLanguage): Promise<void> {
  await db
    .updateTable('persons')
    .set({ language, updatedAt: new Date() })
    .where('id', '=', personId)
    .execute();
}
