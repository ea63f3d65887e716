import type { TRequestStatus } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../../client.ts';
import type { TReviewRequest } from '../../database.ts';
import { countOf, readDirection, readPage, sortedWindow, type TPage, type TPageRequest } from '../paging.ts';

export type TBranchRequest = TReviewRequest & { contactName: string | null; campaignName: string | null };

/** Above this many rows before the window's end, the businesses are read as one query (see below). */
const PART_LIMIT_MAX = 2_000;

/**
 * The review requests of several businesses (a chain's branches), newest first, paged: as the
 * reviews of every branch (sourced-reviews.ts), one lateral read per business from its owner index
 * cut to the window's end; then the window's rows with their contact's and campaign's names.
 */
export async function listBranchRequests(
  db: TDb,
  ownerIds: readonly number[],
  query: TPageRequest & { status?: TRequestStatus | undefined },
): Promise<TPage<TBranchRequest>> {
  const ids = [...ownerIds];
  if (ids.length === 0) return { rows: [], total: 0 };
  const of = (owners: number[]) => {
    let rows = db.selectFrom('reviewRequests').where('ownerId', 'in', owners);
    if (query.status) rows = rows.where('status', '=', query.status);
    return rows;
  };
  return readPage(query, {
    total: () => countOf(of(ids)),
    readIds: async (window) => {
      if (ids.length > 1 && window.offset + window.limit <= PART_LIMIT_MAX) {
        // One lateral read per business, each cut to the window's end.
        const dir = sql.raw(readDirection(window));
        const { rows } = await sql<{ id: number }>`
          select r.id from unnest(${ids}::bigint[]) as b(owner_id)
           cross join lateral (
             select id, created_at from review_requests
              where owner_id = b.owner_id ${query.status ? sql`and status = ${query.status}` : sql``}
              order by created_at ${dir}, id ${dir} limit ${window.offset + window.limit}) r
           order by r.created_at ${dir}, r.id ${dir} limit ${window.limit} offset ${window.offset}`.execute(
          db,
        );
        return rows.map((row) => Number(row.id));
      }
      const page = of(ids).select('id');
      const rows = await sortedWindow(page, window, ['createdAt', 'id']).execute();
      return rows.map((row) => Number(row.id));
    },
    loadRows: (pageIds) =>
      db
        .selectFrom('reviewRequests')
        .leftJoin('contacts', 'contacts.id', 'reviewRequests.contactId')
        .leftJoin('requestCampaigns', 'requestCampaigns.id', 'reviewRequests.campaignId')
        .selectAll('reviewRequests')
        .select(['contacts.name as contactName', 'requestCampaigns.name as campaignName'])
        .where('reviewRequests.id', 'in', pageIds)
        .execute(),
  });
}
