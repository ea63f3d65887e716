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
