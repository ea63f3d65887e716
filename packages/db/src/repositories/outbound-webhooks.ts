import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TWebhookDelivery, TWebhookDeliveryStatus, TWebhookEndpoint } from '../database.ts';
import { insertWithinLimit } from './owner-limits.ts';
import { countOf } from './paging.ts';
import { stampOnce } from './records.ts';

/**
 * Owners' outbound webhook endpoints and their delivery log (migration 0017). Every read and
 * change is scoped to the owner; an endpoint is removed by marking it, so its log stays readable.
 */

/** The owner's endpoints not removed. */
const liveEndpoints = (db: TDb, ownerId: number) =>
  db.selectFrom('webhookEndpoints').where('ownerId', '=', ownerId).where('deletedAt', 'is', null);

export async function listWebhookEndpoints(db: TDb, ownerId: number): Promise<TWebhookEndpoint[]> {
  return liveEndpoints(db, ownerId).selectAll().orderBy('id').execute();
}

/** Adds an endpoint unless the owner already has `limit` live ones (under the owner's row lock). */
export async function insertWebhookEndpoint(
  db: TDb,
  endpoint: { ownerId: number; url: string; events: string[]; sealedSecret: string },
  limit: number,
): Promise<TWebhookEndpoint | 'limit'> {
  return insertWithinLimit(db, endpoint.ownerId, limit, {
    countLive: (trx) => countOf(liveEndpoints(trx, endpoint.ownerId)),
    insert: (trx) =>
      trx
        .insertInto('webhookEndpoints')
        .values({ ...endpoint, events: JSON.stringify(endpoint.events) })
        .returningAll()
        .executeTakeFirstOrThrow(),
  });
}

export async function deleteWebhookEndpoint(
  db: TDb,
  ownerId: number,
  id: number,
  at: Date,
): Promise<boolean> {
  return stampOnce(db, 'webhookEndpoints', 'deletedAt', at, { id, ownerId });
}

export async function findWebhookEndpoint(db: TDb, id: number): Promise<TWebhookEndpoint | undefined> {
  return db.selectFrom('webhookEndpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records one delivery per endpoint of an event (in the caller's transaction when it has one). */
export async function insertWebhookDeliveries(
  db: TDb,
  rows: { endpointId: number; ownerId: number; eventId: string; eventType: string; payload: unknown }[],
): Promise<TWebhookDelivery[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('webhookDeliveries')
    .values(rows.map((row) => ({ ...row, payload: JSON.stringify(row.payload) })))
    .returningAll()
    .execute();
}

export async function findWebhookDelivery(db: TDb, id: number): Promise<TWebhookDelivery | undefined> {
  return db.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One attempt's outcome: the status it leaves and what the endpoint answered. */
export async function recordWebhookAttempt(
  db: TDb,
  id: number,
  attempt: { status: TWebhookDeliveryStatus; statusCode: number | null; error: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({
      status: attempt.status,
      attempts: sql`attempts + 1`,
      lastStatusCode: attempt.statusCode,
      lastError: attempt.error,
      lastAttemptAt: attempt.at,
      ...(attempt.status === 'succeeded' ? { deliveredAt: attempt.at } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** The owner's newest deliveries (of one endpoint, if asked), `limit` at a time before `beforeId`. */
export async function listWebhookDeliveries(
  db: TDb,
  ownerId: number,
  query: { endpointId?: number | undefined; beforeId?: number | undefined; limit: number },
): Promise<(TWebhookDelivery & { url: string })[]> {
  let select = db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhookEndpoints as e', 'e.id', 'd.endpointId')
    .selectAll('d')
    .select('e.url')
    .where('d.ownerId', '=', ownerId);
  if (query.endpointId !== undefined) select = select.where('d.endpointId', '=', query.endpointId);
  if (query.beforeId !== undefined) select = select.where('d.id', '<', query.beforeId);
  return select.orderBy('d.id', 'desc').limit(query.limit).execute();
}

export async function deleteWebhookDeliveriesBefore(db: TDb, before: Date): Promise<number> {
  const result = await db.deleteFrom('webhookDeliveries').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of these owners have a live endpoint subscribed to `eventType` (one read). */
export async function findOwnersSubscribedTo(
  db: TDb,
  ownerIds: readonly number[],
  eventType: string,
): Promise<Set<number>> {
  if (ownerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('webhookEndpoints')
    .select('ownerId')
    .distinct()
    .where('ownerId', 'in', [...ownerIds])
    .where('deletedAt', 'is', null)
    .where(sql<boolean>`events @> ${JSON.stringify([eventType])}::jsonb`)
    .execute();
  return new Set(rows.map((row) => Number(row.ownerId)));
}
