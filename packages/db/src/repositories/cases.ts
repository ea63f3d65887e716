import { CASE_OPEN_STATUSES, type TCaseChannel, type TCaseStatusFilter } from '@starloop/contract/rules';
import { type RawBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TCase, TCaseEvent } from '../database.ts';
import {
  countOf,
  readDirection,
  readPage,
  sortedWindow,
  type TPage,
  type TPageRequest,
  type TPageWindow,
} from './paging.ts';

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

export interface TNewGoogleCase {
  googleReviewId: number;
  ownerId: number;
  rating: number;
  createdAt: Date;
  dueAt: Date;
}

/**
 * Opens the cases of new Google reviews and their `opened` lines in one statement; a Google review
 * that already has a case is skipped (ON CONFLICT (google_review_id) DO NOTHING). Returns the cases
 * opened.
 */
export async function openGoogleCases(
  db: TDb,
  cases: readonly TNewGoogleCase[],
): Promise<{ caseId: number; ownerId: number }[]> {
  if (cases.length === 0) return [];
  const opened = await db
    .with('opened', (q) =>
      q
        .insertInto('cases')
        .values(cases.map((c) => ({ ...c, updatedAt: c.createdAt })))
        .onConflict((oc) => oc.column('googleReviewId').doNothing())
        .returning(['id', 'ownerId', 'createdAt']),
    )
    .with('events', (q) =>
      q
        .insertInto('caseEvents')
        .columns(['caseId', 'kind', 'createdAt'])
        .expression((eb) =>
          eb.selectFrom('opened').select(['opened.id', sql.lit('opened').as('kind'), 'opened.createdAt']),
        ),
    )
    .selectFrom('opened')
    .select(['opened.id', 'opened.ownerId'])
    .execute();
  return opened.map((row) => ({ caseId: Number(row.id), ownerId: Number(row.ownerId) }));
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

// A case's review is a QR one (reviews) or a Google one (google_reviews, whose reviewer left no contact).
const caseRows = (db: TDb) =>
  db
    .selectFrom('cases')
    .leftJoin('reviews', 'reviews.id', 'cases.reviewId')
    .leftJoin('googleReviews', 'googleReviews.id', 'cases.googleReviewId')
    .innerJoin('owners', 'owners.id', 'cases.ownerId')
    .selectAll('cases')
    .select([
      sql<string>`coalesce(reviews.message, google_reviews.comment, '')`.as('message'),
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

/**
 * The list's filters as conditions on `cases`, written once for both reads below (the rows of
 * every branch at once, and each branch's own).
 */
function caseListConditions(query: TCaseListQuery): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (query.status === 'open') {
    conditions.push(sql<boolean>`cases.status in (${sql.join([...CASE_OPEN_STATUSES])})`);
  } else if (query.status) conditions.push(sql<boolean>`cases.status = ${query.status}`);
  if (query.assigneeId !== undefined)
    conditions.push(sql<boolean>`cases.assignee_person_id = ${query.assigneeId}`);
  if (query.rating !== undefined) conditions.push(sql<boolean>`cases.rating = ${query.rating}`);
  if (query.channel !== undefined) conditions.push(channelCondition(query.channel));
  if (query.overdue !== undefined) {
    const now = query.now ?? new Date();
    conditions.push(
      query.overdue
        ? sql<boolean>`(cases.first_response_at is null and cases.due_at < ${now})`
        : sql<boolean>`(cases.first_response_at is not null or cases.due_at >= ${now})`,
    );
  }
  return conditions;
}

/**
 * The query's keys case_counts can count (businessId arrives as the owner ids; `now` only matters
 * with overdue); channel and overdue, and a filter added later, are counted from the rows.
 */
const COUNTED_KEYS = new Set(['page', 'limit', 'status', 'assigneeId', 'rating', 'businessId', 'now']);

/** How many cases of these businesses match, from case_counts (a few rows per business). */
async function countFromCounters(
  db: TDb,
  ownerIds: readonly number[],
  query: TCaseListQuery,
): Promise<number> {
  let rows = db
    .selectFrom('caseCounts')
    .select(sql<number>`coalesce(sum(cases), 0)`.as('count'))
    .where('ownerId', 'in', [...ownerIds]);
  if (query.status === 'open') rows = rows.where('status', 'in', [...CASE_OPEN_STATUSES]);
  else if (query.status) rows = rows.where('status', '=', query.status);
  if (query.assigneeId !== undefined) rows = rows.where('assigneePersonId', '=', query.assigneeId);
  if (query.rating !== undefined) rows = rows.where('rating', '=', query.rating);
  return Number((await rows.executeTakeFirst())?.count ?? 0);
}

/** Above this many rows before the window's end, the branches are no longer read one by one. */
const PER_BRANCH_LIMIT_MAX = 2_000;

/**
 * The cases of these businesses, newest first, paged (ids first, then the page's rows). The total
 * comes from case_counts when it can count the filters; several branches are read one by one, each
 * from its own index and cut to the window's end (decisions: "Lists of every branch"), so 100,000
 * cases of a chain cost what a page does.
 */
export async function listCases(
  db: TDb,
  ownerIds: readonly number[],
  query: TCaseListQuery,
): Promise<TPage<TCaseRow>> {
  if (ownerIds.length === 0) return { rows: [], total: 0 };
  const conditions = caseListConditions(query);
  const of = () => {
    let rows = db.selectFrom('cases').where('ownerId', 'in', [...ownerIds]);
    for (const condition of conditions) rows = rows.where(condition);
    return rows;
  };
  const counted = Object.entries(query).every(([key, value]) => value === undefined || COUNTED_KEYS.has(key));
  const readPerBranch = async (window: TPageWindow) => {
    const dir = sql.raw(readDirection(window));
    const filters = conditions.map((condition) => sql`and ${condition}`);
    const { rows } = await sql<{ id: number }>`
      select c.id from unnest(${[...ownerIds]}::bigint[]) as b(owner_id)
       cross join lateral (
         select id, created_at from cases
          where owner_id = b.owner_id ${sql.join(filters, sql` `)}
          order by created_at ${dir}, id ${dir} limit ${window.offset + window.limit}) c
       order by c.created_at ${dir}, c.id ${dir} limit ${window.limit} offset ${window.offset}`.execute(db);
    return rows.map((row) => Number(row.id));
  };
  const total = () => (counted ? countFromCounters(db, ownerIds, query) : countOf(of()));
  const readIds = async (window: TPageWindow) => {
    if (ownerIds.length > 1 && window.offset + window.limit <= PER_BRANCH_LIMIT_MAX)
      return readPerBranch(window);
    const rows = await sortedWindow(of().select('id'), window, ['createdAt', 'id']).execute();
    return rows.map((row) => Number(row.id));
  };
  const loadRows = (ids: number[]) => caseRows(db).where('cases.id', 'in', ids).execute();
  if (query.page === 1) {
    // The inbox's usual page reads forwards whatever the total: its count and its ids at once.
    const [count, ids] = await Promise.all([
      total(),
      readIds({ offset: 0, limit: query.limit, reverse: false, empty: false }),
    ]);
    if (ids.length === 0) return { rows: [], total: count };
    const byId = new Map((await loadRows(ids)).map((row) => [Number(row.id), row]));
    return { rows: ids.map((id) => byId.get(id)).filter((row) => row !== undefined), total: count };
  }
  return readPage(query, { total, readIds, loadRows });
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

/** Cases by id with their review's message (webhook payloads), whoever's they are. */
export async function findCasesByIds(db: TDb, ids: readonly number[]): Promise<TCaseRow[]> {
  if (ids.length === 0) return [];
  return caseRows(db)
    .where('cases.id', 'in', [...ids])
    .orderBy('cases.id')
    .execute();
}

/** The cases these QR reviews opened (a batch's new cases). */
export async function findCaseIdsOfReviews(
  db: TDb,
  reviewIds: readonly number[],
): Promise<{ caseId: number; ownerId: number }[]> {
  if (reviewIds.length === 0) return [];
  const rows = await db
    .selectFrom('cases')
    .select(['id', 'ownerId'])
    .where('reviewId', 'in', [...reviewIds])
    .execute();
  return rows.map((row) => ({ caseId: Number(row.id), ownerId: Number(row.ownerId) }));
}

/** Sets an account's first-response target (business minutes); false when there is no such account. */
export async function updateCaseResponseMinutes(
  db: TDb,
  accountId: number,
  minutes: number,
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ caseResponseMinutes: minutes })
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The sums behind a set of cases' figures (cases opened in the range; overdue now, whenever opened). */
export interface TCaseFigureSums {
  cases: number;
  responded: number;
  /** Median minutes to the first response; null without any. */
  medianMinutes: number | null;
  resolved: number;
  recovered: number;
  overdue: number;
}

export interface TCaseFigureRows {
  overall: TCaseFigureSums;
  branches: (TCaseFigureSums & { businessId: number })[];
  people: (TCaseFigureSums & { personId: number | null; name: string | null })[];
}

/**
 * The figures of the cases of these businesses, overall, per business and per assignee: over the
 * cases opened in [from, before), the median wall-clock minutes to the first response, how many
 * were resolved and recovered (one grouped read of the range, grouping sets); and the cases overdue
 * at `now` (no first response, past due) whenever they were opened (a second grouped read of the
 * open cases' index). Two reads, because one over "in range or overdue" sorted both sets together.
 */
export async function caseFigures(
  db: TDb,
  ownerIds: readonly number[],
  range: { from: Date; before: Date; now: Date },
): Promise<TCaseFigureRows> {
  const empty: TCaseFigureSums = {
    cases: 0,
    responded: 0,
    medianMinutes: null,
    resolved: 0,
    recovered: 0,
    overdue: 0,
  };
  if (ownerIds.length === 0) return { overall: empty, branches: [], people: [] };
  const grouped = () =>
    db
      .selectFrom('cases as c')
      .leftJoin('persons as p', 'p.id', 'c.assigneePersonId')
      .select([
        sql<number>`grouping(c.owner_id)`.as('byOwner'),
        sql<number>`grouping(c.assignee_person_id, p.name)`.as('byPerson'),
        'c.ownerId',
        'c.assigneePersonId',
        'p.name',
      ])
      .where('c.ownerId', 'in', [...ownerIds])
      .groupBy(sql`grouping sets ((), (c.owner_id), (c.assignee_person_id, p.name))`);
  const responded = sql<boolean>`c.first_response_at is not null`;
  const resolved = sql<boolean>`c.status = 'resolved'`;
  const [inRange, overdue] = await Promise.all([
    grouped()
      .select([
        sql<number>`count(*)::int`.as('cases'),
        sql<number>`(count(*) filter (where ${responded}))::int`.as('responded'),
        sql<number | null>`percentile_cont(0.5) within group
          (order by (extract(epoch from (c.first_response_at - c.created_at)) / 60)::float8)
          filter (where ${responded})`.as('medianMinutes'),
        sql<number>`(count(*) filter (where ${resolved}))::int`.as('resolved'),
        sql<number>`(count(*) filter (where ${resolved} and c.outcome = 'recovered'))::int`.as('recovered'),
      ])
      .where('c.createdAt', '>=', range.from)
      .where('c.createdAt', '<', range.before)
      .execute(),
    grouped()
      .select(sql<number>`count(*)::int`.as('overdue'))
      .where('c.firstResponseAt', 'is', null)
      .where('c.dueAt', '<', range.now)
      .execute(),
  ]);
  type TGroup = {
    byOwner: number;
    byPerson: number;
    ownerId: number;
    assigneePersonId: number | null;
    name: string | null;
  };
  const keyOf = (row: TGroup) =>
    Number(row.byOwner) === 0
      ? `b:${row.ownerId}`
      : Number(row.byPerson) === 0
        ? `p:${row.assigneePersonId ?? ''}`
        : 'all';
  const groups = new Map<string, { group: TGroup; sums: TCaseFigureSums }>();
  const entry = (row: TGroup) => {
    const key = keyOf(row);
    let found = groups.get(key);
    if (!found) {
      found = { group: row, sums: { ...empty } };
      groups.set(key, found);
    }
    return found.sums;
  };
  for (const row of inRange) {
    Object.assign(entry(row), {
      cases: Number(row.cases),
      responded: Number(row.responded),
      medianMinutes: row.medianMinutes === null ? null : Number(row.medianMinutes),
      resolved: Number(row.resolved),
      recovered: Number(row.recovered),
    });
  }
  for (const row of overdue) entry(row).overdue = Number(row.overdue);
  const result: TCaseFigureRows = { overall: empty, branches: [], people: [] };
  for (const [key, { group, sums }] of groups) {
    if (key === 'all') result.overall = sums;
    else if (key.startsWith('b:')) result.branches.push({ ...sums, businessId: Number(group.ownerId) });
    else
      result.people.push({
        ...sums,
        personId: group.assigneePersonId === null ? null : Number(group.assigneePersonId),
        name: group.name,
      });
  }
  return result;
}
