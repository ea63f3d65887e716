import { describe, expect, it } from 'vitest';
import type { TManualPayment } from '../database.ts';
import { insertTestAdmin, insertTestOwner, nullOr, useTestAdmin, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { insertManualPayment, listManualPaymentOwnerIds } from './manual-payments.ts';

const expectManualPaymentShape = (row: TManualPayment | undefined) => {
  expect(row).toEqual({
    id: expect.any(Number),
    amount: expect.any(Number),
    paymentMethod: expect.any(String),
    status: expect.any(String),
    notes: nullOr(row?.notes, expect.any(String)),
    email: nullOr(row?.email, expect.any(String)),
    createdByAdminId: nullOr(row?.createdByAdminId, expect.any(Number)),
    createdAt: expect.any(Date),
    updatedAt: expect.any(Date),
  });
};

describe(`manual payments repository on ${testDriverName()}`, () => {
  const handle = useTestDb();
  const admin = useTestAdmin(handle);
  const newOwner = async () => (await insertTestOwner(handle.db, { registrationSource: 'manual' })).id;
  const countManualPayments = async () =>
    Number(
      (
        await handle.db
          .selectFrom('manualPayments')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('links one payment to several owners and lists their ids ascending as numbers', async () => {
    const ids = [await newOwner(), await newOwner(), await newOwner()];
    const row = await insertManualPayment(
      handle.db,
      {
        amount: 4_500,
        paymentMethod: 'cash',
        notes: 'three branches',
        email: 'chain@example.com',
        createdByAdminId: admin.id,
      },
      [ids[2]!, ids[0]!, ids[1]!],
    );
    expectManualPaymentShape(row);
    expect(row).toMatchObject({
      amount: 4_500,
      paymentMethod: 'cash',
      status: 'completed',
      notes: 'three branches',
      email: 'chain@example.com',
      createdByAdminId: admin.id,
    });
    const linked = await listManualPaymentOwnerIds(handle.db, row.id);
    expect(linked).toEqual([...ids].sort((a, b) => a - b));
    for (const id of linked) expect(typeof id).toBe('number');
  });

  it('accepts a payment without owners and without an admin', async () => {
    const row = await insertManualPayment(handle.db, { amount: 0, paymentMethod: 'bank_transfer' }, []);
    expectManualPaymentShape(row);
    expect(row).toMatchObject({ notes: null, email: null, createdByAdminId: null });
    expect(await listManualPaymentOwnerIds(handle.db, row.id)).toEqual([]);
  });

  it('returns an empty list for an unknown payment', async () => {
    expect(await listManualPaymentOwnerIds(handle.db, 987_654_321)).toEqual([]);
  });

  it('rolls the payment row back when an owner id does not exist', async () => {
    const ownerId = await newOwner();
    const before = await countManualPayments();
    await expect(
      insertManualPayment(handle.db, { amount: 100, paymentMethod: 'cheque' }, [ownerId, 987_654_321]),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await countManualPayments()).toBe(before);
    const links = await handle.db
      .selectFrom('manualPaymentOwners')
      .select('ownerId')
      .where('ownerId', '=', ownerId)
      .execute();
    expect(links).toEqual([]);
  });

  it('rolls the payment row back when an owner id is listed twice', async () => {
    const ownerId = await newOwner();
    const before = await countManualPayments();
    await expect(
      insertManualPayment(handle.db, { amount: 100, paymentMethod: 'cash' }, [ownerId, ownerId]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await countManualPayments()).toBe(before);
  });

  it('rejects an unknown payment method or a negative amount', async () => {
    const before = await countManualPayments();
    const withoutOwners = (payment: Parameters<typeof insertManualPayment>[1]) =>
      insertManualPayment(handle.db, payment, []);
    await expect(withoutOwners({ amount: 100, paymentMethod: 'barter' })).rejects.toMatchObject({
      code: '23514',
    });
    await expect(withoutOwners({ amount: -5, paymentMethod: 'cash' })).rejects.toMatchObject({
      code: '23514',
    });
    expect(await countManualPayments()).toBe(before);
  });

  it('joins an outer transaction: a rollback removes the payment and its links', async () => {
    const ownerId = await newOwner();
    const before = await countManualPayments();
    let paymentId: number | undefined;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        paymentId = (await insertManualPayment(trx, { amount: 1, paymentMethod: 'razorpay' }, [ownerId])).id;
        expect(await listManualPaymentOwnerIds(trx, paymentId)).toEqual([ownerId]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await countManualPayments()).toBe(before);
    expect(await listManualPaymentOwnerIds(handle.db, paymentId!)).toEqual([]);
  });

  it('drops the link when an owner is deleted and nulls the admin when the admin is deleted', async () => {
    const keep = await newOwner();
    const drop = await newOwner();
    const tempAdmin = await insertTestAdmin(handle.db);
    const row = await insertManualPayment(
      handle.db,
      { amount: 10, paymentMethod: 'cash', createdByAdminId: tempAdmin.id },
      [keep, drop],
    );
    await handle.db.deleteFrom('owners').where('id', '=', drop).execute();
    await handle.db.deleteFrom('admins').where('id', '=', tempAdmin.id).execute();
    expect(await listManualPaymentOwnerIds(handle.db, row.id)).toEqual([keep]);
    const after = await handle.db
      .selectFrom('manualPayments')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirst();
    expectManualPaymentShape(after);
    expect(after!.createdByAdminId).toBeNull();
  });
});
