import { insertPayment, type TOwnerPublic, type TPayment, updatePayment } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { adminListContract, newestFirst } from '../../../test/admin-list-contract.ts';
import { createSampleOwners } from '../../../test/test-server.ts';

const BASE = Date.UTC(2026, 7, 1, 9, 0, 0);
const HOUR = 60 * 60 * 1000;
const STATUSES = ['captured', 'captured', 'pending', 'captured', 'failed', 'captured', 'pending'] as const;

type TRow = TPayment & { owner: TOwnerPublic };

describe(`admin payments API on ${testDriverName()}`, () => {
  const api = adminApi();
  const rows: TRow[] = [];

  beforeAll(async () => {
    const { sharma, mehta } = await createSampleOwners(api.server);
    for (let i = 0; i < 23; i++) {
      const owner = i % 3 === 0 ? mehta : sharma;
      const status = STATUSES[i % STATUSES.length]!;
      const createdAt = new Date(BASE + i * HOUR);
      const payment = await insertPayment(api.db, {
        ownerId: owner.id,
        plan: i % 2 ? 'professional' : 'essential',
        purpose: i < 2 ? 'registration' : 'renewal',
        provider: 'razorpay',
        amount: i % 2 ? 299900 : 199900,
        status,
        paymentMethod: status === 'pending' ? null : i % 2 ? 'net_banking' : 'upi',
        razorpayOrderId: `order_T${String(i).padStart(6, '0')}`,
        razorpayPaymentId: status === 'pending' ? null : `pay_T${String(i).padStart(6, '0')}`,
        razorpaySignature: status === 'captured' ? `sig_${'ab'.repeat(20)}_${i}` : null,
        capturedAt: status === 'captured' ? createdAt : null,
        createdAt,
      });
      rows.push({ ...payment, owner });
    }
  });

  const captured = () => rows.filter((r) => r.status === 'captured');

  const mehta = (r: TRow) => r.owner.code === 'mehta-cafe';
  adminListContract({
    rest: '/api/admin/payments',
    trpc: 'admin.payments.list',
    rowsKey: 'payments',
    context: api.context,
    rows: () => newestFirst(rows),
    pageSizes: [5],
    search: {
      // Order id, payment id, and the owner's name and business; a whole provider id exactly.
      finds: {
        ORDER_T000007: (r) => r.razorpayOrderId === 'order_T000007',
        order_T000012: (r) => r.razorpayOrderId === 'order_T000012',
        pay_T00001: (r) => r.razorpayPaymentId?.startsWith('pay_T00001') === true,
        'mehta cafe': mehta,
        mehta,
        ravi: (r) => r.owner.code === 'sharma-sweets',
      },
      findsNothing: ['order_nothing'],
    },
    totals: ['totalRevenue', 'paymentStatusCounts'],
  });

  it('answers the platform totals and every documented field of a payment, amounts in paise', async () => {
    const { status, body } = await api.get('/api/admin/payments?page=1&limit=10');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'meta',
      'paymentStatusCounts',
      'payments',
      'success',
      'totalRevenue',
    ]);
    expect(body.totalRevenue).toBe(captured().reduce((s, r) => s + r.amount, 0));
    expect(body.paymentStatusCounts).toEqual({
      pending: rows.filter((r) => r.status === 'pending').length,
      failed: rows.filter((r) => r.status === 'failed').length,
      captured: captured().length,
    });
    const source = newestFirst(rows)[0]!;
    expect(body.payments[0]).toEqual({
      id: source.id,
      userId: source.owner.id,
      user: {
        name: source.owner.name,
        businessName: source.owner.businessName,
        code: source.owner.code,
        contactNumber: source.owner.contactNumber,
      },
      plan: source.plan,
      purpose: source.purpose,
      amount: source.amount,
      status: source.status,
      paymentMethod: source.paymentMethod,
      razorpayOrderId: source.razorpayOrderId,
      razorpayPaymentId: source.razorpayPaymentId,
      razorpaySignature: source.razorpaySignature?.slice(0, 20) ?? null,
      createdAt: source.createdAt.toISOString(),
      needsRefund: false,
      refundedAt: null,
    });
  });

  it('never answers the whole Razorpay signature: cut to 20 characters on REST and tRPC', async () => {
    const signed = rows.filter((r) => r.razorpaySignature !== null);
    expect(signed.length).toBeGreaterThan(0);
    const rest = (await api.get('/api/admin/payments?page=1&limit=50')).body.payments;
    const trpc = await api.query('admin.payments.list', { page: 1, limit: 50 });
    expect(trpc.statusCode, trpc.body).toBe(200);
    for (const answer of [rest, trpc.json().result.data.payments]) {
      for (const row of signed) {
        const shown = answer.find((p: { id: number }) => p.id === row.id);
        expect(row.razorpaySignature!.length).toBeGreaterThan(20);
        expect(shown.razorpaySignature).toBe(row.razorpaySignature!.slice(0, 20));
      }
      expect(JSON.stringify(answer)).not.toContain(signed[0]!.razorpaySignature);
    }
  });

  it('follows a payment that gets captured: revenue and status counts move at once', async () => {
    const before = (await api.get('/api/admin/payments')).body;
    const pending = rows.find((r) => r.status === 'pending')!;
    await updatePayment(api.db, pending.id, {
      status: 'captured',
      capturedAt: new Date(),
      razorpayPaymentId: 'pay_late',
    });
    const after = (await api.get('/api/admin/payments')).body;
    expect(after.totalRevenue).toBe(before.totalRevenue + pending.amount);
    expect(after.paymentStatusCounts).toEqual({
      pending: before.paymentStatusCounts.pending - 1,
      failed: before.paymentStatusCounts.failed,
      captured: before.paymentStatusCounts.captured + 1,
    });
    expect(after.meta.total).toBe(23);
    // Overview revenue is in rupees.
    const stats = await api.send('GET', '/api/admin/stats/');
    expect(stats.json().stats.revenue.razorpay).toBe(after.totalRevenue / 100);
  });
});
