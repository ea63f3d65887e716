import type { TAdminUserStatusFilter } from '@starloop/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TNewOwner, TOwner, TOwnerUpdate } from '../database.ts';
import { inTransaction } from '../transaction.ts';
import { insertAccount, insertMembership, insertPerson } from './accounts.ts';
import { isFormerCodeOfAnother } from './business-codes.ts';
import { monthStartOf } from './months.ts';
import { countOf, readPage, sortedWindow, type TPageReader, type TPageRequest } from './paging.ts';
import { containsPattern } from './search.ts';
import { countOwnersFromCounters } from './stat-counters.ts';

/** The columns that name an owner and say where it is (its answers, lists and reports). */
export const OWNER_CARD_COLUMNS = [
  'owners.id',
  'owners.name',
  'owners.email',
  'owners.businessName',
  'owners.contactNumber',
  'owners.code',
  'owners.reviewLink',
  'owners.state',
  'owners.city',
] as const;

/** Every owner column except the internal search column. */
export const OWNER_PUBLIC_COLUMNS = [
  ...OWNER_CARD_COLUMNS,
  'owners.salesRepName',
  'owners.agentId',
  'owners.accountId',
  'owners.plan',
  'owners.status',
  'owners.registrationSource',
  'owners.subscriptionStart',
  'owners.subscriptionEnd',
  'owners.reviewFlow',
  'owners.reviewPageLanguage',
  'owners.notifyLowRatings',
  'owners.dailyDigest',
  'owners.casesForNegativeHighRatings',
  'owners.deletedAt',
  'owners.closedAt',
  'owners.createdAt',
  'owners.updatedAt',
] as const;
export type TOwnerPublic = Omit<TOwner, 'searchText'>;

/**
 * A new business. Without `accountId` it is a new customer: an account named after the business,
 * and a person (the owner's name, the contact number as sign-in phone, email, `passwordHash`) in
 * the owner role, all in the caller's transaction (or one of its own). With `accountId` it is one
 * more branch of that account.
 */
export type TNewBusiness = Omit<TNewOwner, 'accountId'> & {
  accountId?: number;
  /** The owner person's password (a new account only). */
  passwordHash?: string | null;
};

/** Inserts a business and its zeroed review counters (and, for a new customer, its account). */
export async function insertOwner(db: TDb, owner: TNewBusiness): Promise<TOwnerPublic> {
  return inTransaction(db, async (trx) => {
    const { passwordHash = null, accountId: given, ...columns } = owner;
    let accountId = given;
    if (accountId === undefined) {
      const account = await insertAccount(trx, { name: owner.businessName });
      const person = await insertPerson(trx, {
        name: owner.name,
        phone: owner.contactNumber,
        email: owner.email ?? null,
        passwordHash,
      });
      await insertMembership(trx, { accountId: account.id, personId: person.id, role: 'owner' });
      accountId = account.id;
    }
    const row = await trx
      .insertInto('owners')
      .values({
        ...columns,
        accountId,
        code: owner.code.toLowerCase(),
        email: owner.email?.toLowerCase() ?? null,
      })
      .returning(OWNER_PUBLIC_COLUMNS)
      .executeTakeFirstOrThrow();
    await trx.insertInto('ownerReviewStats').values({ ownerId: row.id }).execute();
    return row;
  });
}

