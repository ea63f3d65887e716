import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { TDb } from '../../client.ts';
import type { Database, TGoogleConnection } from '../../database.ts';

/*
 * The sync's state: a full pass's page cursor and progress on the owner's connection, the pass
 * (generation) that last saw each imported review, and the reviews found deleted on Google.
 */

/**
 * A page of a full pass is stored: the token of the next page (null after the last), `imported`
 * more reviews done (added in the statement, so the progress bar never goes back), and Google's
 * total when the page gave one. Answers the row as it is now, or undefined if none.
 */
export async function recordGoogleSyncPage(
  db: TDb,
  ownerId: number,
  page: { nextPageToken: string | null; imported: number; importTotal?: number | undefined },
): Promise<TGoogleConnection | undefined> {
  return db
    .updateTable('googleConnections')
    .set((eb) => ({
      updatedAt: new Date(),
      syncPageToken: page.nextPageToken,
      importDone: eb('importDone', '+', page.imported),
      ...(page.importTotal !== undefined ? { importTotal: page.importTotal } : {}),
    }))
    .where('ownerId', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Up to `limit` of the owner's live Google reviews that the full pass `generation` did not see:
 * each is asked for at Google before it is marked deleted.
 */
export async function listUnseenGoogleReviews(
  db: TDb,
  ownerId: number,
  generation: number,
  limit: number,
): Promise<{ id: number; reviewName: string }[]> {
  return db
    .selectFrom('googleReviews')
    .select(['id', 'reviewName'])
    .where('ownerId', '=', ownerId)
    .where('deletedAt', 'is', null)
    .where('seenGeneration', '<', generation)
    .limit(limit)
    .execute();
}

/** Seen by the full pass `generation` (unchanged rows are only stamped). */
export async function markGoogleReviewsSeen(
  db: TDb,
  ownerId: number,
  ids: number[],
  generation: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('googleReviews')
    .set({ seenGeneration: generation })
    .where('ownerId', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}

/** Marks the owner's live Google reviews that `which` picks deleted on Google: how many were. */
async function markGoogleReviewsDeleted(
  db: TDb,
  ownerId: number,
  now: Date,
  which: (eb: ExpressionBuilder<Database, 'googleReviews'>) => Expression<SqlBool>,
): Promise<number> {
  const result = await db
    .updateTable('googleReviews')
    .set({ deletedAt: now, updatedAt: now })
    .where('ownerId', '=', ownerId)
    .where(which)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** After a finished full pass: every live review it did not see was deleted on Google. */
export async function markUnseenGoogleReviewsDeleted(
  db: TDb,
  ownerId: number,
  generation: number,
  now: Date,
): Promise<number> {
  return markGoogleReviewsDeleted(db, ownerId, now, (eb) => eb('seenGeneration', '<', generation));
}

export async function markGoogleReviewDeleted(
  db: TDb,
  ownerId: number,
  reviewName: string,
  now: Date,
): Promise<boolean> {
  return (await markGoogleReviewsDeleted(db, ownerId, now, (eb) => eb('reviewName', '=', reviewName))) > 0;
}
