import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TActivityEvent, TPayment, TReview } from '../database.ts';
import { OWNER_PUBLIC_COLUMNS, type TOwnerCounts, type TOwnerPublic } from './owners.ts';
import { containsPattern } from './reviews.ts';

/**
 * The admin back-office lists (users, reviews, payments, manual payments, activity) and the
 * platform counters behind the overview. Built for 50k owners and 1M reviews:
 * - totals and summary cards come from `stat_counters` (kept by triggers, migration 0003), never
 *   from a scan of the big tables;
 * - a page is found as ids first (an index-only scan), then only those rows are read;
 * - a page past the middle is read backwards from the end, so the last page is as cheap as the first.
 */

export type TSortDirection = 'asc' | 'desc';

export interface TPageRequest {
  page: number;
  limit: number;
}

/**
 * Where to read a page: forward from `offset`, or, past the middle of a known total, backwards
 * from the end (`reverse`), the rows then being turned around.
 */
export function pageWindow(
  { page, limit }: TPageRequest,
  total: number | undefined,
): { offset: number; limit: number; reverse: boolean; empty: boolean } {
  const offset = (page - 1) * limit;
  if (total === undefined) return { offset, limit, reverse: false, empty: false };
  if (offset >= total) return { offset, limit, reverse: false, empty: true };
  const take = Math.min(limit, total - offset);
  if (offset + take / 2 <= total / 2) return { offset, limit: take, reverse: false, empty: false };
  return { offset: total - offset - take, limit: take, reverse: true, empty: false };
}

const flip = (direction: TSortDirection): TSortDirection => (direction === 'asc' ? 'desc' : 'asc');

/** Keeps `rows` in the order of `ids` (the second query of a page does not sort). */
function inIdOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

const toCount = (row: { count: number | string | bigint } | undefined) => Number(row?.count ?? 0);

/** Ids of the owners whose searchable text (name, business, code, phone, email) contains the pattern. */
const ownerIdsMatching = (pattern: string) =>
  sql<number[]>`array(select id from owners where search_text like ${pattern})`;

// ------------------------------------------------------------------------------ counters

export interface TPlatformCounters {
  reviews: { count: number; ratingSum: number };
  payments: Record<'captured' | 'pending' | 'failed', { count: number; amount: number }>;
  manual: Record<'cash' | 'cheque' | 'razorpay' | 'bank_transfer', { count: number; amount: number }>;
  activity: number;
  owners: TOwnerCounts;
}

interface TCounterRow {
  metric: string;
  n: number;
  amount: number;
}

async function counterTotals(
  db: TDb,
  monthStart: Date,
): Promise<{ all: TCounterRow[]; thisMonth: TCounterRow[] }> {
  const rows = await sql<TCounterRow & { current: boolean }>`
    select metric, bucket >= ${monthStart.toISOString().slice(0, 10)}::date as current,
           sum(n)::bigint as n, sum(amount)::bigint as amount
    from stat_counters group by metric, current`.execute(db);
  const all = new Map<string, TCounterRow>();
  const thisMonth: TCounterRow[] = [];
  for (const row of rows.rows) {
    const n = Number(row.n);
    const amount = Number(row.amount);
    const sum = all.get(row.metric) ?? { metric: row.metric, n: 0, amount: 0 };
    sum.n += n;
    sum.amount += amount;
    all.set(row.metric, sum);
    if (row.current) thisMonth.push({ metric: row.metric, n, amount });
  }
  return { all: [...all.values()], thisMonth };
}

