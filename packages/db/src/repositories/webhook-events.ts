import type { TDb } from '../client.ts';

/** Records an event id; false when it was seen before (the event is a replay). */
export async function recordWebhookEvent(db: TDb, eventId: string, eventType: string): Promise<boolean> {
  const result = await db
    .insertInto('webhookEvents')
    .values({ eventId, eventType })
    .onConflict((oc) => oc.column('eventId').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Forgets processed webhook ids received before `before`. A replay older than that finds its payment
 * settled already: settlement changes a payment once, whatever repeats.
 */
export async function deleteWebhookEventsBefore(db: TDb, before: Date): Promise<number> {
  const result = await db.deleteFrom('webhookEvents').where('receivedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
