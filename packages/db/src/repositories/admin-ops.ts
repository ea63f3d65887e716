import type {
  TAgentSortField,
  TAgentStatus,
  TLeadSortField,
  TLeadSource,
  TLeadStatus,
  TReportType,
} from '@starloop/contract';
import { type RawBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TAgent, TLead } from '../database.ts';
import { containsPattern } from './reviews.ts';

/**
 * Admin back-office queries (part 2): agent and lead lists with search, sort and counts, and the
 * paged readers behind the CSV/XLSX reports. Every list sorts on a unique tie-breaker (id) so
 * pages never overlap or skip rows.
 */

type TDirection = 'asc' | 'desc';

// ---------- Agents ----------

export type TAgentWithUsers = TAgent & { userCount: number };

/** Owners (not deleted) that came through the agent. */
const agentUserCount = sql<number>`(select count(*) from owners o where o.agent_id = agents.id and o.deleted_at is null)::int`;
/** The same expression as the agents_search_idx trigram index. */
const agentSearchText = sql<string>`lower(agents.code || ' ' || agents.name || ' ' || agents.email || ' ' || agents.phone)`;

const AGENT_SORT: Record<TAgentSortField, RawBuilder<unknown>> = {
  code: sql`agents.code`,
  name: sql`lower(agents.name)`,
  email: sql`lower(agents.email)`,
  phone: sql`agents.phone`,
  status: sql`agents.status`,
  users: agentUserCount,
  createdAt: sql`agents.created_at`,
};

export interface TAgentListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sortBy: TAgentSortField;
  sortOrder: TDirection;
  status?: TAgentStatus | undefined;
}

