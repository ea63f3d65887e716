import type { TOwnerPublic } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { adminListContract, newestFirst } from '../../../test/admin-list-contract.ts';
import { createSampleOwners } from '../../../test/test-server.ts';

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
describe(`admin manual payments API on ${testDriverName()}`, () => {
  const api = adminApi();
  const rows: TRow[] = [];

  beforeAll(async () => {
    const { sharma, mehta, glow } = await createSampleOwners(api.server);
    const owners = [sharma, mehta, glow];
    const db = api.db;
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

  adminListContract({
    rest: '/api/admin/manual-payments',
    trpc: 'admin.manualPayments.list',
    rowsKey: 'payments',
    context: api.context,
    rows: () => newestFirst(rows),
    pageSizes: [5],
    search: {
      // Notes, method and the linked owners.
      finds: {
        'receipt 107': (r) => r.notes?.includes('receipt 107') === true,
        bank_transfer: (r) => r.paymentMethod === 'bank_transfer',
        'GLOW salon': (r) => r.owners.some((o) => o.code === 'glow-salon'),
      },
      findsNothing: ['nothing-like-this'],
    },
    sorts: {
      id: (r) => r.id,
      amount: (r) => r.amount,
      paymentMethod: (r) => r.paymentMethod,
      createdAt: (r) => r.createdAt,
    },
    notSortable: ['notes'],
    sortMessages: {
      sortBy: 'sortBy must be id, amount, paymentMethod or createdAt',
      sortOrder: 'sortOrder must be asc or desc',
    },
    totals: ['totalRevenue', 'paymentMethodCounts'],
  });

  it('answers the platform totals and every documented field of a payment, in rupees', async () => {
    const { status, body } = await api.get('/api/admin/manual-payments?page=1&limit=10');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'meta',
      'paymentMethodCounts',
      'payments',
      'success',
      'totalRevenue',
    ]);
    expect(body.success).toBe(true);
    expect(body.totalRevenue).toBe(rows.reduce((s, r) => s + r.amount, 0));
    const count = (method: string) => rows.filter((r) => r.paymentMethod === method).length;
    expect(body.paymentMethodCounts).toEqual([
      { paymentMethod: 'cash', count: count('cash') },
      { paymentMethod: 'cheque', count: count('cheque') },
      { paymentMethod: 'razorpay', count: 0 },
      { paymentMethod: 'bank_transfer', count: count('bank_transfer') },
      { paymentMethod: 'upi', count: count('upi') },
    ]);
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
});
