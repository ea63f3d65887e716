import type { Insertable } from 'kysely';
import type { TDb } from '../client.ts';
import type { AutopaySubscriptionTable, TAutopayStatus, TAutopaySubscription } from '../database.ts';

/** AutoPay subscriptions (migration 0026). */

const LIVE: TAutopayStatus[] = ['created', 'authenticated', 'active', 'pending', 'halted'];

export async function insertAutopaySubscription(
  db: TDb,
  row: Insertable<AutopaySubscriptionTable>,
): Promise<TAutopaySubscription> {
  return db.insertInto('autopaySubscriptions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The business's subscription that is not cancelled or completed, if any. */
export async function findLiveAutopay(
  db: TDb,
  businessId: number,
): Promise<TAutopaySubscription | undefined> {
  return db
    .selectFrom('autopaySubscriptions')
    .selectAll()
    .where('businessId', '=', businessId)
    .where('status', 'in', LIVE)
    .executeTakeFirst();
}

/** Locks the subscription's row for the rest of the transaction (webhooks may race). */
export async function lockAutopayBySubscriptionId(
  db: TDb,
  subscriptionId: string,
): Promise<TAutopaySubscription | undefined> {
  return db
    .selectFrom('autopaySubscriptions')
    .selectAll()
    .where('razorpaySubscriptionId', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setAutopayStatus(
  db: TDb,
  id: number,
  status: TAutopayStatus,
  now: Date,
): Promise<TAutopaySubscription | undefined> {
  return db
    .updateTable('autopaySubscriptions')
    .set({ status, updatedAt: now, ...(status === 'cancelled' ? { cancelledAt: now } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
