import type { TReviewSource } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TGoogleReview, TReview } from '../database.ts';
import { countOf, readPage, sortedWindow, type TPage, type TPageRequest } from './paging.ts';
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
