import type { TDb } from '../client.ts';
import type { TNewRegistrationAttempt, TRefundReason, TRegistrationAttempt } from '../database.ts';
import { rowFinder } from './records.ts';

/** Stores one attempt's details beside its payment (call in the payment's transaction). */
export async function insertRegistrationAttempt(
  db: TDb,
  attempt: TNewRegistrationAttempt,
): Promise<TRegistrationAttempt> {
  return db
    .insertInto('registrationAttempts')
    .values({ ...attempt, code: attempt.code.toLowerCase(), email: attempt.email?.toLowerCase() ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findRegistrationAttempt = rowFinder('registrationAttempts', (paymentId: number) => ({
  paymentId,
}));

/**
 * Ends a pending attempt: applied to its owner, or applied to nobody (needs a refund, with the
 * reason). The password hash is dropped either way: nothing reads it after settlement.
 */
export async function settleRegistrationAttempt(
  db: TDb,
  paymentId: number,
  result: { outcome: 'applied' } | { outcome: 'needs_refund'; reason: TRefundReason },
  now: Date,
): Promise<void> {
  await db
    .updateTable('registrationAttempts')
    .set({
      outcome: result.outcome,
      refundReason: result.outcome === 'needs_refund' ? result.reason : null,
      passwordHash: null,
      settledAt: now,
    })
    .where('paymentId', '=', paymentId)
    .where('outcome', '=', 'pending')
    .execute();
}

/** A payment with what its refund depends on. */
export async function findPaymentForRefund(db: TDb, paymentId: number) {
  return db
    .selectFrom('payments')
    .leftJoin('registrationAttempts', 'registrationAttempts.paymentId', 'payments.id')
    .select(['payments.id', 'payments.amount', 'payments.status', 'payments.razorpayPaymentId'])
    .select(['registrationAttempts.outcome', 'registrationAttempts.refundedAt'])
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
}

/** Records the provider's refund of an attempt applied to nobody; false if there is none to record. */
export async function recordRegistrationRefund(
  db: TDb,
  paymentId: number,
  refundId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('registrationAttempts')
    .set({ refundId, refundedAt: now })
    .where('paymentId', '=', paymentId)
    .where('outcome', '=', 'needs_refund')
    .where('refundId', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * A refund the provider reports failed: the attempt needs a refund again. Answers its payment id,
 * or undefined when no attempt carries that refund (not ours, or undone already).
 */
export async function clearFailedRegistrationRefund(db: TDb, refundId: string): Promise<number | undefined> {
  const row = await db
    .updateTable('registrationAttempts')
    .set({ refundId: null, refundedAt: null })
    .where('refundId', '=', refundId)
    .returning('paymentId')
    .executeTakeFirst();
  return row?.paymentId;
}
