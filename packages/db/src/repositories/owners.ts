import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TNewOwner, TOwner, TOwnerUpdate } from '../database.ts';

/** Every owner column except the password hash and the internal search column. */
export const OWNER_PUBLIC_COLUMNS = [
  'owners.id',
  'owners.name',
  'owners.email',
  'owners.businessName',
  'owners.contactNumber',
  'owners.code',
  'owners.reviewLink',
  'owners.state',
  'owners.city',
  'owners.salesRepName',
  'owners.agentId',
  'owners.plan',
  'owners.status',
  'owners.registrationSource',
  'owners.subscriptionStart',
  'owners.subscriptionEnd',
  'owners.reviewFlow',
  'owners.notifyLowRatings',
  'owners.dailyDigest',
  'owners.deletedAt',
  'owners.createdAt',
  'owners.updatedAt',
] as const;
export type TOwnerPublic = Omit<TOwner, 'passwordHash' | 'searchText'>;

/** Inserts an owner and its zeroed review counters in one go (call inside a transaction). */
export async function insertOwner(db: TDb, owner: TNewOwner): Promise<TOwnerPublic> {
  const row = await db
    .insertInto('owners')
    .values({ ...owner, code: owner.code.toLowerCase(), email: owner.email?.toLowerCase() ?? null })
    .returning(OWNER_PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
  await db.insertInto('ownerReviewStats').values({ ownerId: row.id }).execute();
  return row;
}

export async function findOwnerById(db: TDb, id: number): Promise<TOwnerPublic | undefined> {
  return db.selectFrom('owners').select(OWNER_PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Includes the password hash: for sign-in only. */
export async function findOwnerCredentialsByPhone(
  db: TDb,
  contactNumber: string,
): Promise<TOwner | undefined> {
  return db.selectFrom('owners').selectAll().where('contactNumber', '=', contactNumber).executeTakeFirst();
}

export async function findOwnerPasswordHash(db: TDb, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('owners').select('passwordHash').where('id', '=', id).executeTakeFirst();
  return row?.passwordHash;
}

export async function findOwnerByPhone(db: TDb, contactNumber: string): Promise<TOwnerPublic | undefined> {
  return db
    .selectFrom('owners')
    .select(OWNER_PUBLIC_COLUMNS)
    .where('contactNumber', '=', contactNumber)
    .executeTakeFirst();
}

export async function findOwnerByCode(db: TDb, code: string): Promise<TOwnerPublic | undefined> {
  return db
    .selectFrom('owners')
    .select(OWNER_PUBLIC_COLUMNS)
    .where('code', '=', code.trim().toLowerCase())
    .executeTakeFirst();
}

export async function isBusinessCodeTaken(db: TDb, code: string, exceptOwnerId?: number): Promise<boolean> {
  let query = db.selectFrom('owners').select('id').where('code', '=', code.trim().toLowerCase());
  if (exceptOwnerId !== undefined) query = query.where('id', '!=', exceptOwnerId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function isPhoneTaken(db: TDb, contactNumber: string, exceptOwnerId?: number): Promise<boolean> {
  let query = db.selectFrom('owners').select('id').where('contactNumber', '=', contactNumber);
  if (exceptOwnerId !== undefined) query = query.where('id', '!=', exceptOwnerId);
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
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
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
