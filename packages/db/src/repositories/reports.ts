import type { TReportType } from '@starloop/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TAgent, TManualPayment, TOwner, TPayment, TReview } from '../database.ts';
import { agentUserCount } from './agents.ts';
import { qualified } from './columns.ts';
import { OWNER_CARD_COLUMNS } from './owners.ts';
import { countOf } from './paging.ts';

/**
 * The paged readers behind the CSV/XLSX reports (one per report type), newest first by keyset.
 */

export type TUserReportRow = Pick<
  TOwner,
  | 'id'
  | 'name'
  | 'email'
  | 'businessName'
  | 'contactNumber'
  | 'code'
  | 'reviewLink'
  | 'state'
  | 'city'
  | 'plan'
  | 'status'
  | 'registrationSource'
  | 'salesRepName'
  | 'subscriptionStart'
  | 'subscriptionEnd'
  | 'createdAt'
  | 'deletedAt'
> & { agentCode: string | null; agentName: string | null; reviewCount: number; averageRating: number | null };

/** The owner columns are null when the owner is gone (left join). */
export type TPaymentReportRow = Pick<
  TPayment,
  | 'id'
  | 'plan'
  | 'purpose'
  | 'provider'
  | 'amount'
  | 'currency'
  | 'status'
  | 'paymentMethod'
  | 'razorpayOrderId'
  | 'razorpayPaymentId'
  | 'failureReason'
  | 'createdAt'
  | 'capturedAt'
> & {
  /** null for a payment kept after its owner was purged. */
  ownerId: number | null;
  ownerName: string | null;
  businessName: string | null;
  code: string | null;
  contactNumber: string | null;
};

/* The columns a report takes from its own table, one list for the row type and the query. */
const MANUAL_PAYMENT_REPORT_COLUMNS = [
  'id',
  'amount',
  'paymentMethod',
  'status',
  'notes',
  'email',
  'createdAt',
] as const;
const REVIEW_REPORT_COLUMNS = [
  'id',
  'ownerId',
  'rating',
  'message',
  'customerContact',
  'sentimentLabel',
  'replyStatus',
  'createdAt',
] as const;
const AGENT_REPORT_COLUMNS = ['id', 'code', 'name', 'email', 'phone', 'status', 'createdAt'] as const;

export type TManualPaymentReportRow = Pick<TManualPayment, (typeof MANUAL_PAYMENT_REPORT_COLUMNS)[number]> & {
  customers: string | null;
  createdBy: string | null;
};

export type TReviewReportRow = Pick<TReview, (typeof REVIEW_REPORT_COLUMNS)[number]> & {
  businessName: string | null;
  code: string | null;
};

export type TAgentReportRow = Pick<TAgent, (typeof AGENT_REPORT_COLUMNS)[number]> & { users: number };

export interface TReportRows {
  users: TUserReportRow;
  payments: TPaymentReportRow;
  'manual-payments': TManualPaymentReportRow;
  reviews: TReviewReportRow;
  agents: TAgentReportRow;
}

const REPORT_TABLES = {
  users: 'owners',
  payments: 'payments',
  'manual-payments': 'manualPayments',
  reviews: 'reviews',
  agents: 'agents',
} as const;

/** Each report's rows with the columns it shows, before paging (its ids are `REPORT_TABLES`' ids). */
const REPORT_QUERIES = {
  users: (db: TDb) =>
    db
      .selectFrom('owners')
      .leftJoin('agents', 'agents.id', 'owners.agentId')
      .leftJoin('ownerReviewStats', 'ownerReviewStats.ownerId', 'owners.id')
      .select([
        ...OWNER_CARD_COLUMNS,
        'owners.plan',
        'owners.status',
        'owners.registrationSource',
        'owners.salesRepName',
        'agents.code as agentCode',
        'agents.name as agentName',
        'owners.subscriptionStart',
        'owners.subscriptionEnd',
        sql<number>`coalesce(owner_review_stats.review_count, 0)::int`.as('reviewCount'),
        sql<
          number | null
        >`case when coalesce(owner_review_stats.review_count, 0) = 0 then null else round(owner_review_stats.rating_sum::numeric / owner_review_stats.review_count, 2) end`.as(
          'averageRating',
        ),
        'owners.createdAt',
        'owners.deletedAt',
      ]),
  payments: (db: TDb) =>
    db
      .selectFrom('payments')
      .leftJoin('owners', 'owners.id', 'payments.ownerId')
      .select([
        'payments.id',
        'payments.ownerId',
        'owners.name as ownerName',
        'owners.businessName',
        'owners.code',
        'owners.contactNumber',
        'payments.plan',
        'payments.purpose',
        'payments.provider',
        'payments.amount',
        'payments.currency',
        'payments.status',
        'payments.paymentMethod',
        'payments.razorpayOrderId',
        'payments.razorpayPaymentId',
        'payments.failureReason',
        'payments.createdAt',
        'payments.capturedAt',
      ]),
  'manual-payments': (db: TDb) =>
    db
      .selectFrom('manualPayments')
      .leftJoin('admins', 'admins.id', 'manualPayments.createdByAdminId')
      .select([
        ...qualified('manualPayments', MANUAL_PAYMENT_REPORT_COLUMNS),
        sql<string | null>`(select string_agg(o.business_name || ' (' || o.code || ')', '; ' order by o.id)
            from manual_payment_owners mpo join owners o on o.id = mpo.owner_id
            where mpo.manual_payment_id = manual_payments.id)`.as('customers'),
        'admins.name as createdBy',
      ]),
  reviews: (db: TDb) =>
    db
      .selectFrom('reviews')
      .leftJoin('owners', 'owners.id', 'reviews.ownerId')
      .select([...qualified('reviews', REVIEW_REPORT_COLUMNS), 'owners.businessName', 'owners.code']),
  agents: (db: TDb) =>
    db
      .selectFrom('agents')
      .select([...qualified('agents', AGENT_REPORT_COLUMNS), agentUserCount.as('users')]),
} satisfies { [K in TReportType]: (db: TDb) => SelectQueryBuilder<Database, never, TReportRows[K]> };

/**
 * One page of a report, newest first, strictly below `beforeId` (keyset paging: each page is an
 * index range scan, so a million reviews never sit in memory at once).
 */
export async function readReportPage<K extends TReportType>(
  db: TDb,
  type: K,
  { beforeId, limit }: { beforeId?: number | undefined; limit: number },
): Promise<TReportRows[K][]> {
  if (!Object.hasOwn(REPORT_QUERIES, type)) throw new RangeError(`unknown report type ${String(type)}`);
  const query = REPORT_QUERIES[type](db) as unknown as SelectQueryBuilder<Database, never, TReportRows[K]>;
  const id = sql.ref<number>(`${REPORT_TABLES[type]}.id`);
  const page = query
    .where(id, '<', beforeId ?? Number.MAX_SAFE_INTEGER)
    .orderBy(id, 'desc')
    .limit(limit);
  return (await page.execute()) as TReportRows[K][];
}

/** Rows a full report of this type holds. */
export async function countReportRows(db: TDb, type: TReportType): Promise<number> {
  return countOf(db.selectFrom(REPORT_TABLES[type]));
}
