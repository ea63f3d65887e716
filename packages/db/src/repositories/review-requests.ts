import {
  REQUEST_INTERVAL_DAYS,
  type TDeliveryPurpose,
  type TDeliveryStatus,
  type TRequestCategory,
  type TRequestChannel,
} from '@starloop/contract';
import { type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { TDb } from '../client.ts';
import type {
  Database,
  ReviewRequestTable,
  TCampaignSkippedCounts,
  TContact,
  TRequestCampaign,
  TRequestDelivery,
  TReviewRequest,
} from '../database.ts';
import { inChunks } from './chunks.ts';
import { everyMonth } from './months.ts';
import { countOf, readPage, sortedWindow, type TPage, type TPageRequest } from './paging.ts';
import { rowFinder } from './records.ts';

/**
 * Review requests (migration 0016): the owner's settings, the monthly usage the plan quota reads,
 * requests with their short-link tokens, their deliveries (one per request, channel and purpose,
 * with a unique idempotency key) and campaigns.
 */

// ----------------------------------------------------------------------------------- settings

export interface TRequestSettingsRow {
  intervalDays: number;
  channelOrder: TRequestChannel[];
}

export const DEFAULT_REQUEST_SETTINGS: TRequestSettingsRow = {
  intervalDays: REQUEST_INTERVAL_DAYS.default,
  channelOrder: ['whatsapp', 'sms', 'email'],
};

export async function getRequestSettings(db: TDb, ownerId: number): Promise<TRequestSettingsRow> {
  const row = await db
    .selectFrom('ownerRequestSettings')
    .select(['intervalDays', 'channelOrder'])
    .where('ownerId', '=', ownerId)
    .executeTakeFirst();
  if (!row) return DEFAULT_REQUEST_SETTINGS;
  return { intervalDays: row.intervalDays, channelOrder: row.channelOrder.split(',') as TRequestChannel[] };
}

export async function saveRequestSettings(
  db: TDb,
  ownerId: number,
  settings: TRequestSettingsRow,
): Promise<void> {
  const values = { intervalDays: settings.intervalDays, channelOrder: settings.channelOrder.join(',') };
  await db
    .insertInto('ownerRequestSettings')
    .values({ ownerId, ...values })
    .onConflict((oc) => oc.column('ownerId').doUpdateSet({ ...values, updatedAt: new Date() }))
    .execute();
}

// -------------------------------------------------------------------------------------- usage

export async function getRequestUsage(db: TDb, ownerId: number, month: string): Promise<number> {
  const [usage] = await listOwnerRequestUsage(db, ownerId, [month]);
  return usage!.requests;
}

/** Adds (or, for cancelled requests, takes back) requests of an owner's IST month. */
export async function addRequestUsage(db: TDb, ownerId: number, month: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await sql`insert into request_usage (owner_id, month, requests) values (${ownerId}, ${month}, ${Math.max(0, delta)})
    on conflict (owner_id, month)
    do update set requests = greatest(0, request_usage.requests + ${delta})`.execute(db);
}

export async function listOwnerRequestUsage(
  db: TDb,
  ownerId: number,
  months: string[],
): Promise<{ month: string; requests: number }[]> {
  const rows = await db
    .selectFrom('requestUsage')
    .select(['month', 'requests'])
    .where('ownerId', '=', ownerId)
    .where('month', 'in', months)
    .execute();
  return everyMonth(months, rows, (month) => ({ month, requests: 0 }));
}

/** Requests of every owner in one month (one row per owner that sent any). */
export async function platformRequestUsage(
  db: TDb,
  month: string,
): Promise<{ requests: number; owners: number }> {
  const row = await db
    .selectFrom('requestUsage')
    .select([
      sql<number>`coalesce(sum(requests), 0)::int`.as('requests'),
      sql<number>`(count(*) filter (where requests > 0))::int`.as('owners'),
    ])
    .where('month', '=', month)
    .executeTakeFirstOrThrow();
  return row;
}

// ----------------------------------------------------------------------------------- requests

export interface TNewReviewRequest {
  ownerId: number;
  contactId: number;
  campaignId: number | null;
  token: string;
  category: TRequestCategory;
  sendAt: Date;
  createdAt: Date;
}

/** Inserts requests in one statement (a campaign's at once); answers them in input order. */
export async function insertReviewRequests(db: TDb, rows: TNewReviewRequest[]): Promise<TReviewRequest[]> {
  if (rows.length === 0) return [];
  return inChunks(rows, async (chunk) => {
    const inserted = await db
      .insertInto('reviewRequests')
      .values(
        chunk.map((r) => ({
          ownerId: r.ownerId,
          contactId: r.contactId,
          campaignId: r.campaignId,
          token: r.token,
          category: r.category,
          sendAt: r.sendAt,
          createdAt: r.createdAt,
        })),
      )
      .returningAll()
      .execute();
    return inserted.sort((a, b) => a.id - b.id);
  });
}

export type TRequestWithContact = TReviewRequest & { contact: TContact | null };

async function withContacts(db: TDb, requests: TReviewRequest[]): Promise<TRequestWithContact[]> {
  const ids = [...new Set(requests.flatMap((r) => (r.contactId === null ? [] : [r.contactId])))];
  const rows = await inChunks(ids, (chunk) =>
    db.selectFrom('contacts').selectAll().where('id', 'in', chunk).execute(),
  );
  const contacts = new Map<number, TContact>(rows.map((c) => [c.id, c]));
  return requests.map((r) => ({
    ...r,
    contact: r.contactId === null ? null : (contacts.get(r.contactId) ?? null),
  }));
}

/**
 * Takes up to `limit` of the owners' requests that `due` picks, the earliest by `dueAt` first
 * (skipping ones another instance holds): `claim` is written in the same statement, so each is
 * handed out once. Answers them with their contacts.
 */
async function claimRequests(
  db: TDb,
  ownerIds: number[],
  limit: number,
  claim: Updateable<ReviewRequestTable>,
  dueAt: 'sendAt' | 'reminderAt',
  due: (requests: SelectQueryBuilder<Database, 'reviewRequests', { id: number }>) => typeof requests,
): Promise<TRequestWithContact[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .updateTable('reviewRequests')
    .set(claim)
    .where('id', 'in', (eb) =>
      due(eb.selectFrom('reviewRequests').select('id'))
        .where('ownerId', 'in', ownerIds)
        .orderBy(dueAt)
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  return withContacts(db, rows);
}

/** Scheduled requests whose time came: they become 'sending', so each is dispatched once. */
export async function claimDueRequests(
  db: TDb,
  now: Date,
  limit: number,
  ownerIds: number[],
): Promise<TRequestWithContact[]> {
  return claimRequests(db, ownerIds, limit, { status: 'sending' }, 'sendAt', (requests) =>
    requests.where('status', '=', 'scheduled').where('sendAt', '<=', now),
  );
}

/** Owners with requests (or reminders) whose time came: their channel settings are read first. */
export async function dueOwnerIds(db: TDb, now: Date, limit: number): Promise<number[]> {
  const { rows } = await sql<{ ownerId: number }>`
    select distinct owner_id as "ownerId" from (
      (select owner_id from review_requests where status = 'scheduled' and send_at <= ${now}
        order by send_at limit ${limit * 20})
      union all
      (select owner_id from review_requests
        where reminder_at <= ${now} and reminder_sent_at is null and reviewed_at is null and status = 'sent'
        order by reminder_at limit ${limit * 20})
    ) due limit ${limit}`.execute(db);
  return rows.map((r) => r.ownerId);
}

/** Requests given by id, with their contacts (the ones just created to go at once). */
export async function markRequestsSending(db: TDb, ids: number[]): Promise<TRequestWithContact[]> {
  if (ids.length === 0) return [];
  const rows = await inChunks(ids, (chunk) =>
    db
      .updateTable('reviewRequests')
      .set({ status: 'sending' })
      .where('id', 'in', chunk)
      .where('status', '=', 'scheduled')
      .returningAll()
      .execute(),
  );
  return withContacts(db, rows);
}

/** Requests sent whose reminder is due and that got no review: claimed (reminder_sent_at set). */
export async function claimDueReminders(
  db: TDb,
  now: Date,
  limit: number,
  ownerIds: number[],
): Promise<TRequestWithContact[]> {
  return claimRequests(db, ownerIds, limit, { reminderSentAt: now }, 'reminderAt', (requests) =>
    requests
      .where('reminderAt', '<=', now)
      .where('reminderSentAt', 'is', null)
      .where('reviewedAt', 'is', null)
      .where('status', '=', 'sent'),
  );
}

export async function updateRequest(
  db: TDb,
  id: number,
  patch: Partial<
    Pick<
      TReviewRequest,
      'status' | 'cancelReason' | 'channel' | 'sendAt' | 'sentAt' | 'reminderAt' | 'reminderSentAt'
    >
  >,
): Promise<void> {
  await db.updateTable('reviewRequests').set(patch).where('id', '=', id).execute();
}

/** Puts claimed requests back for later (a promotional one reached after 9 pm). */
export async function rescheduleRequests(db: TDb, ids: number[], sendAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('reviewRequests')
    .set({ status: 'scheduled', sendAt })
    .where('id', 'in', ids)
    .execute();
}

export async function postponeReminders(db: TDb, ids: number[], reminderAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('reviewRequests')
    .set({ reminderSentAt: null, reminderAt })
    .where('id', 'in', ids)
    .execute();
}

/** Cancels the requests of these contacts that have not gone yet; answers them (usage is given back). */
export async function cancelPendingRequestsOf(
  db: TDb,
  where: { contactIds?: number[]; campaignId?: number },
  reason: string,
): Promise<{ id: number; ownerId: number; sendAt: Date }[]> {
  if (!where.contactIds?.length && where.campaignId === undefined) return [];
  let query = db
    .updateTable('reviewRequests')
    .set({ status: 'cancelled', cancelReason: reason })
    .where('status', '=', 'scheduled');
  if (where.contactIds?.length) query = query.where('contactId', 'in', where.contactIds);
  if (where.campaignId !== undefined) query = query.where('campaignId', '=', where.campaignId);
  return query.returning(['id', 'ownerId', 'sendAt']).execute();
}

/** Marks each contact's latest sent request as the one after which they opted out (campaign figures). */
export async function markLatestRequestsOptedOut(db: TDb, contactIds: number[], at: Date): Promise<void> {
  if (contactIds.length === 0) return;
  await db
    .updateTable('reviewRequests')
    .set({ optedOutAt: at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('reviewRequests')
        .select('id')
        .distinctOn('contactId')
        .where('contactId', 'in', contactIds)
        .where('sentAt', 'is not', null)
        .orderBy('contactId')
        .orderBy('sentAt', 'desc'),
    )
    .where('optedOutAt', 'is', null)
    .execute();
}

/** A short link's request and the review page it leads to (the owner's code). */
export async function findRequestByToken(
  db: TDb,
  token: string,
): Promise<{ id: number; ownerId: number; code: string } | undefined> {
  return db
    .selectFrom('reviewRequests')
    .innerJoin('owners', 'owners.id', 'reviewRequests.ownerId')
    .select(['reviewRequests.id', 'reviewRequests.ownerId', 'owners.code'])
    .where('reviewRequests.token', '=', token)
    .executeTakeFirst();
}

export async function countRequestClick(db: TDb, id: number, at: Date): Promise<void> {
  await db
    .updateTable('reviewRequests')
    .set((eb) => ({
      clicks: eb('clicks', '+', 1),
      firstClickedAt: eb.fn.coalesce('firstClickedAt', sql<Date>`${at}::timestamptz`),
    }))
    .where('id', '=', id)
    .execute();
}

export async function findRequest(db: TDb, id: number): Promise<TReviewRequest | undefined> {
  return db.selectFrom('reviewRequests').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A request's message went out: the request is sent on that channel, and a campaign's reminder
 * is set to come `reminderAfterDays` after this send.
 */
export async function markRequestSent(
  db: TDb,
  id: number,
  channel: TRequestChannel,
  at: Date,
): Promise<void> {
  await sql`update review_requests r
      set status = 'sent', channel = ${channel}, sent_at = coalesce(r.sent_at, ${at}::timestamptz),
          reminder_at = (select ${at}::timestamptz + make_interval(days => c.reminder_after_days)
                           from request_campaigns c where c.id = r.campaign_id)
    where r.id = ${id} and r.status in ('sending', 'scheduled')`.execute(db);
}

/** A contact's requests, newest first, with their deliveries and campaigns' names. */
export async function listContactRequests(
  db: TDb,
  ownerId: number,
  contactId: number,
): Promise<(TReviewRequest & { campaignName: string | null; deliveries: TRequestDelivery[] })[]> {
  const requests = await db
    .selectFrom('reviewRequests')
    .leftJoin('requestCampaigns', 'requestCampaigns.id', 'reviewRequests.campaignId')
    .selectAll('reviewRequests')
    .select('requestCampaigns.name as campaignName')
    .where('reviewRequests.ownerId', '=', ownerId)
    .where('reviewRequests.contactId', '=', contactId)
    .orderBy('reviewRequests.createdAt', 'desc')
    .orderBy('reviewRequests.id', 'desc')
    .limit(200)
    .execute();
  const ids = requests.map((r) => r.id);
  const deliveries =
    ids.length === 0
      ? []
      : await db
          .selectFrom('requestDeliveries')
          .selectAll()
          .where('requestId', 'in', ids)
          .orderBy('id')
          .execute();
  return requests.map((r) => ({ ...r, deliveries: deliveries.filter((d) => d.requestId === r.id) }));
}

// --------------------------------------------------------------------------------- deliveries

export interface TNewDelivery {
  requestId: number;
  channel: TRequestChannel;
  purpose: TDeliveryPurpose;
}

/** The key a provider gets: stable per request, channel and purpose. */
export const deliveryKey = (d: TNewDelivery) => `starloop-rq-${d.requestId}-${d.channel}-${d.purpose}`;

/** Inserts deliveries; one already there for the same key is not inserted again (nor answered). */
export async function insertDeliveries(db: TDb, rows: TNewDelivery[]): Promise<TRequestDelivery[]> {
  if (rows.length === 0) return [];
  return inChunks(rows, (chunk) =>
    db
      .insertInto('requestDeliveries')
      .values(chunk.map((d) => ({ ...d, idempotencyKey: deliveryKey(d) })))
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returningAll()
      .execute(),
  );
}

/** Channels a request already tried for this purpose. */
export async function deliveredChannels(
  db: TDb,
  requestId: number,
  purpose: TDeliveryPurpose,
): Promise<TRequestChannel[]> {
  const rows = await db
    .selectFrom('requestDeliveries')
    .select('channel')
    .where('requestId', '=', requestId)
    .where('purpose', '=', purpose)
    .execute();
  return rows.map((r) => r.channel);
}

/**
 * Takes a queued delivery for sending for two minutes (database time): answers undefined when it
 * is not queued any more or another worker holds it. A worker that died lets go when it expires.
 */
export async function leaseDelivery(db: TDb, id: number): Promise<TRequestDelivery | undefined> {
  return db
    .updateTable('requestDeliveries')
    .set((eb) => ({ leaseUntil: sql<Date>`now() + interval '2 minutes'`, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

export async function releaseDelivery(db: TDb, id: number, error: string | null): Promise<void> {
  await db.updateTable('requestDeliveries').set({ leaseUntil: null, error }).where('id', '=', id).execute();
}

export async function markDeliverySent(
  db: TDb,
  id: number,
  providerMessageId: string,
  at: Date,
): Promise<void> {
  // A status reported before this was recorded (a fast provider) stays; the id and time are kept.
  await db
    .updateTable('requestDeliveries')
    .set((eb) => ({
      status: sql`case when status = 'queued' then 'sent' else status end`,
      providerMessageId: eb.fn.coalesce('providerMessageId', sql<string>`${providerMessageId}::text`),
      sentAt: eb.fn.coalesce('sentAt', sql<Date>`${at}::timestamptz`),
      leaseUntil: null,
      error: null,
    }))
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'delivered', 'read'])
    .execute();
}

export async function markDeliveryFailed(db: TDb, id: number, error: string, at: Date): Promise<void> {
  await applyDeliveryStatus(db, id, 'failed', at, error);
}

export const findDeliveryByProviderId = rowFinder(
  'requestDeliveries',
  (channel: TRequestChannel, providerMessageId: string) => ({ channel, providerMessageId }),
);

export const findDeliveryByKey = rowFinder('requestDeliveries', (idempotencyKey: string) => ({
  idempotencyKey,
}));

export async function findDelivery(db: TDb, id: number): Promise<TRequestDelivery | undefined> {
  return db.selectFrom('requestDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A provider's status for a message it accepted, applied once: statuses only move forward
 * (sent < delivered < read), every time is the first one reported, and 'failed' stands only for a
 * message never delivered. Answers whether the delivery changed to failed just now.
 */
export async function applyDeliveryStatus(
  db: TDb,
  id: number,
  status: Exclude<TDeliveryStatus, 'queued' | 'sent'>,
  at: Date,
  error: string | null,
): Promise<{ changed: boolean; failedNow: boolean }> {
  const rank = sql<number>`case status when 'queued' then 0 when 'sent' then 1 when 'failed' then 1
    when 'delivered' then 2 when 'read' then 3 end`;
  if (status === 'failed') {
    const row = await db
      .updateTable('requestDeliveries')
      .set({ status: 'failed', failedAt: at, error: (error ?? 'failed').slice(0, 500), leaseUntil: null })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'sent'])
      .returning('id')
      .executeTakeFirst();
    return { changed: row !== undefined, failedNow: row !== undefined };
  }
  const target = status === 'read' ? 3 : 2;
  const row = await db
    .updateTable('requestDeliveries')
    .set((eb) => ({
      status: sql`case when ${rank} < ${target} then ${status} else status end`,
      deliveredAt: eb.fn.coalesce('deliveredAt', sql<Date>`${at}::timestamptz`),
      ...(status === 'read' ? { readAt: eb.fn.coalesce('readAt', sql<Date>`${at}::timestamptz`) } : {}),
      error: null,
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb(rank, '<', target),
        eb('deliveredAt', 'is', null),
        ...(status === 'read' ? [eb('readAt', 'is', null)] : []),
      ]),
    )
    .returning('id')
    .executeTakeFirst();
  return { changed: row !== undefined, failedNow: false };
}

// ---------------------------------------------------------------------------------- campaigns

export async function insertCampaign(
  db: TDb,
  values: {
    ownerId: number;
    name: string;
    sendAt: Date;
    reminderAfterDays: number | null;
    selected: number;
    skipped: TCampaignSkippedCounts;
    createdAt: Date;
  },
): Promise<TRequestCampaign> {
  return db
    .insertInto('requestCampaigns')
    .values({ ...values, skipped: JSON.stringify(values.skipped), updatedAt: values.createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findCampaign = rowFinder('requestCampaigns', (ownerId: number, id: number) => ({ id, ownerId }));

export async function setCampaignStatus(
  db: TDb,
  id: number,
  status: TRequestCampaign['status'],
  at: Date,
): Promise<void> {
  await db.updateTable('requestCampaigns').set({ status, updatedAt: at }).where('id', '=', id).execute();
}

/**
 * Campaigns with requests just handed out: 'sending', and 'sent' once none of theirs waits.
 */
export async function refreshCampaignStatuses(db: TDb, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await sql`update request_campaigns c
      set status = case when exists (select 1 from review_requests r
                                      where r.campaign_id = c.id and r.status = 'scheduled')
                        then 'sending' else 'sent' end,
          updated_at = ${at}
    where c.id in (${sql.join(ids)}) and c.status in ('scheduled', 'sending')`.execute(db);
}

export async function listCampaigns(
  db: TDb,
  ownerId: number,
  query: TPageRequest,
): Promise<TPage<TRequestCampaign>> {
  const base = db.selectFrom('requestCampaigns').where('ownerId', '=', ownerId);
  return readPage(query, {
    total: () => countOf(base),
    readRows: (window) => sortedWindow(base.selectAll(), window, ['createdAt', 'id']).execute(),
  });
}

/** Figures per request channel (null: not sent yet, or cancelled) of a set of requests. */
export interface TRequestFiguresRow {
  key: number | null;
  channel: TRequestChannel | null;
  requests: number;
  waiting: number;
  cancelled: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  clicked: number;
  reviewed: number;
  r1: number;
  r2: number;
  r3: number;
  r4: number;
  r5: number;
  optedOut: number;
  remindersSent: number;
}

/**
 * Each campaign's figures by the channel its requests went out on: one grouped read over the
 * campaigns' requests and their first message on that channel (one per request at most).
 */
export async function campaignFigures(db: TDb, campaignIds: number[]): Promise<TRequestFiguresRow[]> {
  if (campaignIds.length === 0) return [];
  const { rows } = await sql<TRequestFiguresRow>`
    select rq.campaign_id as key, rq.channel,
           count(*)::int as requests,
           (count(*) filter (where rq.status in ('scheduled', 'sending')))::int as waiting,
           (count(*) filter (where rq.status = 'cancelled'))::int as cancelled,
           (count(*) filter (where d.status in ('sent', 'delivered', 'read')))::int as sent,
           (count(*) filter (where d.status in ('delivered', 'read')))::int as delivered,
           (count(*) filter (where d.status = 'read'))::int as read,
           (count(*) filter (where d.status = 'failed' or rq.status = 'failed'))::int as failed,
           (count(*) filter (where rq.clicks > 0))::int as clicked,
           (count(*) filter (where rq.reviewed_at is not null))::int as reviewed,
           (count(*) filter (where rq.rating = 1))::int as r1,
           (count(*) filter (where rq.rating = 2))::int as r2,
           (count(*) filter (where rq.rating = 3))::int as r3,
           (count(*) filter (where rq.rating = 4))::int as r4,
           (count(*) filter (where rq.rating = 5))::int as r5,
           (count(*) filter (where rq.opted_out_at is not null))::int as "optedOut",
           (count(*) filter (where rq.reminder_sent_at is not null))::int as "remindersSent"
      from review_requests rq
      left join request_deliveries d
        on d.request_id = rq.id and d.purpose = 'initial' and d.channel = rq.channel
     where rq.campaign_id in (${sql.join(campaignIds)})
     group by rq.campaign_id, rq.channel`.execute(db);
  return rows;
}

/** The owner's request figures overall: reviews that came through a request link, and requests sent. */
export async function ownerRequestTotals(
  db: TDb,
  ownerId: number,
): Promise<{ sent: number; reviewed: number; ratingSum: number }> {
  return db
    .selectFrom('reviewRequests')
    .select([
      sql<number>`(count(*) filter (where sent_at is not null))::int`.as('sent'),
      sql<number>`(count(*) filter (where reviewed_at is not null))::int`.as('reviewed'),
      sql<number>`coalesce(sum(rating), 0)::int`.as('ratingSum'),
    ])
    .where('ownerId', '=', ownerId)
    .executeTakeFirstOrThrow();
}
