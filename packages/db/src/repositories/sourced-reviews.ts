import type { TReviewSource } from '@starloop/contract';
import { type RawBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TGoogleReview, TReview } from '../database.ts';
import {
  countOf,
  readDirection,
  readPage,
  sortedWindow,
  type TPage,
  type TPageRequest,
  type TPageWindow,
} from './paging.ts';
import { getOwnerReviewStats } from './reviews.ts';
import { containsPattern } from './search.ts';

/** The dashboard's list: the owner's reviews of both sources, QR (reviews.ts) and Google (google/). */

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
  return listBranchReviewsBySource(
    db,
    {
      qr: query.sources.includes('qr') ? [ownerId] : [],
      google: query.sources.includes('google') ? [ownerId] : [],
    },
    query,
  );
}

/**
 * Above this many rows before the window's end, the businesses are no longer read one by one (see
 * below): a deep page of a chain's list reads as one query per source instead.
 */
const PART_LIMIT_MAX = 2_000;

/**
 * The reviews of several businesses (a chain's branches) the same way, QR reviews of the `qr`
 * businesses and Google reviews of the `google` ones. With more than two (business, source)
 * parts, each part is read from its owner index cut to the window's end first (each of the page's
 * rows is within its own part's first offset+limit), so the 50 branches of a 1M-review chain read
 * at most 50 x (offset+limit) index entries, however big the rest of the platform is.
 */
export async function listBranchReviewsBySource(
  db: TDb,
  businesses: { qr: readonly number[]; google: readonly number[] },
  query: TPageRequest & { search?: string | undefined },
): Promise<TPage<TSourcedReview>> {
  const qrIds = [...businesses.qr];
  const googleIds = [...businesses.google];
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const qrOf = (owners: number[]) => {
    let qr = db.selectFrom('reviews').where('ownerId', 'in', owners);
    if (pattern) qr = qr.where(sql<boolean>`lower(message) like ${pattern}`);
    return qr.select([sql<TReviewSource>`'qr'`.as('source'), 'id', 'createdAt']);
  };
  const googleOf = (owners: number[]) => {
    let google = db.selectFrom('googleReviews').where('ownerId', 'in', owners).where('deletedAt', 'is', null);
    if (pattern) {
      google = google.where(
        sql<boolean>`(lower(comment) like ${pattern} or lower(reviewer_name) like ${pattern})`,
      );
    }
    return google.select([sql<TReviewSource>`'google'`.as('source'), 'id', 'createdOnGoogle as createdAt']);
  };

  const countQr = async () => {
    if (qrIds.length === 0) return 0;
    if (pattern) return countOf(db.selectFrom(qrOf(qrIds).as('matching')));
    if (qrIds.length === 1) return (await getOwnerReviewStats(db, qrIds[0]!)).reviewCount;
    const row = await db
      .selectFrom('ownerReviewStats')
      .select(sql<number>`coalesce(sum(review_count), 0)`.as('count'))
      .where('ownerId', 'in', qrIds)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  };
  const countGoogle = async () =>
    googleIds.length ? countOf(db.selectFrom(googleOf(googleIds).as('matching'))) : 0;

  /**
   * The window's keys from one lateral read per business and source, each cut to the window's end
   * (planned once, however many branches; a union of 50 parts costs more to plan than to run).
   */
  const readPerBranch = async (window: TPageWindow) => {
    const dir = sql.raw(readDirection(window));
    const reach = window.offset + window.limit;
    const matching = (text: RawBuilder<unknown>) => (pattern ? sql`and ${text}` : sql``);
    const parts = [
      ...(qrIds.length
        ? [
            sql`select 'qr'::text as source, r.id, r.created_at
                  from unnest(${qrIds}::bigint[]) as b(owner_id)
                  cross join lateral (
                    select id, created_at from reviews
                     where owner_id = b.owner_id ${matching(sql`lower(message) like ${pattern}`)}
                     order by created_at ${dir}, id ${dir} limit ${reach}) r`,
          ]
        : []),
      ...(googleIds.length
        ? [
            sql`select 'google'::text as source, g.id, g.created_at
                  from unnest(${googleIds}::bigint[]) as b(owner_id)
                  cross join lateral (
                    select id, created_on_google as created_at from google_reviews
                     where owner_id = b.owner_id and deleted_at is null
                       ${matching(sql`(lower(comment) like ${pattern} or lower(reviewer_name) like ${pattern})`)}
                     order by created_on_google ${dir}, id ${dir} limit ${reach}) g`,
          ]
        : []),
    ];
    const { rows } = await sql<{ source: TReviewSource; id: number }>`
      select source, id from (${sql.join(parts, sql` union all `)}) s
       order by created_at ${dir}, source ${dir}, id ${dir} limit ${window.limit} offset ${window.offset}`.execute(
      db,
    );
    return rows;
  };

  return readPage(query, {
    total: async () => {
      const [qrTotal, googleTotal] = await Promise.all([countQr(), countGoogle()]);
      return qrTotal + googleTotal;
    },
    readRows: async (window) => {
      const perPart = qrIds.length + googleIds.length > 2 && window.offset + window.limit <= PART_LIMIT_MAX;
      if (perPart) return loadSourcedReviews(db, await readPerBranch(window));
      const parts = [
        ...(qrIds.length ? [db.selectFrom(qrOf(qrIds).as('part')).selectAll()] : []),
        ...(googleIds.length ? [db.selectFrom(googleOf(googleIds).as('part')).selectAll()] : []),
      ];
      const [first, ...others] = parts;
      if (!first) return [];
      const sourced = others.reduce((union, part) => union.unionAll(part), first);
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
