import type { TOwnerPublic } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCases, callProcedure, type TAuthCases } from '../../../test/admin-auth-cases.ts';
import { createTestOwner, createTestServer, type TTestServer } from '../../../test/test-server.ts';

const BASE = Date.UTC(2026, 8, 1, 9, 0, 0);
const HOUR = 60 * 60 * 1000;
const METHODS = ['cash', 'cheque', 'bank_transfer', 'cash', 'cheque'] as const;

interface TRow {
  id: number;
  amount: number;
  paymentMethod: string;
  notes: string | null;
  createdAt: Date;
  owners: TOwnerPublic[];
}
type TSort = 'id' | 'amount' | 'paymentMethod' | 'createdAt';

function sorted(rows: TRow[], sortBy: TSort, order: 'asc' | 'desc'): TRow[] {
  const sign = order === 'asc' ? 1 : -1;
  const key = (r: TRow) => (sortBy === 'createdAt' ? r.createdAt.getTime() : r[sortBy]);
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const primary = x < y ? -1 : x > y ? 1 : 0;
    return sign * (sortBy === 'id' ? a.id - b.id : primary || a.id - b.id);
  });
}

describe(`admin manual payments API on ${testDriverName()}`, () => {
  let server: TTestServer;
  let auth: TAuthCases;
  const rows: TRow[] = [];
  const ids = (list: { id: number }[]) => list.map((r) => r.id);

  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers: auth.admin });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    server = await createTestServer();
    auth = await authCases(server);
    const owners = [
      await createTestOwner(server, {
        name: 'Ravi Sharma',
        businessName: 'Sharma Sweets',
        code: 'sharma-sweets',
      }),
      await createTestOwner(server, { name: 'Neha Mehta', businessName: 'Mehta Cafe', code: 'mehta-cafe' }),
      await createTestOwner(server, { name: 'Imran Q', businessName: 'Glow Salon', code: 'glow-salon' }),
    ];
    const db = server.deps.db;
    for (let i = 0; i < 17; i++) {
      const linked = i % 4 === 0 ? [owners[0]!, owners[1]!] : i % 5 === 0 ? [] : [owners[i % 3]!];
      // Amounts repeat so the id tie-break is exercised; one payment is back-dated.
      const row = await db
        .insertInto('manualPayments')
        .values({
          amount: [24000, 12000, 36000][i % 3]!,
          paymentMethod: METHODS[i % METHODS.length]!,
          notes: i % 6 === 0 ? null : `Annual plan, receipt ${100 + i}`,
          email: `billing${i}@example.in`,
          createdAt: new Date(BASE + (i === 3 ? -100 : i) * HOUR),
        })
        .returning(['id', 'amount', 'paymentMethod', 'notes', 'createdAt'])
        .executeTakeFirstOrThrow();
      if (linked.length) {
        await db
          .insertInto('manualPaymentOwners')
          .values(linked.map((o) => ({ manualPaymentId: row.id, ownerId: o.id })))
          .execute();
      }
      rows.push({ ...row, amount: Number(row.amount), owners: linked });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the first page with every documented field, newest first, in rupees', async () => {
    const { status, body } = await get('/api/admin/manual-payments?page=1&limit=10');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'meta',
      'paymentMethodCounts',
      'payments',
      'success',
      'totalRevenue',
    ]);
    expect(body.success).toBe(true);
    expect(body.meta).toEqual({
      total: 17,
      page: 1,
      limit: 10,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(body.totalRevenue).toBe(rows.reduce((s, r) => s + r.amount, 0));
    const count = (method: string) => rows.filter((r) => r.paymentMethod === method).length;
    expect(body.paymentMethodCounts).toEqual([
      { paymentMethod: 'cash', count: count('cash') },
      { paymentMethod: 'cheque', count: count('cheque') },
      { paymentMethod: 'razorpay', count: 0 },
      { paymentMethod: 'bank_transfer', count: count('bank_transfer') },
    ]);
    const expected = sorted(rows, 'createdAt', 'desc').slice(0, 10);
    expect(ids(body.payments)).toEqual(ids(expected));
    const linkedTwice = body.payments.find((p: { id: number }) => p.id === rows[16]!.id);
    expect(linkedTwice).toEqual({
      id: rows[16]!.id,
      amount: rows[16]!.amount,
      paymentMethod: rows[16]!.paymentMethod,
      status: 'completed',
      notes: rows[16]!.notes,
      createdAt: rows[16]!.createdAt.toISOString(),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      users: rows[16]!.owners.map((o) => ({
        user: { id: o.id, name: o.name, businessName: o.businessName, contactNumber: o.contactNumber },
      })),
    });
    expect(linkedTwice.users).toHaveLength(2);
    const unlinked = body.payments.find((p: { id: number }) => p.id === rows[15]!.id);
    expect(unlinked.users).toEqual([]);
  });

  it('pages: a middle page, the last page, past the end', async () => {
    const all = sorted(rows, 'createdAt', 'desc');
    for (let page = 1; page <= 4; page++) {
      const res = await get(`/api/admin/manual-payments?page=${page}&limit=5`);
      expect(ids(res.body.payments), `page ${page}`).toEqual(ids(all.slice((page - 1) * 5, page * 5)));
      expect(res.body.meta).toMatchObject({
        page,
        totalPages: 4,
        hasNextPage: page < 4,
        hasPrevPage: page > 1,
      });
    }
    const past = await get('/api/admin/manual-payments?page=5&limit=5');
    expect(past.body.payments).toEqual([]);
  });

  it('sorts by id, amount, method and date, both directions', async () => {
    for (const sortBy of ['id', 'amount', 'paymentMethod', 'createdAt'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const res = await get(`/api/admin/manual-payments?sortBy=${sortBy}&sortOrder=${sortOrder}&limit=100`);
        expect(res.status).toBe(200);
        expect(ids(res.body.payments), `${sortBy} ${sortOrder}`).toEqual(
          ids(sorted(rows, sortBy, sortOrder)),
        );
        const page2 = await get(
          `/api/admin/manual-payments?sortBy=${sortBy}&sortOrder=${sortOrder}&limit=6&page=2`,
        );
        expect(ids(page2.body.payments), `${sortBy} ${sortOrder} page 2`).toEqual(
          ids(sorted(rows, sortBy, sortOrder).slice(6, 12)),
        );
      }
    }
    expect((await get('/api/admin/manual-payments?sortBy=notes')).status).toBe(400);
  });

  it('searches notes, method and the linked owners', async () => {
    const byNotes = await get('/api/admin/manual-payments?search=receipt%20107');
    expect(ids(byNotes.body.payments)).toEqual([rows[7]!.id]);
    const byMethod = await get('/api/admin/manual-payments?search=bank_transfer&sortBy=id&sortOrder=asc');
    expect(ids(byMethod.body.payments)).toEqual(ids(rows.filter((r) => r.paymentMethod === 'bank_transfer')));
    const glow = rows.filter((r) => r.owners.some((o) => o.code === 'glow-salon'));
    const byOwner = await get('/api/admin/manual-payments?search=GLOW%20salon&sortBy=amount&sortOrder=desc');
    expect(ids(byOwner.body.payments)).toEqual(ids(sorted(glow, 'amount', 'desc')));
    expect(byOwner.body.meta.total).toBe(glow.length);
    // Totals stay platform-wide.
    expect(byOwner.body.totalRevenue).toBe(rows.reduce((s, r) => s + r.amount, 0));
  });

  it('answers an empty page for a search that matches nothing', async () => {
    const { status, body } = await get('/api/admin/manual-payments?search=nothing-like-this');
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

  it('answers the same list over tRPC (admin.manualPayments.list)', async () => {
    const res = await callProcedure(
      server,
      {
        path: 'admin.manualPayments.list',
        kind: 'query',
        input: { sortBy: 'amount', sortOrder: 'asc', limit: 3 },
      },
      auth.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().result.data.payments)).toEqual(ids(sorted(rows, 'amount', 'asc').slice(0, 3)));
  });
});
