import { insertPayment, type TOwnerPublic, type TPayment, updatePayment } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCases, callProcedure, type TAuthCases } from '../../../test/admin-auth-cases.ts';
import { createTestOwner, createTestServer, type TTestServer } from '../../../test/test-server.ts';

const BASE = Date.UTC(2026, 7, 1, 9, 0, 0);
const HOUR = 60 * 60 * 1000;
const STATUSES = ['captured', 'captured', 'pending', 'captured', 'failed', 'captured', 'pending'] as const;

type TRow = TPayment & { owner: TOwnerPublic };

describe(`admin payments API on ${testDriverName()}`, () => {
  let server: TTestServer;
  let auth: TAuthCases;
  const rows: TRow[] = [];
  const newestFirst = (list: TRow[]) =>
    [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const ids = (list: { id: number }[]) => list.map((r) => r.id);

  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers: auth.admin });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    server = await createTestServer();
    auth = await authCases(server);
    const sharma = await createTestOwner(server, {
      name: 'Ravi Sharma',
      businessName: 'Sharma Sweets',
      code: 'sharma-sweets',
      contactNumber: '9000000101',
    });
    const mehta = await createTestOwner(server, {
      name: 'Neha Mehta',
      businessName: 'Mehta Cafe',
      code: 'mehta-cafe',
      contactNumber: '9000000102',
    });
    for (let i = 0; i < 23; i++) {
      const owner = i % 3 === 0 ? mehta : sharma;
      const status = STATUSES[i % STATUSES.length]!;
      const createdAt = new Date(BASE + i * HOUR);
      const payment = await insertPayment(server.deps.db, {
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
  afterAll(async () => {
    await server?.stop();
  });

  const captured = () => rows.filter((r) => r.status === 'captured');

  it('answers the first page with every documented field, newest first, amounts in paise', async () => {
    const { status, body } = await get('/api/admin/payments?page=1&limit=10');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'meta',
      'paymentStatusCounts',
      'payments',
      'success',
      'totalRevenue',
    ]);
    expect(body.meta).toEqual({
      total: 23,
      page: 1,
      limit: 10,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(body.totalRevenue).toBe(captured().reduce((s, r) => s + r.amount, 0));
    expect(body.paymentStatusCounts).toEqual({
      pending: rows.filter((r) => r.status === 'pending').length,
      failed: rows.filter((r) => r.status === 'failed').length,
      captured: captured().length,
    });
    const expected = newestFirst(rows).slice(0, 10);
    expect(ids(body.payments)).toEqual(ids(expected));
    const source = expected[0]!;
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
      razorpaySignature: source.razorpaySignature,
      createdAt: source.createdAt.toISOString(),
    });
  });

  it('pages: a middle page, the last page, past the end; the trailing slash is optional', async () => {
    const all = newestFirst(rows);
    const middle = await get('/api/admin/payments/?page=2&limit=10');
    expect(ids(middle.body.payments)).toEqual(ids(all.slice(10, 20)));
    expect(middle.body.meta).toMatchObject({ page: 2, hasNextPage: true, hasPrevPage: true });
    const last = await get('/api/admin/payments?page=3&limit=10');
    expect(ids(last.body.payments)).toEqual(ids(all.slice(20)));
    expect(last.body.meta).toMatchObject({ page: 3, totalPages: 3, hasNextPage: false });
    for (let page = 1; page <= 5; page++) {
      const res = await get(`/api/admin/payments?page=${page}&limit=5`);
      expect(ids(res.body.payments), `page ${page}`).toEqual(ids(all.slice((page - 1) * 5, page * 5)));
    }
    const past = await get('/api/admin/payments?page=6&limit=5');
    expect(past.body.payments).toEqual([]);
    expect(past.body.meta).toMatchObject({ total: 23, hasNextPage: false, hasPrevPage: true });
  });

  it('searches order id, payment id, owner name and business', async () => {
    const byOrder = await get('/api/admin/payments?search=ORDER_T000007');
    expect(ids(byOrder.body.payments)).toEqual([rows[7]!.id]);
    // A whole provider id is looked up exactly.
    const exact = await get('/api/admin/payments?search=order_T000012');
    expect(ids(exact.body.payments)).toEqual([rows[12]!.id]);
    expect(exact.body.meta).toMatchObject({ total: 1, totalPages: 1 });
    const byPayment = await get('/api/admin/payments?search=pay_T00001');
    expect(ids(byPayment.body.payments)).toEqual(
      ids(newestFirst(rows.filter((r) => r.razorpayPaymentId?.startsWith('pay_T00001')))),
    );
    const mehta = newestFirst(rows.filter((r) => r.owner.code === 'mehta-cafe'));
    const byBusiness = await get('/api/admin/payments?search=mehta%20cafe&limit=5');
    expect(byBusiness.body.meta).toMatchObject({ total: mehta.length, totalPages: 2 });
    expect(ids(byBusiness.body.payments)).toEqual(ids(mehta.slice(0, 5)));
    const page2 = await get('/api/admin/payments?search=mehta&limit=5&page=2');
    expect(ids(page2.body.payments)).toEqual(ids(mehta.slice(5)));
    const byName = await get('/api/admin/payments?search=ravi&limit=50');
    expect(ids(byName.body.payments)).toEqual(
      ids(newestFirst(rows.filter((r) => r.owner.code === 'sharma-sweets'))),
    );
    // The cards stay platform-wide.
    expect(byName.body.paymentStatusCounts.captured).toBe(captured().length);
  });

  it('answers an empty page for a search that matches nothing', async () => {
    const { status, body } = await get('/api/admin/payments?search=order_nothing');
    expect(status).toBe(200);
    expect(body.payments).toEqual([]);
    expect(body.meta).toEqual({
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });

  it('follows a payment that gets captured: revenue and status counts move at once', async () => {
    const before = (await get('/api/admin/payments')).body;
    const pending = rows.find((r) => r.status === 'pending')!;
    await updatePayment(server.deps.db, pending.id, {
      status: 'captured',
      capturedAt: new Date(),
      razorpayPaymentId: 'pay_late',
    });
    const after = (await get('/api/admin/payments')).body;
    expect(after.totalRevenue).toBe(before.totalRevenue + pending.amount);
    expect(after.paymentStatusCounts).toEqual({
      pending: before.paymentStatusCounts.pending - 1,
      failed: before.paymentStatusCounts.failed,
      captured: before.paymentStatusCounts.captured + 1,
    });
    expect(after.meta.total).toBe(23);
    // Overview revenue is in rupees.
    const stats = await server.app.inject({ method: 'GET', url: '/api/admin/stats/', headers: auth.admin });
    expect(stats.json().stats.revenue.razorpay).toBe(after.totalRevenue / 100);
  });

  it('answers the same list over tRPC (admin.payments.list)', async () => {
    const res = await callProcedure(
      server,
      { path: 'admin.payments.list', kind: 'query', input: { page: 1, limit: 2, search: 'sharma' } },
      auth.admin,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().result.data;
    expect(data.payments).toHaveLength(2);
    expect(data.payments.every((p: { user: { code: string } }) => p.user.code === 'sharma-sweets')).toBe(
      true,
    );
  });
});
