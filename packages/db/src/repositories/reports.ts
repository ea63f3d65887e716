import type { TReportType } from '@starloop/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TAgent, TManualPayment, TOwner, TPayment, TReview } from '../database.ts';
import { agentUserCount } from './agents.ts';
import { OWNER_CARD_COLUMNS } from './owners.ts';
import { countOf } from './paging.ts';

/**
 * The paged readers behind the CSV/XLSX reports (one per report type), newest first by keyset.
 */

/** A keyset page of a report's rows: ids below `below`, newest first, `limit` of them. */
function newestPage<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  table: TB,
  { below, limit }: { below: number; limit: number },
): Promise<O[]> {
  const id = sql.ref<number>(`${table}.id`);
  return query.where(id, '<', below).orderBy(id, 'desc').limit(limit).execute();
}

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

export type TManualPaymentReportRow = Pick<
  TManualPayment,
  'id' | 'amount' | 'paymentMethod' | 'status' | 'notes' | 'email' | 'createdAt'
> & { customers: string | null; createdBy: string | null };

export type TReviewReportRow = Pick<
  TReview,
  'id' | 'ownerId' | 'rating' | 'message' | 'customerContact' | 'sentimentLabel' | 'replyStatus' | 'createdAt'
> & { businessName: string | null; code: string | null };

export type TAgentReportRow = Pick<
  TAgent,
  'id' | 'code' | 'name' | 'email' | 'phone' | 'status' | 'createdAt'
> & {
  users: number;
};

export interface TReportRows {
  users: TUserReportRow;
  payments: TPaymentReportRow;
  'manual-payments': TManualPaymentReportRow;
  reviews: TReviewReportRow;
  agents: TAgentReportRow;
}

/**
 * One page of a report, newest first, strictly below `beforeId` (keyset paging: each page is an
 * index range scan, so a million reviews never sit in memory at once).
 */
export async function readReportPage<K extends TReportType>(
  db: TDb,
  type: K,
  { beforeId, limit }: { beforeId?: number | undefined; limit: number },
): Promise<TReportRows[K][]> {
  const page = { below: beforeId ?? Number.MAX_SAFE_INTEGER, limit };
  switch (type) {
    case 'users':
      return (await newestPage(
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
        'owners',
        page,
      )) as TReportRows[K][];
    case 'payments':
      return (await newestPage(
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
        'payments',
        page,
      )) as TReportRows[K][];
    case 'manual-payments':
      return (await newestPage(
        db
          .selectFrom('manualPayments')
          .leftJoin('admins', 'admins.id', 'manualPayments.createdByAdminId')
          .select([
            'manualPayments.id',
            'manualPayments.amount',
            'manualPayments.paymentMethod',
            'manualPayments.status',
            'manualPayments.notes',
            'manualPayments.email',
            sql<
              string | null
            >`(select string_agg(o.business_name || ' (' || o.code || ')', '; ' order by o.id)
            from manual_payment_owners mpo join owners o on o.id = mpo.owner_id
            where mpo.manual_payment_id = manual_payments.id)`.as('customers'),
            'admins.name as createdBy',
            'manualPayments.createdAt',
          ]),
        'manualPayments',
        page,
      )) as TReportRows[K][];
    case 'reviews':
      return (await newestPage(
        db
          .selectFrom('reviews')
          .leftJoin('owners', 'owners.id', 'reviews.ownerId')
          .select([
            'reviews.id',
            'reviews.ownerId',
            'owners.businessName',
            'owners.code',
            'reviews.rating',
            'reviews.message',
            'reviews.customerContact',
            'reviews.sentimentLabel',
            'reviews.replyStatus',
            'reviews.createdAt',
          ]),
        'reviews',
        page,
      )) as TReportRows[K][];
    case 'agents':
      return (await newestPage(
        db
          .selectFrom('agents')
          .select([
            'agents.id',
            'agents.code',
            'agents.name',
            'agents.email',
            'agents.phone',
            'agents.status',
            agentUserCount.as('users'),
            'agents.createdAt',
          ]),
        'agents',
        page,
      )) as TReportRows[K][];
    default:
      throw new RangeError(`unknown report type ${String(type)}`);
  }
}

const REPORT_TABLES = {
  users: 'owners',
  payments: 'payments',
  'manual-payments': 'manualPayments',
  reviews: 'reviews',
  agents: 'agents',
} as const;

/** Rows a full report of this type holds. */
export async function countReportRows(db: TDb, type: TReportType): Promise<number> {
  return countOf(db.selectFrom(REPORT_TABLES[type]));
}
