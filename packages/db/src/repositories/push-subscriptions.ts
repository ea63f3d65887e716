import type { TDb } from '../client.ts';
import type { TPushSubscriptionRow } from '../database.ts';

/*
 * Web Push subscriptions of people (migration 0037): a phone or browser that asked for
 * notifications. The endpoint is unique: subscribing it again (same person or another signed in
 * on that browser) takes the row over and revives it.
 */

export interface TPushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/** Saves a person's subscription (a known endpoint moves to them, live again); answers its row. */
export async function savePushSubscription(
  db: TDb,
  personId: number,
  input: TPushSubscriptionInput,
  now: Date,
): Promise<TPushSubscriptionRow> {
  const values = { personId, ...input };
  return db
    .insertInto('pushSubscriptions')
    .values({ ...values, createdAt: now })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ ...values, disabledAt: null, disabledStatus: null, createdAt: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes the person's subscription of this endpoint; answers whether there was one. */
export async function deletePushSubscription(db: TDb, personId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pushSubscriptions')
    .where('personId', '=', personId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The person's subscriptions, newest first (live and disabled). */
export async function listPushSubscriptions(db: TDb, personId: number): Promise<TPushSubscriptionRow[]> {
  return db
    .selectFrom('pushSubscriptions')
    .selectAll()
    .where('personId', '=', personId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The person's live subscriptions (the ones a push goes to). */
export async function listLivePushSubscriptions(db: TDb, personId: number): Promise<TPushSubscriptionRow[]> {
  return db
    .selectFrom('pushSubscriptions')
    .selectAll()
    .where('personId', '=', personId)
    .where('disabledAt', 'is', null)
    .orderBy('id', 'asc')
    .execute();
}

/** Whether the person has a live subscription. */
export async function hasLivePushSubscription(db: TDb, personId: number): Promise<boolean> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select('id')
    .where('personId', '=', personId)
    .where('disabledAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The push service took a push. */
export async function markPushSubscriptionSuccess(db: TDb, id: number, at: Date): Promise<void> {
  await db.updateTable('pushSubscriptions').set({ lastSuccessAt: at }).where('id', '=', id).execute();
}

/** The push service answered that the subscription is gone (404/410): never pushed to again. */
export async function disablePushSubscription(db: TDb, id: number, status: number, at: Date): Promise<void> {
  await db
    .updateTable('pushSubscriptions')
    .set({ disabledAt: at, disabledStatus: status })
    .where('id', '=', id)
    .where('disabledAt', 'is', null)
    .execute();
}
