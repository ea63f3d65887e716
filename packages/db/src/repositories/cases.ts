import { CASE_OPEN_STATUSES, type TCaseChannel, type TCaseStatusFilter } from '@starloop/contract/rules';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TCase, TCaseEvent } from '../database.ts';
import { countOf, readPage, sortedWindow, type TPage, type TPageRequest } from './paging.ts';

/*
 * Feedback cases (migration 0029): one per low review, opened in the review's transaction, and
 * their timeline. Scope (which businesses a caller may see) is the caller's: every reader here
 * takes the business ids it may read.
 */

/**
 * A case as lists and answers read it: with its review's message, whether a contact was left, and
 * where the review came from (its channel).
 */
export type TCaseRow = TCase & {
  message: string;
  contactPresent: boolean;
  accountId: number;
  channel: TCaseChannel;
};

/** A case's timeline line with its actor's name (null for an API key or the system). */
export type TCaseEventRow = TCaseEvent & { actorName: string | null };

export interface TNewCase {
  reviewId: number;
  ownerId: number;
  rating: number;
  createdAt: Date;
  dueAt: Date;
}

/**
 * Opens cases and their `opened` timeline lines in one statement; a review that already has a case
 * (a replayed batch) is skipped. Returns how many were opened.
 */
export async function openCases(db: TDb, cases: readonly TNewCase[]): Promise<number> {
  if (cases.length === 0) return 0;
  const opened = await db
    .with('opened', (q) =>
      q
        .insertInto('cases')
        .values(cases.map((c) => ({ ...c, updatedAt: c.createdAt })))
        .onConflict((oc) => oc.column('reviewId').doNothing())
        .returning(['id', 'createdAt']),
    )
    .insertInto('caseEvents')
    .columns(['caseId', 'kind', 'createdAt'])
    .expression((eb) =>
      eb.selectFrom('opened').select(['opened.id', sql.lit('opened').as('kind'), 'opened.createdAt']),
    )
    .returning('caseId')
    .execute();
  return opened.length;
}

/** Each account's first-response target in business minutes. */
export async function findCaseResponseMinutes(
  db: TDb,
  accountIds: readonly number[],
): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'caseResponseMinutes'])
    .where('id', 'in', [...accountIds])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.caseResponseMinutes]));
}

const caseRows = (db: TDb) =>
  db
    .selectFrom('cases')
    .innerJoin('reviews', 'reviews.id', 'cases.reviewId')
    .innerJoin('owners', 'owners.id', 'cases.ownerId')
    .selectAll('cases')
    .select([
      'reviews.message',
      'owners.accountId',
      sql<boolean>`coalesce(reviews.customer_contact, '') <> ''`.as('contactPresent'),
      caseChannelSql.as('channel'),
    ]);

/**
 * Where a case's review came from. A Google case has no review row (its review_id is null); a
 * review request's link leaves its id on the review; anything else came through the review page.
 */
const caseChannelSql = sql<TCaseChannel>`case when cases.review_id is null then 'google'
  when reviews.review_request_id is not null then 'request' else 'qr' end`;

/** The channel filter as a condition on `cases`, probing the review by its primary key. */
function channelCondition(channel: TCaseChannel) {
  if (channel === 'google') return sql<boolean>`cases.review_id is null`;
  const fromRequest = channel === 'request' ? sql`is not null` : sql`is null`;
  return sql<boolean>`exists (select 1 from reviews r where r.id = cases.review_id
    and r.review_request_id ${fromRequest})`;
}

export interface TCaseListQuery extends TPageRequest {
  /** One status, or 'open' (new, in progress or reopened). */
  status?: TCaseStatusFilter | undefined;
  assigneeId?: number | undefined;
  rating?: number | undefined;
  channel?: TCaseChannel | undefined;
  /** true: no first response and due before `now`; false: the others. */
  overdue?: boolean | undefined;
  /** The clock overdue is read against (required with `overdue`). */
  now?: Date | undefined;
}

/** The cases of these businesses, newest first, paged (ids first, then the page's rows). */
export async function listCases(
  db: TDb,
  ownerIds: readonly number[],
  query: TCaseListQuery,
): Promise<TPage<TCaseRow>> {
  if (ownerIds.length === 0) return { rows: [], total: 0 };
  const of = () => {
    let rows = db.selectFrom('cases').where('ownerId', 'in', [...ownerIds]);
    if (query.status === 'open') rows = rows.where('status', 'in', [...CASE_OPEN_STATUSES]);
    else if (query.status) rows = rows.where('status', '=', query.status);
    if (query.assigneeId !== undefined) rows = rows.where('assigneePersonId', '=', query.assigneeId);
    if (query.rating !== undefined) rows = rows.where('rating', '=', query.rating);
    if (query.channel !== undefined) rows = rows.where(channelCondition(query.channel));
    if (query.overdue !== undefined) {
      const now = query.now ?? new Date();
      rows = query.overdue
        ? rows.where('firstResponseAt', 'is', null).where('dueAt', '<', now)
        : rows.where((eb) => eb.or([eb('firstResponseAt', 'is not', null), eb('dueAt', '>=', now)]));
    }
    return rows;
  };
  return readPage(query, {
    total: () => countOf(of()),
    readIds: async (window) => {
      const rows = await sortedWindow(of().select('id'), window, ['createdAt', 'id']).execute();
      return rows.map((row) => Number(row.id));
    },
    loadRows: (ids) => caseRows(db).where('cases.id', 'in', ids).execute(),
  });
}

/** A case by id (with its business's account), whoever's it is: the caller checks the scope. */
export async function findCase(db: TDb, id: number): Promise<TCaseRow | undefined> {
  return caseRows(db).where('cases.id', '=', id).executeTakeFirst();
}

/** A case's row, locked for the rest of the transaction (one change at a time). */
export async function lockCase(trx: TDb, id: number): Promise<TCase | undefined> {
  return trx.selectFrom('cases').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateCase(
  trx: TDb,
  id: number,
  patch: Partial<
    Pick<TCase, 'status' | 'outcome' | 'assigneePersonId' | 'firstResponseAt' | 'resolvedAt' | 'updatedAt'>
  >,
): Promise<void> {
  await trx.updateTable('cases').set(patch).where('id', '=', id).execute();
}

export async function insertCaseEvents(
  trx: TDb,
  events: readonly {
    caseId: number;
    kind: TCaseEvent['kind'];
    actorPersonId: number | null;
    data: Record<string, unknown>;
    createdAt: Date;
  }[],
): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('caseEvents')
    .values(events.map((e) => ({ ...e, data: JSON.stringify(e.data) })))
    .execute();
}

/** A case's timeline, oldest first, with each actor's name. */
export async function listCaseEvents(db: TDb, caseId: number): Promise<TCaseEventRow[]> {
  return db
    .selectFrom('caseEvents')
    .leftJoin('persons', 'persons.id', 'caseEvents.actorPersonId')
    .selectAll('caseEvents')
    .select('persons.name as actorName')
    .where('caseEvents.caseId', '=', caseId)
    .orderBy('caseEvents.id', 'asc')
    .execute();
}