/** Every platform total in one small query over the counters table (a few thousand rows at most). */
export async function getPlatformCounters(db: TDb, now: Date = new Date()): Promise<TPlatformCounters> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { all, thisMonth } = await counterTotals(db, monthStart);
  const get = (metric: string) => all.find((r) => r.metric === metric) ?? { metric, n: 0, amount: 0 };
  const owners: TOwnerCounts = {
    total: 0,
    active: 0,
    pending: 0,
    inactive: 0,
    deleted: 0,
    newThisMonth: 0,
    withReviews: 0,
    referred: 0,
    manualOnboarded: 0,
  };
  for (const row of all) {
    if (!row.metric.startsWith('owners:')) continue;
    const [, status, life, source, referral, reviewed] = row.metric.split(':');
    if (life === 'deleted') {
      owners.deleted += row.n;
      continue;
    }
    owners.total += row.n;
    if (status === 'active' || status === 'pending' || status === 'inactive') owners[status] += row.n;
    if (source === 'manual') owners.manualOnboarded += row.n;
    if (referral === 'referred') owners.referred += row.n;
    if (reviewed === 'reviewed') owners.withReviews += row.n;
  }
  for (const row of thisMonth) {
    if (row.metric.startsWith('owners:') && row.metric.split(':')[2] === 'live') owners.newThisMonth += row.n;
  }
  const pair = (metric: string) => ({ count: get(metric).n, amount: get(metric).amount });
  return {
    reviews: { count: get('reviews').n, ratingSum: get('reviews').amount },
    payments: {
      captured: pair('payments:captured'),
      pending: pair('payments:pending'),
      failed: pair('payments:failed'),
    },
    manual: {
      cash: pair('manual:cash'),
      cheque: pair('manual:cheque'),
      razorpay: pair('manual:razorpay'),
      bank_transfer: pair('manual:bank_transfer'),
    },
    activity: get('activity').n,
    owners,
  };
}

/** Totals of the named counters (absent ones are zero): e.g. ['payments:captured', 'activity']. */
export async function getMetricTotals<const M extends string>(
  db: TDb,
  metrics: readonly M[],
): Promise<Record<M, { count: number; amount: number }>> {
  const result = await sql<TCounterRow>`
    select metric, sum(n)::bigint as n, sum(amount)::bigint as amount
    from stat_counters where metric in (${sql.join(metrics)}) group by metric`.execute(db);
  const totals = {} as Record<M, { count: number; amount: number }>;
  for (const metric of metrics) {
    const row = result.rows.find((r) => r.metric === metric);
    totals[metric] = { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
  }
  return totals;
}

export interface TMonthlyTotals {
  /** 'YYYY-MM', oldest first, `months` entries ending with the current month (UTC). */
  month: string;
  reviews: number;
  ratingSum: number;
  /** Paise. */
  razorpayAmount: number;
  /** Rupees. */
  manualAmount: number;
}

export async function getMonthlyTotals(
  db: TDb,
  now: Date = new Date(),
  months = 12,
): Promise<TMonthlyTotals[]> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const result = await sql<{ metric: string; month: string; n: number; amount: number }>`
    select case when metric like 'manual:%' then 'manual' else metric end as metric,
           to_char(bucket, 'YYYY-MM') as month, sum(n)::bigint as n, sum(amount)::bigint as amount
    from stat_counters
    where bucket >= ${first.toISOString().slice(0, 10)}::date
      and (metric = 'reviews' or metric = 'payments:captured' or metric like 'manual:%')
    group by 1, 2`.execute(db);
  const series: TMonthlyTotals[] = [];
  for (let i = 0; i < months; i++) {
    const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    series.push({ month, reviews: 0, ratingSum: 0, razorpayAmount: 0, manualAmount: 0 });
  }
  for (const row of result.rows) {
    const entry = series.find((s) => s.month === row.month);
    if (!entry) continue;
    if (row.metric === 'reviews') {
      entry.reviews += Number(row.n);
      entry.ratingSum += Number(row.amount);
    } else if (row.metric === 'payments:captured') entry.razorpayAmount += Number(row.amount);
    else entry.manualAmount += Number(row.amount);
  }
  return series;
}

/**
 * Recomputes every platform counter from the rows (one `insert … select … group by`). For bulk
 * loads that ran with the counter triggers switched off, and as a repair tool.
 */
