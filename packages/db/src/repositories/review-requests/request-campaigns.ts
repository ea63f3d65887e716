import type { TRequestChannel } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../../client.ts';
import type { TCampaignSkippedCounts, TRequestCampaign } from '../../database.ts';
import { countOf, readPage, sortedWindow, type TPage, type TPageRequest } from '../paging.ts';
import { rowFinder } from '../records.ts';

/** Request campaigns (migration 0016): the owner's campaigns, their statuses and figures. */

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
