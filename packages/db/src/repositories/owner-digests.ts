import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import { deleteRows } from './records.ts';

/** The owners' daily digests (migration 0005): one per owner and IST day, claimed before it is sent. */

export interface TDigestOwner {
  id: number;
  email: string;
  businessName: string;
  name: string;
}

/** Owners with the daily digest on whose digest for `digestDate` (YYYY-MM-DD, IST) is not out yet. */
export async function listDigestOwnersDue(
  db: TDb,
  digestDate: string,
  limit: number,
): Promise<TDigestOwner[]> {
  return db
    .selectFrom('owners')
    .select(['owners.id', 'owners.businessName', 'owners.name', sql<string>`owners.email`.as('email')])
    .where('owners.dailyDigest', '=', true)
    .where('owners.email', 'is not', null)
    .where('owners.deletedAt', 'is', null)
    .where('owners.status', '=', 'active')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ownerDigests')
            .select('ownerDigests.ownerId')
            .whereRef('ownerDigests.ownerId', '=', 'owners.id')
            .where('ownerDigests.digestDate', '=', digestDate),
        ),
      ),
    )
    .orderBy('owners.id')
    .limit(limit)
    .execute();
}

/** Claims an owner's digest for a day (true once). */
export async function claimDigest(
  db: TDb,
  ownerId: number,
  digestDate: string,
  reviewCount: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('ownerDigests')
    .values({ ownerId, digestDate, reviewCount, sentAt: now })
    .onConflict((oc) => oc.columns(['ownerId', 'digestDate']).doNothing())
    .returning('ownerId')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseDigest(db: TDb, ownerId: number, digestDate: string): Promise<void> {
  await deleteRows(db, 'ownerDigests', { ownerId, digestDate });
}
