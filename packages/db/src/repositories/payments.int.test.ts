import { beforeAll, describe, expect, it } from 'vitest';
import type { TNewPayment, TPayment } from '../database.ts';
import { insertTestOwner, nullOr, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import {
  findPaymentById,
  findPaymentByOrderId,
  insertPayment,
  listOwnerPayments,
  listStalePendingPayments,
  lockPaymentByOrderId,
  updatePayment,
} from './payments.ts';

const expectPaymentShape = (row: TPayment | undefined) => {
  expect(row).toEqual({
    id: expect.any(Number),
    ownerId: expect.any(Number),
    plan: expect.any(String),
    purpose: expect.any(String),
    provider: expect.any(String),
    amount: expect.any(Number),
    taxableValue: expect.any(Number),
    cgst: expect.any(Number),
    sgst: expect.any(Number),
    igst: expect.any(Number),
    razorpaySubscriptionId: nullOr(row?.razorpaySubscriptionId, expect.any(String)),
    currency: expect.any(String),
    status: expect.any(String),
    paymentMethod: nullOr(row?.paymentMethod, expect.any(String)),
    razorpayOrderId: nullOr(row?.razorpayOrderId, expect.any(String)),
    razorpayPaymentId: nullOr(row?.razorpayPaymentId, expect.any(String)),
    razorpaySignature: nullOr(row?.razorpaySignature, expect.any(String)),
    failureReason: nullOr(row?.failureReason, expect.any(String)),
    periodStart: nullOr(row?.periodStart, expect.any(Date)),
    periodEnd: nullOr(row?.periodEnd, expect.any(Date)),
    capturedAt: nullOr(row?.capturedAt, expect.any(Date)),
    createdAt: expect.any(Date),
    updatedAt: expect.any(Date),
  });
};

describe(`payments repository on ${testDriverName()}`, () => {
  const handle = useTestDb();
  const newOwner = async () => (await insertTestOwner(handle.db)).id;
  const payment = (ownerId: number, overrides: Partial<TNewPayment> = {}): TNewPayment => ({
    ownerId,
    plan: 'essential',
    purpose: 'registration',
    provider: 'razorpay',
    amount: 99_900,
    ...overrides,
  });

  beforeAll(async () => {});

  describe('insertPayment and finders', () => {
    it('inserts with defaults and returns numbers and Dates', async () => {
      const ownerId = await newOwner();
      const row = await insertPayment(handle.db, payment(ownerId, { razorpayOrderId: 'order_A1' }));
      expectPaymentShape(row);
      expect(row).toMatchObject({
        ownerId,
        amount: 99_900,
        currency: 'INR',
        status: 'pending',
        capturedAt: null,
      });
      expect(await findPaymentById(handle.db, row.id)).toEqual(row);
      expect(await findPaymentByOrderId(handle.db, 'order_A1')).toEqual(row);
    });

    it('keeps large paise amounts as exact numbers', async () => {
      const ownerId = await newOwner();
      const amount = 2 ** 40 + 7;
      const row = await insertPayment(handle.db, payment(ownerId, { amount }));
      expect(row.amount).toBe(amount);
      expect((await findPaymentById(handle.db, row.id))!.amount).toBe(amount);
    });

    it('returns undefined for unknown ids and order ids', async () => {
      expect(await findPaymentById(handle.db, 987_654_321)).toBeUndefined();
      expect(await findPaymentByOrderId(handle.db, 'order_missing')).toBeUndefined();
    });

    it('rejects a duplicate razorpay order id but allows several without one', async () => {
      const ownerId = await newOwner();
      await insertPayment(handle.db, payment(ownerId, { razorpayOrderId: 'order_dup' }));
      await expect(
        insertPayment(handle.db, payment(ownerId, { razorpayOrderId: 'order_dup' })),
      ).rejects.toMatchObject({ code: '23505' });
      await insertPayment(handle.db, payment(ownerId, { provider: 'test' }));
      await insertPayment(handle.db, payment(ownerId, { provider: 'test' }));
      expect(await listOwnerPayments(handle.db, ownerId)).toHaveLength(3);
    });

    it('rejects a negative amount, an unknown status and an unknown owner', async () => {
      const ownerId = await newOwner();
      await expect(insertPayment(handle.db, payment(ownerId, { amount: -1 }))).rejects.toMatchObject({
        code: '23514',
      });
      await expect(
        insertPayment(handle.db, payment(ownerId, { status: 'refunded' as never })),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(insertPayment(handle.db, payment(987_654_321))).rejects.toMatchObject({ code: '23503' });
    });
  });

  describe('updatePayment', () => {
    it('applies the patch, bumps updatedAt and leaves createdAt', async () => {
      const ownerId = await newOwner();
      const row = await insertPayment(handle.db, payment(ownerId, { razorpayOrderId: 'order_up' }));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const capturedAt = new Date('2026-11-22T12:34:56.789Z');
      const periodStart = new Date('2026-11-22T00:00:00.000Z');
      const periodEnd = new Date('2027-11-22T00:00:00.000Z');
      const updated = await updatePayment(handle.db, row.id, {
        status: 'captured',
        razorpayPaymentId: 'pay_1',
        razorpaySignature: 'sig',
        paymentMethod: 'upi',
        capturedAt,
        periodStart,
        periodEnd,
      });
      expectPaymentShape(updated);
      expect(updated).toMatchObject({
        id: row.id,
        status: 'captured',
        razorpayPaymentId: 'pay_1',
        paymentMethod: 'upi',
        capturedAt,
        periodStart,
        periodEnd,
        createdAt: row.createdAt,
      });
      expect(updated!.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
      expect(await findPaymentByOrderId(handle.db, 'order_up')).toEqual(updated);
    });

    it('returns undefined for an unknown payment', async () => {
      expect(await updatePayment(handle.db, 987_654_321, { status: 'failed' })).toBeUndefined();
    });
  });

  describe('listOwnerPayments', () => {
    it('lists only that owner, newest first, ties by id descending', async () => {
      const ownerId = await newOwner();
      const otherId = await newOwner();
      const old = await insertPayment(
        handle.db,
        payment(ownerId, { createdAt: new Date('2026-01-01T00:00:00Z') }),
      );
      const tieAt = new Date('2026-06-01T00:00:00Z');
      const tieA = await insertPayment(handle.db, payment(ownerId, { createdAt: tieAt }));
      const tieB = await insertPayment(handle.db, payment(ownerId, { createdAt: tieAt }));
      const newest = await insertPayment(
        handle.db,
        payment(ownerId, { createdAt: new Date('2026-09-01T00:00:00Z') }),
      );
      await insertPayment(handle.db, payment(otherId));
      const rows = await listOwnerPayments(handle.db, ownerId);
      expect(rows.map((r) => r.id)).toEqual([newest.id, tieB.id, tieA.id, old.id]);
      for (const row of rows) expectPaymentShape(row);
      expect(await listOwnerPayments(handle.db, 987_654_321)).toEqual([]);
    });
  });

  describe('listStalePendingPayments', () => {
    it('lists pending payments older than the cutoff, oldest first, up to the limit', async () => {
      const ownerId = await newOwner();
      const at = (iso: string) => new Date(iso);
      const p1 = await insertPayment(handle.db, payment(ownerId, { createdAt: at('2020-01-03T00:00:00Z') }));
      const p2 = await insertPayment(handle.db, payment(ownerId, { createdAt: at('2020-01-01T00:00:00Z') }));
      const p3 = await insertPayment(handle.db, payment(ownerId, { createdAt: at('2020-01-02T00:00:00Z') }));
      await insertPayment(
        handle.db,
        payment(ownerId, { status: 'captured', createdAt: at('2020-01-01T00:00:00Z') }),
      );
      await insertPayment(
        handle.db,
        payment(ownerId, { status: 'failed', createdAt: at('2020-01-01T00:00:00Z') }),
      );
      await insertPayment(handle.db, payment(ownerId, { createdAt: at('2021-06-01T00:00:00Z') }));
      const cutoff = at('2021-01-01T00:00:00Z');

      const rows = await listStalePendingPayments(handle.db, cutoff);
      expect(rows.map((r) => r.id)).toEqual([p2.id, p3.id, p1.id]);
      for (const row of rows) expectPaymentShape(row);
      expect((await listStalePendingPayments(handle.db, cutoff, 2)).map((r) => r.id)).toEqual([p2.id, p3.id]);
      expect(await listStalePendingPayments(handle.db, at('2020-01-01T00:00:00Z'))).toEqual([]);
    });
  });

  describe('lockPaymentByOrderId', () => {
    it('returns the row inside a transaction, where an update then commits', async () => {
      const ownerId = await newOwner();
      const row = await insertPayment(handle.db, payment(ownerId, { razorpayOrderId: 'order_lock' }));
      const locked = await handle.db.transaction().execute(async (trx) => {
        const found = await lockPaymentByOrderId(trx, 'order_lock');
        expectPaymentShape(found);
        await updatePayment(trx, found!.id, { status: 'captured' });
        return found;
      });
      expect(locked).toEqual(row);
      expect((await findPaymentById(handle.db, row.id))!.status).toBe('captured');
    });

    it('returns undefined for an unknown order id', async () => {
      const result = await handle.db.transaction().execute((trx) => lockPaymentByOrderId(trx, 'order_nope'));
      expect(result).toBeUndefined();
    });

    // PostgreSQL blocks on the row lock; PGlite's single connection serialises the transactions. Either
    // way the second locker must see the first one's committed update.
    it('makes a concurrent locker wait for the commit', async () => {
      const ownerId = await newOwner();
      await insertPayment(handle.db, payment(ownerId, { razorpayOrderId: 'order_race' }));
      const events: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const firstHasLock = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const first = handle.db.transaction().execute(async (trx) => {
        const row = await lockPaymentByOrderId(trx, 'order_race');
        locked();
        await held;
        await updatePayment(trx, row!.id, { status: 'captured' });
        events.push('first committed');
      });
      await firstHasLock;
      const second = handle.db.transaction().execute(async (trx) => {
        const row = await lockPaymentByOrderId(trx, 'order_race');
        events.push(`second saw ${row!.status}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(events).toEqual([]);
      release();
      await Promise.all([first, second]);
      expect(events).toEqual(['first committed', 'second saw captured']);
    });
  });
});