export async function listAgentsPage(
  db: TDb,
  query: TAgentListQuery,
): Promise<{ rows: TAgentWithUsers[]; total: number }> {
  let base = db.selectFrom('agents');
  if (query.search) base = base.where(agentSearchText, 'like', containsPattern(query.search));
  if (query.status) base = base.where('agents.status', '=', query.status);
  const [rows, total] = await Promise.all([
    base
      .selectAll('agents')
      .select(agentUserCount.as('userCount'))
      .orderBy(AGENT_SORT[query.sortBy], query.sortOrder)
      .orderBy('agents.id', query.sortOrder)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.count };
}

export async function findAgentWithUsers(db: TDb, id: number): Promise<TAgentWithUsers | undefined> {
  return db
    .selectFrom('agents')
    .selectAll('agents')
    .select(agentUserCount.as('userCount'))
    .where('agents.id', '=', id)
    .executeTakeFirst();
}

export async function countAgentsByStatus(
  db: TDb,
): Promise<{ total: number; active: number; inactive: number }> {
  return db
    .selectFrom('agents')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where status = 'active')::int`.as('active'),
      sql<number>`count(*) filter (where status = 'inactive')::int`.as('inactive'),
    ])
    .executeTakeFirstOrThrow();
}

/** Which of phone / email another agent already uses (phones compared with and without +91). */
export async function findAgentConflicts(
  db: TDb,
  { phone, email, exceptId }: { phone: string; email: string; exceptId?: number },
): Promise<{ phone: boolean; email: boolean }> {
  const digits = phone.replace(/^\+91/, '');
  let query = db
    .selectFrom('agents')
    .select(['phone', 'email'])
    .where((eb) =>
      eb.or([
        eb('phone', 'in', [digits, `+91${digits}`]),
        eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return {
    phone: rows.some((r) => r.phone.replace(/^\+91/, '') === digits),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/** A random `AG` + 4 digits code no agent has, or undefined when all 10,000 are taken. */
export async function pickFreeAgentCode(db: TDb): Promise<string | undefined> {
  const row = await sql<{ code: string }>`
    select 'AG' || lpad(n::text, 4, '0') as code
    from generate_series(0, 9999) as n
    where not exists (select 1 from agents a where a.code = 'AG' || lpad(n::text, 4, '0'))
    order by random()
    limit 1`.execute(db);
  return row.rows[0]?.code;
}

// ---------- Leads ----------

/** The same expression as the leads_search_idx trigram index. */
const leadSearchText = sql<string>`lower(leads.name || ' ' || leads.email || ' ' || leads.contact_number || ' ' || leads.bussiness || ' ' || leads.subject || ' ' || leads.message || ' ' || leads.source || ' ' || leads.status)`;

const LEAD_SORT: Record<TLeadSortField, RawBuilder<unknown>> = {
  id: sql`leads.id`,
  name: sql`lower(leads.name)`,
  email: sql`lower(leads.email)`,
  source: sql`leads.source`,
  status: sql`leads.status`,
  createdAt: sql`leads.created_at`,
};

export interface TLeadListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sortBy: TLeadSortField;
  sortOrder: TDirection;
  status?: TLeadStatus | undefined;
  source?: TLeadSource | undefined;
}

export async function listLeadsPage(
  db: TDb,
  query: TLeadListQuery,
): Promise<{ rows: TLead[]; total: number }> {
  let base = db.selectFrom('leads');
  if (query.search) base = base.where(leadSearchText, 'like', containsPattern(query.search));
  if (query.status) base = base.where('leads.status', '=', query.status);
  if (query.source) base = base.where('leads.source', '=', query.source);
  let rowsQuery = base.selectAll('leads').orderBy(LEAD_SORT[query.sortBy], query.sortOrder);
  if (query.sortBy !== 'id') rowsQuery = rowsQuery.orderBy('leads.id', query.sortOrder);
  const [rows, total] = await Promise.all([
    rowsQuery
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.count };
}

export interface TLeadCountsRow {
  totalLeads: number;
  newLeads: number;
  contactedLeads: number;
  convertedLeads: number;
  thisMonthLeads: number;
}

/** The five lead cards in one pass; the month starts on the 1st, UTC (as in countOwners). */
export async function countLeadsByStatus(db: TDb, now: Date = new Date()): Promise<TLeadCountsRow> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return db
    .selectFrom('leads')
    .select([
      sql<number>`count(*)::int`.as('totalLeads'),
      sql<number>`count(*) filter (where status = 'new')::int`.as('newLeads'),
      sql<number>`count(*) filter (where status = 'contacted')::int`.as('contactedLeads'),
      sql<number>`count(*) filter (where status = 'converted')::int`.as('convertedLeads'),
      sql<number>`count(*) filter (where created_at >= ${monthStart})::int`.as('thisMonthLeads'),
    ])
    .executeTakeFirstOrThrow();
}

// ---------- Reports ----------

export interface TUserReportRow {
  id: number;
  name: string;
  email: string | null;
  businessName: string;
  contactNumber: string;
  code: string;
  reviewLink: string | null;
  state: string | null;
  city: string | null;
  plan: string;
  status: string;
  registrationSource: string;
  salesRepName: string | null;
  agentCode: string | null;
  agentName: string | null;
  subscriptionStart: Date | null;
  subscriptionEnd: Date | null;
  reviewCount: number;
  averageRating: number | null;
  createdAt: Date;
  deletedAt: Date | null;
}

export interface TPaymentReportRow {
  id: number;
  ownerId: number;
  ownerName: string | null;
  businessName: string | null;
  code: string | null;
  contactNumber: string | null;
  plan: string;
  purpose: string;
  provider: string;
  amount: number;
  currency: string;
  status: string;
  paymentMethod: string | null;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  failureReason: string | null;
  createdAt: Date;
  capturedAt: Date | null;
}

export interface TManualPaymentReportRow {
  id: number;
  amount: number;
  paymentMethod: string;
  status: string;
  notes: string | null;
  email: string | null;
  customers: string | null;
  createdBy: string | null;
  createdAt: Date;
}

export interface TReviewReportRow {
  id: number;
  ownerId: number;
  businessName: string | null;
  code: string | null;
  rating: number;
  message: string;
  customerContact: string | null;
  sentimentLabel: string | null;
  replyStatus: string;
  createdAt: Date;
}

export interface TAgentReportRow {
  id: number;
  code: string;
  name: string;
  email: string;
  phone: string;
  status: string;
  users: number;
  createdAt: Date;
}

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
  const below = beforeId ?? Number.MAX_SAFE_INTEGER;
  switch (type) {
    case 'users':
      return (await db
        .selectFrom('owners')
        .leftJoin('agents', 'agents.id', 'owners.agentId')
        .leftJoin('ownerReviewStats', 'ownerReviewStats.ownerId', 'owners.id')
        .select([
          'owners.id',
          'owners.name',
          'owners.email',
          'owners.businessName',
          'owners.contactNumber',
          'owners.code',
          'owners.reviewLink',
          'owners.state',
          'owners.city',
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
        ])
        .where('owners.id', '<', below)
        .orderBy('owners.id', 'desc')
        .limit(limit)
        .execute()) as TReportRows[K][];
    case 'payments':
      return (await db
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
        ])
        .where('payments.id', '<', below)
        .orderBy('payments.id', 'desc')
        .limit(limit)
        .execute()) as TReportRows[K][];
    case 'manual-payments':
      return (await db
        .selectFrom('manualPayments')
        .leftJoin('admins', 'admins.id', 'manualPayments.createdByAdminId')
        .select([
          'manualPayments.id',
          'manualPayments.amount',
          'manualPayments.paymentMethod',
          'manualPayments.status',
          'manualPayments.notes',
          'manualPayments.email',
          sql<string | null>`(select string_agg(o.business_name || ' (' || o.code || ')', '; ' order by o.id)
            from manual_payment_owners mpo join owners o on o.id = mpo.owner_id
            where mpo.manual_payment_id = manual_payments.id)`.as('customers'),
          'admins.name as createdBy',
          'manualPayments.createdAt',
        ])
        .where('manualPayments.id', '<', below)
        .orderBy('manualPayments.id', 'desc')
        .limit(limit)
        .execute()) as TReportRows[K][];
    case 'reviews':
      return (await db
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
        ])
        .where('reviews.id', '<', below)
        .orderBy('reviews.id', 'desc')
        .limit(limit)
        .execute()) as TReportRows[K][];
    case 'agents':
      return (await db
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
        ])
        .where('agents.id', '<', below)
        .orderBy('agents.id', 'desc')
        .limit(limit)
        .execute()) as TReportRows[K][];
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
  const row = await db
    .selectFrom(REPORT_TABLES[type])
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}
