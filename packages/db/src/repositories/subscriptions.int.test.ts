import { describe, expect, it } from 'vitest';
import { useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { insertOwner } from './owners.ts';
import { findPaymentById, insertPayment } from './payments.ts';
import { lockOwnerById, reservePaymentId } from './subscriptions.ts';

describe(`subscriptions repository on ${testDriverName()}`, () => {
  const handle = useTestDb();

  it('reserves payment ids that an explicit insert can use and a default insert never reuses', async () => {
    const owner = await insertOwner(handle.db, {
      name: 'Sub Owner',
      businessName: 'Sub Biz',
      contactNumber: '9000000101',
      code: 'sub-biz',
      registrationSource: 'website',
    });
    const first = await reservePaymentId(handle.db);
    const second = await reservePaymentId(handle.db);
    expect(typeof first).toBe('number');
    expect(second).toBeGreaterThan(first);
    const base = {
      ownerId: owner.id,
      plan: 'essential',
      purpose: 'registration',
      provider: 'test',
      amount: 1,
    } as const;
    const reserved = await insertPayment(handle.db, { ...base, id: second, razorpayOrderId: 'order_sub_1' });
    expect(reserved.id).toBe(second);
    const automatic = await insertPayment(handle.db, { ...base, razorpayOrderId: 'order_sub_2' });
    expect(automatic.id).toBeGreaterThan(second);
    expect(await findPaymentById(handle.db, first)).toBeUndefined();
  });

  it('locks an owner row inside a transaction and returns its public columns', async () => {
    const owner = await insertOwner(handle.db, {
      name: 'Lock Owner',
      businessName: 'Lock Biz',
      contactNumber: '9000000102',
      code: 'lock-biz',
      registrationSource: 'website',
    });
    const locked = await handle.db.transaction().execute((trx) => lockOwnerById(trx, owner.id));
    expect(locked).toMatchObject({ id: owner.id, code: 'lock-biz', status: 'pending' });
    expect(locked).not.toHaveProperty('passwordHash');
    expect(await lockOwnerById(handle.db, 999_999)).toBeUndefined();
  });
});