export async function rebuildStatCounters(db: TDb): Promise<void> {
  await sql`delete from stat_counters`.execute(db);
  await sql`
    insert into stat_counters (metric, bucket, shard, n, amount)
    select metric, bucket, shard, sum(n), sum(amount) from (
      select 'reviews' as metric, date_trunc('month', created_at at time zone 'UTC')::date as bucket,
             (owner_id % 16)::smallint as shard, count(*) as n, sum(rating)::bigint as amount
        from reviews group by 1, 2, 3
      union all
      select 'payments:' || status, date_trunc('month', coalesce(captured_at, created_at) at time zone 'UTC')::date,
             (id % 4)::smallint, count(*), sum(amount)::bigint
        from payments group by 1, 2, 3
      union all
      select 'manual:' || payment_method, date_trunc('month', created_at at time zone 'UTC')::date,
             (id % 4)::smallint, count(*), sum(amount)::bigint
        from manual_payments group by 1, 2, 3
      union all
      select owner_stat_metric(o.status, o.deleted_at, o.registration_source, o.agent_id,
               coalesce(s.review_count, 0) > 0),
             date_trunc('month', o.created_at at time zone 'UTC')::date, (o.id % 4)::smallint, count(*), 0
        from owners o left join owner_review_stats s on s.owner_id = o.id group by 1, 2, 3
      union all
      select 'activity', date_trunc('month', created_at at time zone 'UTC')::date, (id % 8)::smallint, count(*), 0
        from activity_events group by 1, 2, 3
    ) s group by metric, bucket, shard`.execute(db);
}

/** The tables whose counter triggers a bulk load may switch off (then call rebuildStatCounters). */
export const STAT_COUNTER_TRIGGERS = [
  ['reviews', 'reviews_stat_counters'],
  ['reviews', 'reviews_stat_counters_insert'],
  ['payments', 'payments_stat_counters'],
  ['manual_payments', 'manual_payments_stat_counters'],
  ['owners', 'owners_stat_counters'],
  ['owners', 'owners_stat_counters_delete'],
  ['owner_review_stats', 'owner_review_stats_stat_counters'],
  ['owner_review_stats', 'owner_review_stats_stat_counters_insert'],
  ['owner_review_stats', 'owner_review_stats_stat_counters_update'],
  ['activity_events', 'activity_events_stat_counters'],
  ['activity_events', 'activity_events_stat_counters_insert'],
] as const;