export async function findOwnerById(db: TDb, id: number): Promise<TOwnerPublic | undefined> {
  return db.selectFrom('owners').select(OWNER_PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The business of the person who signs in with this phone, as an owner (their first): the
 * registration that phone started, or the one a password reset is for.
 */
export async function findOwnerByPhone(db: TDb, phone: string): Promise<TOwnerPublic | undefined> {
  return db
    .selectFrom('persons')
    .innerJoin('memberships', 'memberships.personId', 'persons.id')
    .innerJoin('owners', 'owners.accountId', 'memberships.accountId')
    .select(OWNER_PUBLIC_COLUMNS)
    .where('persons.phone', '=', phone)
    .where('memberships.role', '=', 'owner')
    .orderBy('memberships.createdAt')
    .orderBy('owners.id')
    .executeTakeFirst();
}

export async function findOwnerByCode(db: TDb, code: string): Promise<TOwnerPublic | undefined> {
  return db
    .selectFrom('owners')
    .select(OWNER_PUBLIC_COLUMNS)
    .where('code', '=', code.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Whether another business holds the code: as its current code, or as a former one (a former code
 * redirects to its business forever, so nobody else may take it; migration 0036).
 */
export async function isBusinessCodeTaken(db: TDb, code: string, exceptOwnerId?: number): Promise<boolean> {
  let query = db.selectFrom('owners').select('id').where('code', '=', code.trim().toLowerCase());
  if (exceptOwnerId !== undefined) query = query.where('id', '!=', exceptOwnerId);
  if ((await query.executeTakeFirst()) !== undefined) return true;
  return isFormerCodeOfAnother(db, code, exceptOwnerId);
}

/** Whether the phone is someone's sign-in phone (another person's than `exceptPersonId`). */
export async function isPhoneTaken(db: TDb, phone: string, exceptPersonId?: number): Promise<boolean> {
  let query = db.selectFrom('persons').select('id').where('phone', '=', phone);
  if (exceptPersonId !== undefined) query = query.where('id', '!=', exceptPersonId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function updateOwner(
  db: TDb,
  id: number,
  patch: TOwnerUpdate,
): Promise<TOwnerPublic | undefined> {
  const values: TOwnerUpdate = { ...patch, updatedAt: new Date() };
  if (typeof values.code === 'string') values.code = values.code.toLowerCase();
  if (typeof values.email === 'string') values.email = values.email.toLowerCase();
  return db
    .updateTable('owners')
    .set(values)
    .where('id', '=', id)
    .returning(OWNER_PUBLIC_COLUMNS)
    .executeTakeFirst();
}

export async function softDeleteOwner(db: TDb, id: number, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('owners')
    .set({ deletedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ------------------------------------------------- purge of soft-deleted owners (after 30 days)

/** Owners soft-deleted before `before`: due for purge (an owner restored meanwhile is not). */
const ownersDueForPurge = (db: TDb, before: Date) =>
  db.selectFrom('owners').select('owners.id').where('owners.deletedAt', '<', before);

/** Ids of owners soft-deleted before `before` (not by an account's closure), the longest-deleted first. */
export async function listOwnersDueForPurge(db: TDb, before: Date, limit: number): Promise<number[]> {
  const rows = await ownersDueForPurge(db, before)
    // A closed account's businesses are erased by its closure (emails first, reviews counted).
    .where('owners.closedAt', 'is', null)
    .orderBy('deletedAt', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes up to `batch` reviews of an owner still soft-deleted before `before` (so an owner restored
 * meanwhile keeps them). A big owner goes in several short transactions, not one long one.
 */
export async function deletePurgedOwnerReviews(
  db: TDb,
  ownerId: number,
  before: Date,
  batch: number,
): Promise<number> {
  const result = await db
    .deleteFrom('reviews')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('reviews')
        .select('reviews.id')
        .where('reviews.ownerId', '=', ownerId)
        .where((inner) => inner.exists(ownersDueForPurge(db, before).where('owners.id', '=', ownerId)))
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes an owner soft-deleted before `before` with what is left of its data, in the caller's
 * transaction. The foreign keys take its counters, templates, digests, alert window and
 * manual-payment links (cascade); an account left with no business goes with its people
 * (`deleteAccountIfEmpty`: their sessions and one-time links too); its payments stay as money records with owner_id null (set
 * null, migration 0011). Here go what no cascade reaches: its sessions, its activity events (they
 * name the business) and the registration details kept beside its payments, except those of a
 * payment still owed a refund. Returns false when the owner is not (or no longer) due.
 */
export async function deletePurgedOwner(trx: TDb, ownerId: number, before: Date): Promise<boolean> {
  const owner = await ownersDueForPurge(trx, before)
    .where('owners.id', '=', ownerId)
    .forUpdate()
    .executeTakeFirst();
  if (!owner) return false;
  await trx.deleteFrom('activityEvents').where('ownerId', '=', ownerId).execute();
  await trx
    .deleteFrom('registrationAttempts')
    .where('paymentId', 'in', (eb) =>
      eb.selectFrom('payments').select('payments.id').where('payments.ownerId', '=', ownerId),
    )
    .where('outcome', '!=', 'needs_refund')
    .execute();
  const { accountId } = await trx
    .selectFrom('owners')
    .select('accountId')
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const result = await trx.deleteFrom('owners').where('id', '=', ownerId).executeTakeFirst();
  await deleteAccountIfEmpty(trx, accountId);
  return Number(result.numDeletedRows) === 1;
}

/**
 * An account whose last business is gone goes too, with its memberships and invitations (cascade),
 * and so do the people who belonged to no other account: their sessions, and their one-time links
 * (cascade).
 */
async function deleteAccountIfEmpty(trx: TDb, accountId: number): Promise<void> {
  const left = await trx
    .selectFrom('owners')
    .select('id')
    .where('accountId', '=', accountId)
    .executeTakeFirst();
  if (left) return;
  const members = await trx
    .selectFrom('memberships')
    .select('personId')
    .where('accountId', '=', accountId)
    .execute();
  await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
  const ids = members.map((m) => m.personId);
  if (ids.length === 0) return;
  const alone = await trx
    .selectFrom('persons')
    .select('persons.id')
    .where('persons.id', 'in', ids)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('memberships')
            .select('memberships.personId')
            .whereRef('memberships.personId', '=', 'persons.id'),
        ),
      ),
    )
    .execute();
  const gone = alone.map((p) => p.id);
  if (gone.length === 0) return;
  await trx
    .deleteFrom('authSessions')
    .where('subjectKind', '=', 'owner')
    .where('subjectId', 'in', gone)
    .execute();
  await trx.deleteFrom('persons').where('id', 'in', gone).execute();
}

export interface TOwnerCounts {
  total: number;
  active: number;
  pending: number;
  inactive: number;
  deleted: number;
  newThisMonth: number;
  withReviews: number;
  referred: number;
  manualOnboarded: number;
}

/** One pass over the owners table with filtered aggregates. */
export async function countOwners(db: TDb, now: Date = new Date()): Promise<TOwnerCounts> {
  const monthStart = monthStartOf(now);
  const row = await db
    .selectFrom('owners')
    .leftJoin('ownerReviewStats', 'ownerReviewStats.ownerId', 'owners.id')
    .select([
      sql<number>`count(*) filter (where owners.deleted_at is null)::int`.as('total'),
      sql<number>`count(*) filter (where owners.deleted_at is null and owners.status = 'active')::int`.as(
        'active',
      ),
      sql<number>`count(*) filter (where owners.deleted_at is null and owners.status = 'pending')::int`.as(
        'pending',
      ),
      sql<number>`count(*) filter (where owners.deleted_at is null and owners.status = 'inactive')::int`.as(
        'inactive',
      ),
      sql<number>`count(*) filter (where owners.deleted_at is not null)::int`.as('deleted'),
      sql<number>`count(*) filter (where owners.deleted_at is null and owners.created_at >= ${monthStart})::int`.as(
        'newThisMonth',
      ),
      sql<number>`count(*) filter (where owners.deleted_at is null and owner_review_stats.review_count > 0)::int`.as(
        'withReviews',
      ),
      sql<number>`count(*) filter (where owners.deleted_at is null and owners.agent_id is not null)::int`.as(
        'referred',
      ),
      sql<number>`count(*) filter (where owners.deleted_at is null and owners.registration_source = 'manual')::int`.as(
        'manualOnboarded',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

// ------------------------------------------------------------------------------ admin users list

export type TAdminUserFilter = TAdminUserStatusFilter;

export interface TAdminUserRow extends TOwnerPublic {
  agentRealName: string | null;
  agentPhone: string | null;
  reviewCount: number;
  paymentCount: number;
  accountName: string;
  accountBranches: number;
}

function ownerListFilter(status: TAdminUserFilter | undefined, search: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'owners'>) => {
    const conditions: Expression<SqlBool>[] = [
      status === 'deleted' ? eb('owners.deletedAt', 'is not', null) : eb('owners.deletedAt', 'is', null),
    ];
    if (status && status !== 'deleted') conditions.push(eb('owners.status', '=', status));
    if (search) conditions.push(eb('owners.searchText', 'like', containsPattern(search)));
    return eb.and(conditions);
  };
}

function adminUserRows(db: TDb) {
  return db
    .selectFrom('owners')
    .leftJoin('agents', 'agents.id', 'owners.agentId')
    .leftJoin('ownerReviewStats', 'ownerReviewStats.ownerId', 'owners.id')
    .innerJoin('accounts', 'accounts.id', 'owners.accountId')
    .select(OWNER_PUBLIC_COLUMNS)
    .select((eb) => [
      'agents.name as agentRealName',
      'agents.phone as agentPhone',
      'accounts.name as accountName',
      eb
        .selectFrom('owners as branches')
        .select(sql<number>`count(*)`.as('count'))
        .whereRef('branches.accountId', '=', 'owners.accountId')
        .as('accountBranches'),
      sql<number>`coalesce(owner_review_stats.review_count, 0)`.as('reviewCount'),
      eb
        .selectFrom('payments')
        .select(sql<number>`count(*)`.as('count'))
        .whereRef('payments.ownerId', '=', 'owners.id')
        .as('paymentCount'),
    ]);
}

const normaliseUserRow = (
  row: Omit<TAdminUserRow, 'paymentCount' | 'accountBranches'> & {
    paymentCount: unknown;
    accountBranches: unknown;
  },
): TAdminUserRow => ({
  ...row,
  reviewCount: Number(row.reviewCount),
  paymentCount: Number(row.paymentCount ?? 0),
  accountBranches: Number(row.accountBranches ?? 1),
});

type TAdminUsersQuery = TPageRequest & {
  search?: string | undefined;
  status?: TAdminUserFilter | undefined;
};

/**
 * A page of owners, newest first (deleted ones only with status 'deleted'). The total comes from
 * the counters, or from a count when searching.
 */
export const listAdminUsers: TPageReader<TAdminUsersQuery, TAdminUserRow> = (db, query) => {
  const filter = ownerListFilter(query.status, query.search);
  return readPage(query, {
    total: () =>
      query.search
        ? countOf(db.selectFrom('owners').where(filter))
        : countOwnersFromCounters(db, query.status),
    readIds: async (window) => {
      const page = db.selectFrom('owners').select('owners.id').where(filter);
      return (await sortedWindow(page, window, ['owners.createdAt', 'owners.id']).execute()).map((r) => r.id);
    },
    loadRows: async (ids) =>
      (await adminUserRows(db).where('owners.id', 'in', ids).execute()).map(normaliseUserRow),
  });
};

export async function findAdminUserRow(db: TDb, id: number): Promise<TAdminUserRow | undefined> {
  const row = await adminUserRows(db).where('owners.id', '=', id).executeTakeFirst();
  return row ? normaliseUserRow(row) : undefined;
}
