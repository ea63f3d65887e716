import { describe, expect, it } from 'vitest';
import { insertTestOwner, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { insertManualPayment } from './manual-payments.ts';
import { countReportRows, readReportPage } from './reports.ts';
import { insertReview } from './reviews.ts';

describe(`report readers on ${testDriverName()}`, () => {
  const t = useTestDb();

  it('page every type newest first by keyset, with the joined columns', async () => {
    const o = await insertTestOwner(t.db, { businessName: 'Biz 20', code: 'ops-biz-20' });
    for (let i = 0; i < 7; i++) await insertReview(t.db, { ownerId: o.id, rating: 5, message: `r${i}` });
    await insertManualPayment(t.db, { amount: 500, paymentMethod: 'cheque' }, [o.id]);
    const first = await readReportPage(t.db, 'reviews', { limit: 3 });
    const second = await readReportPage(t.db, 'reviews', { limit: 3, beforeId: first[2]!.id });
    const third = await readReportPage(t.db, 'reviews', { limit: 3, beforeId: second[2]!.id });
    const ids = [...first, ...second, ...third].map((r) => r.id);
    expect(ids).toHaveLength(7);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(first[0]).toMatchObject({
      businessName: 'Biz 20',
      code: 'ops-biz-20',
      message: 'r6',
      rating: 5,
    });
    const users = await readReportPage(t.db, 'users', { limit: 100 });
    expect(users.find((u) => u.id === o.id)).toMatchObject({
      reviewCount: 7,
      averageRating: 5,
      agentName: null,
    });
    const manual = await readReportPage(t.db, 'manual-payments', { limit: 1 });
    expect(manual[0]).toMatchObject({ amount: 500, customers: 'Biz 20 (ops-biz-20)' });
    expect(await countReportRows(t.db, 'reviews')).toBe(7);
    expect(await countReportRows(t.db, 'manual-payments')).toBe(1);
    expect(await readReportPage(t.db, 'payments', { limit: 10 })).toEqual([]);
  });
});
