import type { TDb } from '../client.ts';
import type { TNewPayment, TPayment } from '../database.ts';

export async function insertPayment(db: TDb, payment: TNewPayment): Promise<TPayment> {
  return db.insertInto('payments').values(payment).returningAll().executeTakeFirstOrThrow();
}

export async function findPaymentById(db: TDb, id: number): Promise<TPayment | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByOrderId(db: TDb, orderId: string): Promise<TPayment | undefined> {
  return db.selectFrom('payments').selectAll().where('razorpayOrderId', '=', orderId).executeTakeFirst();
}

/** Locks the payment row for the rest of the transaction (verify and webhook may race). */
export async function lockPaymentByOrderId(db: TDb, orderId: string): Promise<TPayment | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('razorpayOrderId', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePayment(
  db: TDb,
  id: number,
  patch: Partial<Omit<TNewPayment, 'id' | 'createdAt'>>,
): Promise<TPayment | undefined> {
  return db
    .updateTable('payments')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function listOwnerPayments(db: TDb, ownerId: number): Promise<TPayment[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listStalePendingPayments(db: TDb, olderThan: Date, limit = 100): Promise<TPayment[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('createdAt', '<', olderThan)
    .orderBy('createdAt', 'asc')
    .limit(limit)
    .execute();
}
