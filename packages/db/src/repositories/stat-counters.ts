import {
  MANUAL_PAYMENT_METHODS,
  OWNER_STATUSES,
  PAYMENT_STATUSES,
  type TAdminUserStatusFilter,
  type TManualPaymentMethod,
  type TPaymentStatus,
} from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import {
  COUNTER_TRIGGERS,
  RECOUNT_REVIEW_DAYS,
  RECOUNT_STAT_COUNTERS,
} from '../counters/counter-functions.ts';
import { monthKeys, monthStartOf, toDateOnly } from './months.ts';
import type { TOwnerCounts } from './owners.ts';

/**
 * The platform counters behind the admin overview, the summary cards and the lists' totals:
 * `stat_counters`, kept by the triggers of counters/counter-functions.ts, holds one row per
 * (metric, month, shard) and a metric's value is the sum of its rows, so no total ever scans the
 * big tables. Metrics (months are UTC):
 *   reviews                 n = reviews, amount = rating sum
 *   payments:<status>       n = payments, amount = paise (month of captured_at, else created_at)
 *   manual:<method>         n = manual payments, amount = rupees
 *   owners:<status>:<live|deleted>:<website|manual>:<direct|referred>:<reviewed|unreviewed>
 *   activity                n = activity events
 */

export interface TPlatformCounters {
  reviews: { count: number; ratingSum: number };
  payments: Record<TPaymentStatus, { count: number; amount: number }>;
  manual: Record<TManualPaymentMethod, { count: number; amount: number }>;
  activity: number;
  /** GST invoiced, net of credit notes (paise). */
  gstCollected: number;
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
  const rows = await db
    .selectFrom('statCounters')
    .select([
      'metric',
      sql<boolean>`bucket >= ${toDateOnly(monthStart)}::date`.as('current'),
      sql<number>`sum(n)::bigint`.as('n'),
      sql<number>`sum(amount)::bigint`.as('amount'),
    ])
    .groupBy(['metric', 'current'])
    .execute();
  const all = new Map<string, TCounterRow>();
  const thisMonth: TCounterRow[] = [];
  for (const row of rows) {
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
  const { all, thisMonth } = await counterTotals(db, monthStartOf(now));
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
    const ownerStatus = OWNER_STATUSES.find((s) => s === status);
    if (ownerStatus) owners[ownerStatus] += row.n;
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
    payments: Object.fromEntries(
      PAYMENT_STATUSES.map((status) => [status, pair(`payments:${status}`)]),
    ) as TPlatformCounters['payments'],
    manual: Object.fromEntries(
      MANUAL_PAYMENT_METHODS.map((method) => [method, pair(`manual:${method}`)]),
    ) as TPlatformCounters['manual'],
    activity: get('activity').n,
    /** GST invoiced, net of credit notes (paise; migration 0027). */
    gstCollected: get('gst:invoice').amount - get('gst:credit-note').amount,
    owners,
  };
}

/** Totals of the named counters (absent ones are zero): e.g. ['payments:captured', 'activity']. */
export async function getMetricTotals<const M extends string>(
  db: TDb,
  metrics: readonly M[],
): Promise<Record<M, { count: number; amount: number }>> {
  const rows = await db
    .selectFrom('statCounters')
    .select(['metric', sql<number>`sum(n)::bigint`.as('n'), sql<number>`sum(amount)::bigint`.as('amount')])
    .where('metric', 'in', metrics)
    .groupBy('metric')
    .execute();
  const totals = {} as Record<M, { count: number; amount: number }>;
  for (const metric of metrics) {
    const row = rows.find((r) => r.metric === metric);
    totals[metric] = { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
  }
  return totals;
}

/**
 * How many rows the counters hold for the metrics matching `pattern` (a `like` pattern over the
 * metric: 'reviews', 'payments:%'): a list's total without a count over the list's table.
 */
export async function countFromCounters(db: TDb, pattern: string): Promise<number> {
  const row = await db
    .selectFrom('statCounters')
    .select(sql<number>`coalesce(sum(n), 0)::bigint`.as('n'))
    .where('metric', 'like', pattern)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Owners in the counters: live ones (of one status when given), or the deleted ones. */
export function countOwnersFromCounters(
  db: TDb,
  filter: TAdminUserStatusFilter | undefined,
): Promise<number> {
  if (filter === 'deleted') return countFromCounters(db, 'owners:%:deleted:%');
  return countFromCounters(db, `owners:${filter ?? '%'}:live:%`);
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
  const result = await sql<{ metric: string; month: string; n: number; amount: number }>`
    select case when metric like 'manual:%' then 'manual' else metric end as metric,
           to_char(bucket, 'YYYY-MM') as month, sum(n)::bigint as n, sum(amount)::bigint as amount
    from stat_counters
    where bucket >= ${toDateOnly(monthStartOf(now, months - 1))}::date
      and (metric = 'reviews' or metric = 'payments:captured' or metric like 'manual:%')
    group by 1, 2`.execute(db);
  const series: TMonthlyTotals[] = monthKeys(now, months).map((month) => ({
    month,
    reviews: 0,
    ratingSum: 0,
    razorpayAmount: 0,
    manualAmount: 0,
  }));
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
 * Recomputes every platform counter from the rows. For bulk loads that ran with the counter
 * triggers switched off, and as a repair tool.
 */
export async function rebuildStatCounters(db: TDb): Promise<void> {
  await db.deleteFrom('statCounters').execute();
  await sql.raw(RECOUNT_STAT_COUNTERS).execute(db);
  await db.deleteFrom('ownerReviewDays').execute();
  await sql.raw(RECOUNT_REVIEW_DAYS).execute(db);
}

/** The tables whose counter triggers a bulk load may switch off (then call rebuildStatCounters). */
export const STAT_COUNTER_TRIGGERS = COUNTER_TRIGGERS.map(({ table, name }) => [table, name] as const);

export async function setStatCounterTriggers(db: TDb, enabled: boolean): Promise<void> {
  for (const [table, trigger] of STAT_COUNTER_TRIGGERS) {
    await sql.raw(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`).execute(db);
  }
}
