import type { TReviewSource } from '@starloop/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { TDb } from '../client.ts';
import type {
  Database,
  GoogleConnectionTable,
  GoogleReviewTable,
  TGoogleConnection,
  TGoogleReview,
  TReview,
} from '../database.ts';
import { countByMonth } from './months.ts';
import {
  isNegativeReview,
  markReviewsNotified,
  releaseReviewsNotified,
  takesReminders,
} from './owner-notifications.ts';
import { countOf, countRows, readPage, sortedWindow, type TPage, type TPageRequest } from './paging.ts';
import { lowRating } from './rating-sql.ts';
import {
  deleteRows,
  ownerRowsFinder,
  rowFinder,
  stampOnce,
  updateRow,
  updateRows,
  useLiveRow,
} from './records.ts';
import { getOwnerReviewStats, type TReviewStats } from './reviews.ts';
import { containsPattern } from './search.ts';

/*
 * Google Business Profile (migration 0018): an owner's connection (sealed tokens, location, sync
 * state, reply rules), the consent round trips, and the imported reviews. Every finder of reviews
 * is keyed by the owner: an owner never reaches another owner's Google rows.
 */

// ---------------------------------------------------------------------------- connections

export async function findGoogleConnection(db: TDb, ownerId: number): Promise<TGoogleConnection | undefined> {
  return db.selectFrom('googleConnections').selectAll().where('ownerId', '=', ownerId).executeTakeFirst();
}

/**
 * Stores the tokens of a finished consent. A reconnect keeps the chosen location (and its reviews):
 * the connection is active again at once; a first connect waits for a location.
 */
