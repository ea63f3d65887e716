import { describe, expect, it } from 'vitest';
import type { TNewRegistrationAttempt } from '../database.ts';
import { insertTestOwner, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { hasAppliedCapturedPayment, insertPayment } from './payments.ts';
import {
  findRegistrationAttempt,
  insertRegistrationAttempt,
  settleRegistrationAttempt,
} from './registration-attempts.ts';

describe(`registration attempts repository on ${testDriverName()}`, () => {
  const handle = useTestDb();
  const NOW = new Date('2026-11-25T10:00:00.000Z');

  const newPayment = async (ownerId: number, status: 'pending' | 'captured' = 'pending') =>
    insertPayment(handle.db, {
      ownerId,
      plan: 'essential',
      purpose: 'registration',
      provider: 'razorpay',
      amount: 199_900,
      status,
    });
  const details = (paymentId: number): TNewRegistrationAttempt => ({
    paymentId,
    name: 'Asha Verma',
    email: 'Asha@Example.com',
    businessName: 'Chai Point',
    code: 'Chai-Point',
    reviewLink: 'https://g.page/r/chai/review',
    state: 'Maharashtra',
    city: 'Pune',
    salesRepName: 'Direct',
    plan: 'essential',
    passwordHash: '$argon2id$fake',
  });

  it('stores an attempt beside its payment, code and email lower-cased, pending', async () => {
    const owner = await insertTestOwner(handle.db);
    const payment = await newPayment(owner.id);
    const row = await insertRegistrationAttempt(handle.db, details(payment.id));
    expect(row).toMatchObject({
      paymentId: payment.id,
      code: 'chai-point',
      email: 'asha@example.com',
      outcome: 'pending',
      refundReason: null,
      settledAt: null,
      passwordHash: '$argon2id$fake',
    });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(await findRegistrationAttempt(handle.db, payment.id)).toEqual(row);
    expect(await findRegistrationAttempt(handle.db, 987_654_321)).toBeUndefined();
    // One attempt per payment.
    await expect(insertRegistrationAttempt(handle.db, details(payment.id))).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('settles once, drops the password hash, and a refund always names its reason', async () => {
    const owner = await insertTestOwner(handle.db);
    const applied = await newPayment(owner.id);
    const refunded = await newPayment(owner.id);
    await insertRegistrationAttempt(handle.db, details(applied.id));
    await insertRegistrationAttempt(handle.db, details(refunded.id));

    await settleRegistrationAttempt(handle.db, applied.id, { outcome: 'applied' }, NOW);
    await settleRegistrationAttempt(handle.db, refunded.id, { outcome: 'needs_refund', reason: 'code' }, NOW);
    expect(await findRegistrationAttempt(handle.db, applied.id)).toMatchObject({
      outcome: 'applied',
      refundReason: null,
      passwordHash: null,
      settledAt: NOW,
    });
    expect(await findRegistrationAttempt(handle.db, refunded.id)).toMatchObject({
      outcome: 'needs_refund',
      refundReason: 'code',
      passwordHash: null,
    });
    // A settled attempt never changes again.
    await settleRegistrationAttempt(handle.db, refunded.id, { outcome: 'applied' }, new Date());
    expect((await findRegistrationAttempt(handle.db, refunded.id))?.outcome).toBe('needs_refund');
    await expect(
      handle.db
        .updateTable('registrationAttempts')
        .set({ outcome: 'needs_refund', refundReason: null })
        .where('paymentId', '=', applied.id)
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('hasAppliedCapturedPayment: a captured payment counts unless it was applied to nobody', async () => {
    const owner = await insertTestOwner(handle.db, { status: 'pending' });
    expect(await hasAppliedCapturedPayment(handle.db, owner.id)).toBe(false);
    await newPayment(owner.id, 'pending');
    expect(await hasAppliedCapturedPayment(handle.db, owner.id)).toBe(false);

    const refunded = await newPayment(owner.id, 'captured');
    await insertRegistrationAttempt(handle.db, details(refunded.id));
    await settleRegistrationAttempt(
      handle.db,
      refunded.id,
      { outcome: 'needs_refund', reason: 'phone' },
      NOW,
    );
    expect(await hasAppliedCapturedPayment(handle.db, owner.id)).toBe(false);

    // A captured payment without an attempt (a renewal, or from before attempts) counts.
    const other = await insertTestOwner(handle.db, { status: 'pending' });
    await newPayment(other.id, 'captured');
    expect(await hasAppliedCapturedPayment(handle.db, other.id)).toBe(true);

    const applied = await newPayment(owner.id, 'captured');
    await insertRegistrationAttempt(handle.db, details(applied.id));
    await settleRegistrationAttempt(handle.db, applied.id, { outcome: 'applied' }, NOW);
    expect(await hasAppliedCapturedPayment(handle.db, owner.id)).toBe(true);
  });
});
