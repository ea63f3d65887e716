import type { TDb } from '../client.ts';
import type { TManualPayment } from '../database.ts';
import { inTransaction } from '../transaction.ts';

/** One manual payment linked to one or more owners (an onboarding of several branches). */
export async function insertManualPayment(
  db: TDb,
  payment: {
    amount: number;
    paymentMethod: string;
    status?: string;
    notes?: string | null;
    email?: string | null;
    createdByAdminId?: number | null;
  },
  ownerIds: number[],
): Promise<TManualPayment> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('manualPayments')
      .values(payment)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (ownerIds.length > 0) {
      await trx
        .insertInto('manualPaymentOwners')
        .values(ownerIds.map((ownerId) => ({ manualPaymentId: row.id, ownerId })))
        .execute();
    }
    return row;
  });
}

export async function listManualPaymentOwnerIds(db: TDb, manualPaymentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('manualPaymentOwners')
    .select('ownerId')
    .where('manualPaymentId', '=', manualPaymentId)
    .orderBy('ownerId', 'asc')
    .execute();
  return rows.map((r) => r.ownerId);
}
