import type { TRequestCategory, TRequestChannel } from '@starloop/contract';
import { type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { TDb } from '../../client.ts';
import type {
  Database,
  ReviewRequestTable,
  TContact,
  TRequestDelivery,
  TReviewRequest,
} from '../../database.ts';
import { inChunks } from '../chunks.ts';

/**
 * Review requests (migration 0016): requests with their short-link tokens, claimed once for sending
 * and for their reminder, and the owner's request figures. Their deliveries are in
 * request-deliveries.ts, their campaigns in request-campaigns.ts.
 */

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