export async function saveGoogleTokens(
  db: TDb,
  ownerId: number,
  tokens: {
    refreshTokenSealed: string;
    accessTokenSealed: string;
    accessTokenExpiresAt: Date;
    grantedScope: string | null;
  },
  now: Date,
): Promise<TGoogleConnection> {
  return db
    .insertInto('googleConnections')
    .values({ ownerId, ...tokens, connectedAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.column('ownerId').doUpdateSet({
        ...tokens,
        status: sql`case when google_connections.location_name is null then 'choose_location' else 'active' end`,
        revokedAt: null,
        revokedNoticeSentAt: null,
        lastError: null,
        lastErrorAt: null,
        updatedAt: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateGoogleConnection(
  db: TDb,
  ownerId: number,
  patch: Updateable<GoogleConnectionTable>,
): Promise<TGoogleConnection | undefined> {
  return updateRow(db, 'googleConnections', { ownerId }, { updatedAt: new Date(), ...patch });
}

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
 * Access lost (`invalid_grant`): the tokens are useless, so they are dropped; the row stays to say
 * "reconnect". Answers true only the first time, so the owner is emailed once.
 */
export async function markGoogleRevoked(
  db: TDb,
  ownerId: number,
  now: Date,
  reason: string,
): Promise<boolean> {
  const row = await db
    .updateTable('googleConnections')
    .set({
      status: 'revoked',
      revokedAt: now,
      accessTokenSealed: null,
      accessTokenExpiresAt: null,
      refreshTokenSealed: '',
      syncState: 'idle',
      lastError: reason,
      lastErrorAt: now,
      updatedAt: now,
    })
    .where('ownerId', '=', ownerId)
    .where('status', '!=', 'revoked')
    .returning('ownerId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Claims the one "reconnect" email of a revocation. */
export async function claimGoogleRevokedNotice(db: TDb, ownerId: number, now: Date): Promise<boolean> {
  return stampOnce(db, 'googleConnections', 'revokedNoticeSentAt', now, { ownerId, status: 'revoked' });
}

/** Disconnect: the tokens, the consent round trips and the imported reviews go; answers the old row. */
export async function deleteGoogleConnection(
  db: TDb,
  ownerId: number,
): Promise<TGoogleConnection | undefined> {
  await deleteOwnerGoogleReviews(db, ownerId);
  await db.deleteFrom('googleOauthStates').where('ownerId', '=', ownerId).execute();
  return db.deleteFrom('googleConnections').where('ownerId', '=', ownerId).returningAll().executeTakeFirst();
}

/** Owners whose connection syncs (the 30-minute safety net). */
export async function listActiveGoogleOwners(db: TDb): Promise<number[]> {
  const rows = await db
    .selectFrom('googleConnections')
    .innerJoin('owners', 'owners.id', 'googleConnections.ownerId')
    .select('googleConnections.ownerId')
    .where('googleConnections.status', '=', 'active')
    .where('owners.deletedAt', 'is', null)
    .orderBy('googleConnections.ownerId')
    .execute();
  return rows.map((r) => r.ownerId);
}

/** The owners whose active connection chose this location (a push names the location). */
export async function findGoogleOwnersByLocation(
  db: TDb,
  accountName: string | undefined,
  locationName: string,
): Promise<number[]> {
  let query = db
    .selectFrom('googleConnections')
    .select('ownerId')
    .where('locationName', '=', locationName)
    .where('status', '=', 'active');
  if (accountName) query = query.where('accountName', '=', accountName);
  return (await query.execute()).map((r) => r.ownerId);
}

export interface TGoogleConnectionCounts {
  connected: number;
  revoked: number;
  withErrors: number;
}

/** The admin overview's count of connections. */
export async function countGoogleConnections(db: TDb): Promise<TGoogleConnectionCounts> {
  const connections = db
    .selectFrom('googleConnections')
    .innerJoin('owners', 'owners.id', 'googleConnections.ownerId')
    .where('owners.deletedAt', 'is', null);
  return countRows(connections, {
    connected: sql`google_connections.status <> 'revoked'`,
    revoked: sql`google_connections.status = 'revoked'`,
    withErrors: sql`google_connections.status <> 'revoked' and google_connections.last_error is not null`,
  });
}

// ---------------------------------------------------------------------------- consent round trips

export async function insertGoogleOauthState(
  db: TDb,
  state: { stateHash: string; ownerId: number; verifierSealed: string; expiresAt: Date },
): Promise<void> {
  await db.insertInto('googleOauthStates').values(state).execute();
}

/**
 * Spends a state: only its own owner, only once, only before it expires. Answers the sealed PKCE
 * verifier, or undefined for a wrong, used, expired or another owner's state.
 */
export async function consumeGoogleOauthState(
  db: TDb,
  stateHash: string,
  ownerId: number,
  now: Date,
): Promise<string | undefined> {
  const state = await useLiveRow(db, 'googleOauthStates', { stateHash, ownerId }, now);
  return state?.verifierSealed;
}

/** Spent and expired round trips (maintenance). */
export async function deleteStaleGoogleOauthStates(db: TDb, before: Date): Promise<number> {
  const result = await db.deleteFrom('googleOauthStates').where('expiresAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------------------- reviews

export type TNewGoogleReview = Insertable<GoogleReviewTable>;

/** The owner's Google reviews by Google's names of them. */
export const findGoogleReviewsByNames = ownerRowsFinder('googleReviews', 'reviewName');

/** New reviews in one statement; a review another sync inserted meanwhile is left as it is. */
export async function insertGoogleReviews(db: TDb, rows: TNewGoogleReview[]): Promise<TGoogleReview[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('googleReviews')
    .values(rows)
    .onConflict((oc) => oc.columns(['ownerId', 'reviewName']).doNothing())
    .returningAll()
    .execute();
}

export async function updateGoogleReview(
  db: TDb,
  ownerId: number,
  id: number,
  patch: Updateable<GoogleReviewTable>,
): Promise<TGoogleReview | undefined> {
  return updateRow(db, 'googleReviews', { ownerId, id }, { updatedAt: new Date(), ...patch });
}

/** Every review imported for the owner (another location was chosen): how many there were. */
export async function deleteOwnerGoogleReviews(db: TDb, ownerId: number): Promise<number> {
  return deleteRows(db, 'googleReviews', { ownerId });
}

/** How many of the owner's Google reviews are still on Google (not marked deleted). */
export async function countLiveGoogleReviews(db: TDb, ownerId: number): Promise<number> {
  return countOf(
    db.selectFrom('googleReviews').where('ownerId', '=', ownerId).where('deletedAt', 'is', null),
  );
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

/** One of the owner's Google reviews (another owner's id is simply not found). */
export const findGoogleReviewForOwner = rowFinder('googleReviews', (ownerId: number, id: number) => ({
  ownerId,
  id,
}));

export async function findGoogleReviewById(db: TDb, id: number): Promise<TGoogleReview | undefined> {
  return db.selectFrom('googleReviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Auto-published replies whose time has come (the safety net behind their delayed jobs). */
export async function listDueGoogleReplies(
  db: TDb,
  now: Date,
  limit: number,
): Promise<{ id: number; ownerId: number }[]> {
  return db
    .selectFrom('googleReviews')
    .select(['id', 'ownerId'])
    .where('replyStatus', '=', 'scheduled')
    .where('publishAfter', '<=', now)
    .where('deletedAt', 'is', null)
    .orderBy('publishAfter')
    .limit(limit)
    .execute();
}

/** Publishes in flight whose job may be lost (queued again by the tick; the key makes it harmless). */
export async function listStuckGooglePublishes(
  db: TDb,
  olderThan: Date,
  limit: number,
): Promise<{ id: number; ownerId: number; publishKey: string | null }[]> {
  return db
    .selectFrom('googleReviews')
    .select(['id', 'ownerId', 'publishKey'])
    .where('replyStatus', '=', 'publishing')
    .where('updatedAt', '<', olderThan)
    .where('deletedAt', 'is', null)
    .limit(limit)
    .execute();
}

/**
 * Starts a publish: the reply text and a fresh idempotency key, only from a state that may publish
 * (not while another publish of this review is in flight). Answers the row, or undefined.
 */
export async function beginGoogleReplyPublish(
  db: TDb,
  ownerId: number,
  id: number,
  text: string,
  key: string,
  now: Date,
  fromStatuses: readonly string[] = ['drafted', 'scheduled', 'published', 'failed'],
): Promise<TGoogleReview | undefined> {
  return db
    .updateTable('googleReviews')
    .set({
      replyStatus: 'publishing',
      replyDraft: text,
      publishKey: key,
      publishAttemptedAt: null,
      replyError: null,
      updatedAt: now,
    })
    .where('ownerId', '=', ownerId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .where('replyStatus', 'in', fromStatuses as never)
    .returningAll()
    .executeTakeFirst();
}

/** The publish of `key` is done (or failed): only while that key is still the review's. */
export async function finishGoogleReplyPublish(
  db: TDb,
  id: number,
  key: string,
  patch: Updateable<GoogleReviewTable>,
): Promise<boolean> {
  const match = { id, publishKey: key, replyStatus: 'publishing' } as const;
  return (await updateRows(db, 'googleReviews', match, { updatedAt: new Date(), ...patch })) > 0;
}

/** Marks that a PUT of `key` may reach Google: a later attempt asks Google before sending again. */
export async function markGooglePublishAttempted(db: TDb, id: number, key: string, now: Date): Promise<void> {
  await updateRows(db, 'googleReviews', { id, publishKey: key }, { publishAttemptedAt: now });
}

/**
 * The error the owner sees while the publish of `key` waits for its retry: only while that key is
 * still the review's (its status and updatedAt stay as they are).
 */
export async function setGooglePublishError(
  db: TDb,
  id: number,
  key: string,
  replyError: string,
): Promise<void> {
  await updateRows(db, 'googleReviews', { id, publishKey: key }, { replyError });
}

/** Card numbers of the owner's live Google reviews (one aggregate over the owner's index). */
export async function getGoogleReviewStats(db: TDb, ownerId: number): Promise<TReviewStats> {
  const row = await db
    .selectFrom('googleReviews')
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<number>`coalesce(sum(rating), 0)::int`.as('sum'),
      sql<number>`count(*) filter (where rating = 1)::int`.as('s1'),
      sql<number>`count(*) filter (where rating = 2)::int`.as('s2'),
      sql<number>`count(*) filter (where rating = 3)::int`.as('s3'),
      sql<number>`count(*) filter (where rating = 4)::int`.as('s4'),
      sql<number>`count(*) filter (where rating = 5)::int`.as('s5'),
    ])
    .where('ownerId', '=', ownerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  const n = row?.n ?? 0;
  return {
    reviewCount: n,
    ratingSum: row?.sum ?? 0,
    averageRating: n ? (row?.sum ?? 0) / n : 0,
    stars: { 1: row?.s1 ?? 0, 2: row?.s2 ?? 0, 3: row?.s3 ?? 0, 4: row?.s4 ?? 0, 5: row?.s5 ?? 0 },
  };
}

/** The owner's live Google reviews per month (UTC), like countOwnerReviewsByMonth. */
export async function countGoogleReviewsByMonth(
  db: TDb,
  ownerId: number,
  now: Date,
  months = 12,
): Promise<{ month: string; count: number; ratingSum: number }[]> {
  const live = db.selectFrom('googleReviews').where('ownerId', '=', ownerId).where('deletedAt', 'is', null);
  return countByMonth(
    live,
    'createdOnGoogle',
    { now, months },
    {
      count: sql<number>`count(*)::int`,
      ratingSum: sql<number>`coalesce(sum(rating), 0)::int`,
    },
  );
}

// ---------------------------------------------------------------------------- the dashboard's list

export type { TReviewSource };
export type TSourcedReview = { source: 'qr'; review: TReview } | { source: 'google'; review: TGoogleReview };

/**
 * The owner's reviews of the chosen sources together, newest first, searched and paged on the
 * server through readPage: the window's (source, id) pairs come from one UNION ALL over both owner
 * indexes (each branch already in order, so PostgreSQL merges them), then only those rows are
 * loaded. The QR total comes from the owner's counters unless searching.
 */
export async function listOwnerReviewsBySource(
  db: TDb,
  ownerId: number,
  query: TPageRequest & { search?: string | undefined; sources: readonly TReviewSource[] },
): Promise<TPage<TSourcedReview>> {
  const withQr = query.sources.includes('qr');
  const withGoogle = query.sources.includes('google');
  const pattern = query.search ? containsPattern(query.search) : undefined;
  let qr = db.selectFrom('reviews').where('ownerId', '=', ownerId);
  if (pattern) qr = qr.where(sql<boolean>`lower(message) like ${pattern}`);
  let google = db.selectFrom('googleReviews').where('ownerId', '=', ownerId).where('deletedAt', 'is', null);
  if (pattern) {
    google = google.where(
      sql<boolean>`(lower(comment) like ${pattern} or lower(reviewer_name) like ${pattern})`,
    );
  }

  const countQr = async () => {
    if (!withQr) return 0;
    return pattern ? countOf(qr) : (await getOwnerReviewStats(db, ownerId)).reviewCount;
  };
  const countGoogle = async () => (withGoogle ? countOf(google) : 0);
  const branches = [
    ...(withQr ? [qr.select([sql<TReviewSource>`'qr'`.as('source'), 'id', 'createdAt'])] : []),
    ...(withGoogle
      ? [google.select([sql<TReviewSource>`'google'`.as('source'), 'id', 'createdOnGoogle as createdAt'])]
      : []),
  ];

  return readPage(query, {
    total: async () => {
      const [qrTotal, googleTotal] = await Promise.all([countQr(), countGoogle()]);
      return qrTotal + googleTotal;
    },
    readRows: async (window) => {
      const [first, ...others] = branches;
      if (!first) return [];
      const sourced = others.reduce((union, branch) => union.unionAll(branch), first);
      const page = db.selectFrom(sourced.as('sourced')).select(['source', 'id']);
      const keys = await sortedWindow(page, window, ['createdAt', 'source', 'id']).execute();
      return loadSourcedReviews(db, keys);
    },
  });
}

/** The rows of (source, id) pairs, in the pairs' order (a pair whose row is gone is left out). */
async function loadSourcedReviews(
  db: TDb,
  keys: { source: TReviewSource; id: number }[],
): Promise<TSourcedReview[]> {
  const qrIds = keys.filter((k) => k.source === 'qr').map((k) => Number(k.id));
  const googleIds = keys.filter((k) => k.source === 'google').map((k) => Number(k.id));
  const [qrRows, googleRows] = await Promise.all([
    qrIds.length ? db.selectFrom('reviews').selectAll().where('id', 'in', qrIds).execute() : [],
    googleIds.length ? db.selectFrom('googleReviews').selectAll().where('id', 'in', googleIds).execute() : [],
  ]);
  const qrById = new Map(qrRows.map((r) => [r.id, r]));
  const googleById = new Map(googleRows.map((r) => [r.id, r]));
  const rows: TSourcedReview[] = [];
  for (const key of keys) {
    if (key.source === 'qr') {
      const review = qrById.get(Number(key.id));
      if (review) rows.push({ source: 'qr', review });
    } else {
      const review = googleById.get(Number(key.id));
      if (review) rows.push({ source: 'google', review });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------- owner notifications

/** The owner's 1-3 star Google reviews still on Google (the alert's and the digest's lists). */
function googleLowRatings(db: TDb, ownerId: number) {
  return db
    .selectFrom('googleReviews')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .where(lowRating())
    .where('deletedAt', 'is', null);
}

/** The owner's 1-3 star Google reviews since `from` that no alert has listed yet. */
export const unnotifiedGoogleLowRatings = (db: TDb, ownerId: number, from: Date) =>
  googleLowRatings(db, ownerId).where('ownerNotifiedAt', 'is', null).where('createdOnGoogle', '>=', from);

/** The owner's 1-3 star Google reviews since `from` that no alert has listed yet, oldest first. */
export async function listUnnotifiedGoogleLowRatings(
  db: TDb,
  ownerId: number,
  from: Date,
): Promise<TGoogleReview[]> {
  return unnotifiedGoogleLowRatings(db, ownerId, from).orderBy('createdOnGoogle').orderBy('id').execute();
}

/** The owner's 1-3 star Google reviews created in (from, to], oldest first (the daily digest). */
export async function listGoogleLowRatingReviews(
  db: TDb,
  ownerId: number,
  from: Date,
  to: Date,
): Promise<TGoogleReview[]> {
  return googleLowRatings(db, ownerId)
    .where('createdOnGoogle', '>', from)
    .where('createdOnGoogle', '<=', to)
    .orderBy('createdOnGoogle')
    .limit(200)
    .execute();
}

export async function markGoogleLowRatingsNotified(db: TDb, ids: number[], at: Date): Promise<number[]> {
  return markReviewsNotified(db, 'googleReviews', ids, at);
}

export async function releaseGoogleLowRatingsNotified(db: TDb, ids: number[], at: Date): Promise<void> {
  await releaseReviewsNotified(db, 'googleReviews', ids, at);
}

export interface TGoogleReminderDue {
  reviewId: number;
  ownerId: number;
  email: string;
  businessName: string;
  rating: number;
  comment: string;
  reviewerName: string;
  replyDraft: string | null;
  createdAt: Date;
}

/** A Google review whose reply is not on Google yet (nor on its way there). */
const awaitingGoogleReply = (eb: ExpressionBuilder<Database, 'googleReviews'>) =>
  eb('googleReviews.replyStatus', 'in', ['drafted', 'scheduled', 'failed']);

/**
 * Negative Google reviews (sentiment negative, or 1-2 stars without a label) with no reply on
 * Google, created between `newerThan` and `olderThan`, not yet reminded: for owners with an email
 * and a notification on (the same rule as the QR reviews' reminder).
 */
export async function listGoogleRemindersDue(
  db: TDb,
  options: { olderThan: Date; newerThan: Date; limit: number },
): Promise<TGoogleReminderDue[]> {
  const rows = await db
    .selectFrom('googleReviews')
    .innerJoin('owners', 'owners.id', 'googleReviews.ownerId')
    .select([
      'googleReviews.id as reviewId',
      'googleReviews.ownerId',
      'owners.email',
      'owners.businessName',
      'googleReviews.rating',
      'googleReviews.comment',
      'googleReviews.reviewerName',
      'googleReviews.replyDraft',
      'googleReviews.createdOnGoogle as createdAt',
    ])
    .where('googleReviews.deletedAt', 'is', null)
    .where('googleReviews.reminderSentAt', 'is', null)
    .where(awaitingGoogleReply)
    .where('googleReviews.createdOnGoogle', '<=', options.olderThan)
    .where('googleReviews.createdOnGoogle', '>', options.newerThan)
    .where(isNegativeReview('googleReviews'))
    .where(takesReminders)
    .orderBy('googleReviews.createdOnGoogle')
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({ ...r, email: r.email! }));
}

export async function claimGoogleReminder(db: TDb, reviewId: number, now: Date): Promise<boolean> {
  return stampOnce(db, 'googleReviews', 'reminderSentAt', now, { id: reviewId }, awaitingGoogleReply);
}
