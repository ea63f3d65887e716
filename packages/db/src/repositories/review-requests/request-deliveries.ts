import type { TDeliveryPurpose, TDeliveryStatus, TRequestChannel } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../../client.ts';
import type { TRequestDelivery } from '../../database.ts';
import { inChunks } from '../chunks.ts';
import { rowFinder } from '../records.ts';

/**
 * A request's deliveries (migration 0016): one per request, channel and purpose, with a unique
 * idempotency key, leased for sending and moved forward by the providers' statuses.
 */

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