export async function setStatCounterTriggers(db: TDb, enabled: boolean): Promise<void> {
  for (const [table, trigger] of STAT_COUNTER_TRIGGERS) {
    await sql.raw(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`).execute(db);
  }
}

// ------------------------------------------------------------------------------ users

export type TAdminUserFilter = 'pending' | 'active' | 'inactive' | 'deleted';

export interface TAdminUserRow extends TOwnerPublic {
  agentRealName: string | null;
  agentPhone: string | null;
  reviewCount: number;
  paymentCount: number;
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
    .select(OWNER_PUBLIC_COLUMNS)
    .select((eb) => [
      'agents.name as agentRealName',
      'agents.phone as agentPhone',
      sql<number>`coalesce(owner_review_stats.review_count, 0)`.as('reviewCount'),
      eb
        .selectFrom('payments')
        .select(sql<number>`count(*)`.as('count'))
        .whereRef('payments.ownerId', '=', 'owners.id')
        .as('paymentCount'),
    ]);
}

const normaliseUserRow = (
  row: Omit<TAdminUserRow, 'paymentCount'> & { paymentCount: unknown },
): TAdminUserRow => ({
  ...row,
  reviewCount: Number(row.reviewCount),
  paymentCount: Number(row.paymentCount ?? 0),
});

/**
 * A page of owners, newest first. `knownTotal` (from the counters, for a list without search)
 * saves the count query.
 */
export async function listAdminUsers(
  db: TDb,
  query: TPageRequest & { search?: string | undefined; status?: TAdminUserFilter | undefined },
  knownTotal?: number,
): Promise<{ rows: TAdminUserRow[]; total: number }> {
  const filter = ownerListFilter(query.status, query.search);
  const total =
    knownTotal ??
    toCount(
      await db
        .selectFrom('owners')
        .select(sql<number>`count(*)`.as('count'))
        .where(filter)
        .executeTakeFirst(),
    );
  const window = pageWindow(query, total);
  if (window.empty) return { rows: [], total };
  const direction: TSortDirection = window.reverse ? 'asc' : 'desc';
  const idRows = await db
    .selectFrom('owners')
    .select('owners.id')
    .where(filter)
    .orderBy('owners.createdAt', direction)
    .orderBy('owners.id', direction)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const ids = idRows.map((r) => r.id);
  if (window.reverse) ids.reverse();
  if (ids.length === 0) return { rows: [], total };
  const rows = await adminUserRows(db).where('owners.id', 'in', ids).execute();
  return { rows: inIdOrder(ids, rows.map(normaliseUserRow)), total };
}

export async function findAdminUserRow(db: TDb, id: number): Promise<TAdminUserRow | undefined> {
  const row = await adminUserRows(db).where('owners.id', '=', id).executeTakeFirst();
  return row ? normaliseUserRow(row) : undefined;
}

// ------------------------------------------------------------------------------ reviews

export interface TAdminReviewRow
  extends Pick<
    TReview,
    | 'id'
    | 'ownerId'
    | 'rating'
    | 'message'
    | 'createdAt'
    | 'sentimentLabel'
    | 'sentimentScore'
    | 'replyStatus'
    | 'replyText'
  > {
  code: string;
  businessName: string;
  ownerName: string;
}

/** Reviews whose message, or whose business's name or code, contains the term. */
function reviewSearch(search: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'reviews'>) => {
    if (!search) return eb.lit(true);
    const pattern = containsPattern(search);
    const owners = sql<number[]>`array(select id from owners where search_text like ${pattern}
      and (lower(business_name) like ${pattern} or code like ${pattern}))`;
    return eb.or([
      eb(eb.fn('lower', ['reviews.message']), 'like', pattern),
      eb('reviews.ownerId', '=', eb.fn.any(owners)),
    ]);
  };
}

export async function listAdminReviews(
  db: TDb,
  query: TPageRequest & {
    search?: string | undefined;
    sortBy: 'createdAt' | 'rating';
    sortOrder: TSortDirection;
  },
  knownTotal?: number,
): Promise<{ rows: TAdminReviewRow[]; total: number }> {
  const where = reviewSearch(query.search);
  const total =
    query.search || knownTotal === undefined
      ? toCount(
          await db
            .selectFrom('reviews')
            .select(sql<number>`count(*)`.as('count'))
            .where(where)
            .executeTakeFirst(),
        )
      : knownTotal;
  const window = pageWindow(query, total);
  if (window.empty) return { rows: [], total };
  const direction = window.reverse ? flip(query.sortOrder) : query.sortOrder;
  let idQuery = db.selectFrom('reviews').select('reviews.id').where(where);
  if (query.sortBy === 'rating') idQuery = idQuery.orderBy('reviews.rating', direction);
  const idRows = await idQuery
    .orderBy('reviews.createdAt', direction)
    .orderBy('reviews.id', direction)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const ids = idRows.map((r) => r.id);
  if (window.reverse) ids.reverse();
  if (ids.length === 0) return { rows: [], total };
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('owners', 'owners.id', 'reviews.ownerId')
    .select([
      'reviews.id',
      'reviews.ownerId',
      'reviews.rating',
      'reviews.message',
      'reviews.createdAt',
      'reviews.sentimentLabel',
      'reviews.sentimentScore',
      'reviews.replyStatus',
      'reviews.replyText',
      'owners.code',
      'owners.businessName',
      'owners.name as ownerName',
    ])
    .where('reviews.id', 'in', ids)
    .execute();
  return { rows: inIdOrder(ids, rows), total };
}

// ------------------------------------------------------------------------------ payments

export interface TAdminPaymentRow
  extends Pick<
    TPayment,
    | 'id'
    | 'ownerId'
    | 'plan'
    | 'purpose'
    | 'amount'
    | 'status'
    | 'paymentMethod'
    | 'razorpayOrderId'
    | 'razorpayPaymentId'
    | 'razorpaySignature'
    | 'createdAt'
  > {
  ownerName: string;
  businessName: string;
  code: string;
  contactNumber: string;
}

/** A whole Razorpay order or payment id, as pasted from the Razorpay dashboard. */
const PROVIDER_ID = /^(order|pay)_[A-Za-z0-9]+$/;
const PAYMENT_ID_TEXT = sql`lower(coalesce(razorpay_order_id, '') || ' ' || coalesce(razorpay_payment_id, ''))`;

/**
 * Ids of a page of payments, newest first. A search matches the order or payment id (contains) or
 * the owner (name, business, code, phone, email); a whole provider id is looked up exactly first.
 * The owner matches are resolved once, and each branch is counted and paged on its own index.
 */
async function paymentPageIds(
  db: TDb,
  query: TPageRequest & { search?: string | undefined },
  knownTotal: number | undefined,
): Promise<{ ids: number[]; total: number }> {
  const search = query.search;
  if (!search) {
    const total =
      knownTotal ??
      toCount(await db.selectFrom('payments').select(sql<number>`count(*)`.as('count')).executeTakeFirst());
    const window = pageWindow(query, total);
    if (window.empty) return { ids: [], total };
    const direction: TSortDirection = window.reverse ? 'asc' : 'desc';
    const rows = await db
      .selectFrom('payments')
      .select('id')
      .orderBy('createdAt', direction)
      .orderBy('id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute();
    const ids = rows.map((r) => r.id);
    return { ids: window.reverse ? ids.reverse() : ids, total };
  }
  if (PROVIDER_ID.test(search)) {
    const exact = await db
      .selectFrom('payments')
      .select('id')
      .where((eb) => eb.or([eb('razorpayOrderId', '=', search), eb('razorpayPaymentId', '=', search)]))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    if (exact.length > 0) {
      const from = (query.page - 1) * query.limit;
      return { ids: exact.slice(from, from + query.limit).map((r) => r.id), total: exact.length };
    }
  }
  const pattern = containsPattern(search);
  const owners = await sql<{ id: number }>`select id from owners where search_text like ${pattern}`.execute(
    db,
  );
  const ownerIds = owners.rows.map((r) => Number(r.id));
  const counted = await sql<{ count: number }>`
    select (select count(*) from payments where owner_id = any(${ownerIds}::bigint[]))
         + (select count(*) from payments
            where ${PAYMENT_ID_TEXT} like ${pattern} and not (owner_id = any(${ownerIds}::bigint[]))) as count`.execute(
    db,
  );
  const total = toCount(counted.rows[0]);
  const window = pageWindow(query, total);
  if (window.empty) return { ids: [], total };
  const direction = sql.raw(window.reverse ? 'asc' : 'desc');
  const take = window.offset + window.limit;
  const page = await sql<{ id: number }>`
    select id from (
      (select id, created_at from payments where owner_id = any(${ownerIds}::bigint[])
       order by created_at ${direction}, id ${direction} limit ${take})
      union
      (select id, created_at from payments where ${PAYMENT_ID_TEXT} like ${pattern}
       order by created_at ${direction}, id ${direction} limit ${take})
    ) matched
    order by created_at ${direction}, id ${direction} limit ${window.limit} offset ${window.offset}`.execute(
    db,
  );
  const ids = page.rows.map((r) => Number(r.id));
  return { ids: window.reverse ? ids.reverse() : ids, total };
}

export async function listAdminPayments(
  db: TDb,
  query: TPageRequest & { search?: string | undefined },
  knownTotal?: number,
): Promise<{ rows: TAdminPaymentRow[]; total: number }> {
  const { ids, total } = await paymentPageIds(db, query, knownTotal);
  if (ids.length === 0) return { rows: [], total };
  const rows = await db
    .selectFrom('payments')
    .innerJoin('owners', 'owners.id', 'payments.ownerId')
    .select([
      'payments.id',
      'payments.ownerId',
      'payments.plan',
      'payments.purpose',
      'payments.amount',
      'payments.status',
      'payments.paymentMethod',
      'payments.razorpayOrderId',
      'payments.razorpayPaymentId',
      'payments.razorpaySignature',
      'payments.createdAt',
      'owners.name as ownerName',
      'owners.businessName',
      'owners.code',
      'owners.contactNumber',
    ])
    .where('payments.id', 'in', ids)
    .execute();
  return { rows: inIdOrder(ids, rows), total };
}

// ------------------------------------------------------------------------------ manual payments

export interface TAdminManualPaymentRow {
  id: number;
  amount: number;
  paymentMethod: string;
  status: string;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
  owners: { id: number; name: string; businessName: string; contactNumber: string }[];
}

export type TManualPaymentSort = 'id' | 'amount' | 'paymentMethod' | 'createdAt';

/** Manual payments whose notes, email or method, or a linked owner, contains the term. */
function manualPaymentSearch(search: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'manualPayments'>) => {
    if (!search) return eb.lit(true);
    const pattern = containsPattern(search);
    const linked = sql<number[]>`array(select manual_payment_id from manual_payment_owners
      where owner_id = any(${ownerIdsMatching(pattern)}))`;
    return eb.or([
      eb(
        sql`lower(coalesce(manual_payments.notes, '') || ' ' || coalesce(manual_payments.email, '') || ' ' || manual_payments.payment_method)`,
        'like',
        pattern,
      ),
      eb('manualPayments.id', '=', eb.fn.any(linked)),
    ]);
  };
}

export async function listAdminManualPayments(
  db: TDb,
  query: TPageRequest & {
    search?: string | undefined;
    sortBy: TManualPaymentSort;
    sortOrder: TSortDirection;
  },
  knownTotal?: number,
): Promise<{ rows: TAdminManualPaymentRow[]; total: number }> {
  const where = manualPaymentSearch(query.search);
  const total =
    query.search || knownTotal === undefined
      ? toCount(
          await db
            .selectFrom('manualPayments')
            .select(sql<number>`count(*)`.as('count'))
            .where(where)
            .executeTakeFirst(),
        )
      : knownTotal;
  const window = pageWindow(query, total);
  if (window.empty) return { rows: [], total };
  const direction = window.reverse ? flip(query.sortOrder) : query.sortOrder;
  let idQuery = db.selectFrom('manualPayments').select('manualPayments.id').where(where);
  if (query.sortBy !== 'id') idQuery = idQuery.orderBy(`manualPayments.${query.sortBy}`, direction);
  const idRows = await idQuery
    .orderBy('manualPayments.id', direction)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const ids = idRows.map((r) => r.id);
  if (window.reverse) ids.reverse();
  if (ids.length === 0) return { rows: [], total };
  const [payments, links] = await Promise.all([
    db
      .selectFrom('manualPayments')
      .select(['id', 'amount', 'paymentMethod', 'status', 'notes', 'createdAt', 'updatedAt'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('manualPaymentOwners')
      .innerJoin('owners', 'owners.id', 'manualPaymentOwners.ownerId')
      .select([
        'manualPaymentOwners.manualPaymentId',
        'owners.id',
        'owners.name',
        'owners.businessName',
        'owners.contactNumber',
      ])
      .where('manualPaymentOwners.manualPaymentId', 'in', ids)
      .orderBy('owners.id', 'asc')
      .execute(),
  ]);
  const rows = payments.map((p) => ({
    ...p,
    amount: Number(p.amount),
    owners: links
      .filter((l) => l.manualPaymentId === p.id)
      .map(({ id, name, businessName, contactNumber }) => ({ id, name, businessName, contactNumber })),
  }));
  return { rows: inIdOrder(ids, rows), total };
}

// ------------------------------------------------------------------------------ activity

/** Activity, newest first; the total comes from the counters. */
export async function listActivityPage(
  db: TDb,
  query: TPageRequest,
  total: number,
): Promise<{
  rows: Pick<TActivityEvent, 'id' | 'type' | 'message' | 'code' | 'createdAt'>[];
  total: number;
}> {
  const window = pageWindow(query, total);
  if (window.empty) return { rows: [], total };
  const direction: TSortDirection = window.reverse ? 'asc' : 'desc';
  const rows = await db
    .selectFrom('activityEvents')
    .select(['id', 'type', 'message', 'code', 'createdAt'])
    .orderBy('createdAt', direction)
    .orderBy('id', direction)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  if (window.reverse) rows.reverse();
  return { rows, total };
}

// ------------------------------------------------------------------------------ admins

/**
 * Locks the active super admins' rows for the rest of the transaction, so two admins demoting or
 * disabling each other at the same moment cannot leave none.
 */
export async function lockActiveSuperAdmins(db: TDb): Promise<number[]> {
  const rows = await db
    .selectFrom('admins')
    .select('id')
    .where('role', '=', 'super_admin')
    .where('status', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}
