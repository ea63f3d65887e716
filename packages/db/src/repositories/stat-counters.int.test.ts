import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../client.ts';
import { createMigrator, migrateToLatest } from '../migrate.ts';
import { insertTestOwner, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { recordActivity } from './activity.ts';
import { insertAgent } from './agents.ts';
import { insertManualPayment } from './manual-payments.ts';
import { countOwners, softDeleteOwner, updateOwner } from './owners.ts';
import { insertPayment, updatePayment } from './payments.ts';
import { getPlatformReviewStats, insertReview } from './reviews.ts';
import {
  countFromCounters,
  countOwnersFromCounters,
  getMetricTotals,
  getMonthlyTotals,
  getPlatformCounters,
  rebuildStatCounters,
} from './stat-counters.ts';

/** The counters summed per metric and month, without the shards. */
const snapshot = async (db: TDb) =>
  (
    await sql<{ metric: string; bucket: string; n: number; amount: number }>`
      select metric, to_char(bucket, 'YYYY-MM') as bucket, sum(n)::bigint as n, sum(amount)::bigint as amount
      from stat_counters group by 1, 2 having sum(n) <> 0 or sum(amount) <> 0 order by 1, 2`.execute(db)
  ).rows.map((r) => ({ ...r, n: Number(r.n), amount: Number(r.amount) }));

const countRows = async (db: TDb, table: 'reviews' | 'payments' | 'manual_payments' | 'activity_events') =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n);

/**
 * The triggers' counters must equal a recount from the rows, the owner counts countOwners, and
 * the lists' totals read from the counters the tables' row counts.
 */
async function expectConsistent(db: TDb) {
  const kept = await snapshot(db);
  await rebuildStatCounters(db);
  expect(kept).toEqual(await snapshot(db));
  const owners = await countOwners(db);
  expect((await getPlatformCounters(db)).owners).toEqual(owners);
  expect({
    reviews: await countFromCounters(db, 'reviews'),
    payments: await countFromCounters(db, 'payments:%'),
    manual: await countFromCounters(db, 'manual:%'),
    activity: await countFromCounters(db, 'activity'),
    owners: await countOwnersFromCounters(db, undefined),
    active: await countOwnersFromCounters(db, 'active'),
    pending: await countOwnersFromCounters(db, 'pending'),
    inactive: await countOwnersFromCounters(db, 'inactive'),
    deleted: await countOwnersFromCounters(db, 'deleted'),
  }).toEqual({
    reviews: await countRows(db, 'reviews'),
    payments: await countRows(db, 'payments'),
    manual: await countRows(db, 'manual_payments'),
    activity: await countRows(db, 'activity_events'),
    owners: owners.total,
    active: owners.active,
    pending: owners.pending,
    inactive: owners.inactive,
    deleted: owners.deleted,
  });
}

const owner = insertTestOwner;

describe(`platform counters (migration 0003) on ${testDriverName()}`, () => {
  const handle = useTestDb();
  let db: TDb;
  beforeAll(async () => {
    db = handle.db;
  });

  it('follow owners through insert, status and agent changes, soft and hard deletes', async () => {
    const agent = await insertAgent(db, {
      code: 'AG9001',
      name: 'Agent',
      email: 'a@g.in',
      phone: '9800000001',
    });
    const a = await owner(db, { status: 'active', agentId: agent.id });
    const b = await owner(db, { status: 'pending', registrationSource: 'manual' });
    const c = await owner(db, { status: 'active', createdAt: new Date('2025-01-15T10:00:00Z') });
    await expectConsistent(db);
    await updateOwner(db, b.id, { status: 'active' });
    await updateOwner(db, a.id, { agentId: null, name: 'Renamed' });
    await updateOwner(db, c.id, { status: 'inactive' });
    await softDeleteOwner(db, c.id);
    await expectConsistent(db);
    await db.deleteFrom('owners').where('id', '=', a.id).execute();
    await expectConsistent(db);
    const counts = (await getPlatformCounters(db)).owners;
    expect(counts).toMatchObject({ total: 1, active: 1, deleted: 1, manualOnboarded: 1, referred: 0 });
  });

  it('follow reviews, payments, manual payments and activity, and cascades', async () => {
    const o = await owner(db, { status: 'active' });
    const other = await owner(db, { status: 'active' });
    for (const [i, rating] of [5, 4, 1, 3].entries()) {
      await insertReview(db, {
        ownerId: i % 2 ? o.id : other.id,
        rating,
        createdAt: new Date(Date.UTC(2026, i, 5)),
      });
    }
    const p1 = await insertPayment(db, {
      ownerId: o.id,
      plan: 'essential',
      purpose: 'registration',
      provider: 'test',
      amount: 199900,
      razorpayOrderId: 'order_counter_1',
    });
    const p2 = await insertPayment(db, {
      ownerId: other.id,
      plan: 'professional',
      purpose: 'renewal',
      provider: 'test',
      amount: 299900,
      status: 'captured',
      capturedAt: new Date('2026-03-02T00:00:00Z'),
      razorpayOrderId: 'order_counter_2',
    });
    await insertManualPayment(db, { amount: 24000, paymentMethod: 'cash' }, [o.id]);
    const m2 = await insertManualPayment(db, { amount: 12000, paymentMethod: 'cheque' }, [other.id]);
    await recordActivity(db, { type: 'user', message: 'hello' });
    await expectConsistent(db);

    await updatePayment(db, p1.id, { status: 'captured', capturedAt: new Date('2026-04-20T00:00:00Z') });
    await updatePayment(db, p2.id, { status: 'captured', razorpayPaymentId: 'pay_x' });
    await updatePayment(db, p2.id, { amount: 100, taxableValue: 100 });
    await db
      .updateTable('manualPayments')
      .set({ paymentMethod: 'bank_transfer', amount: 15000 })
      .where('id', '=', m2.id)
      .execute();
    await db.updateTable('reviews').set({ replyStatus: 'drafted', replyText: 'Thanks' }).execute();
    await expectConsistent(db);
    const totals = await getMetricTotals(db, [
      'payments:captured',
      'payments:pending',
      'manual:bank_transfer',
      'reviews',
    ]);
    expect(totals['payments:captured']).toEqual({ count: 2, amount: 199900 + 100 });
    expect(totals['payments:pending']).toEqual({ count: 0, amount: 0 });
    expect(totals['manual:bank_transfer']).toEqual({ count: 1, amount: 15000 });
    expect(totals.reviews.count).toBe((await getPlatformReviewStats(db)).reviewCount);

    // Deleting an owner cascades to its reviews and payments; the counters follow.
    await db.deleteFrom('owners').where('id', '=', other.id).execute();
    await db.deleteFrom('manualPayments').where('id', '=', m2.id).execute();
    await expectConsistent(db);
    const months = await getMonthlyTotals(db, new Date('2026-04-30T00:00:00Z'), 12);
    expect(months.map((m) => m.month)).toEqual([
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(months.find((m) => m.month === '2026-04')).toMatchObject({ razorpayAmount: 199900 });
    expect(months.find((m) => m.month === '2026-02')).toMatchObject({ reviews: 1, ratingSum: 4 });

    // An owner with reviews moves between live and deleted with its reviewed flag.
    const withReviews = (await getPlatformCounters(db)).owners.withReviews;
    await softDeleteOwner(db, o.id);
    await expectConsistent(db);
    expect((await getPlatformCounters(db)).owners.withReviews).toBe(withReviews - 1);
    const fresh = await owner(db, { status: 'active' });
    await insertReview(db, { ownerId: fresh.id, rating: 5 });
    expect((await getPlatformCounters(db)).owners.withReviews).toBe(withReviews);
    await expectConsistent(db);
  });
});

describe(`migration 0003 on a database with data on ${testDriverName()}`, () => {
  const handle = useTestDb({ migrate: false });

  it('fills the counters from the rows already there', async () => {
    const db = handle.db;
    const result = await createMigrator(db).migrateTo('2026-11-22-0001-initial');
    expect(result.error).toBeUndefined();
    // Owners as migration 0001 knew them (the repository's insertOwner returns columns added since).
    const ownerAt0001 = async (
      seq: number,
      values: { status: 'active' | 'pending'; registrationSource: 'manual' | 'website' },
    ) => {
      const row = await db
        .insertInto('owners')
        .values({
          name: `Owner before 0003 ${seq}`,
          businessName: `Business before 0003 ${seq}`,
          contactNumber: `400000000${seq}`,
          code: `before-0003-${seq}`,
          ...values,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('ownerReviewStats').values({ ownerId: row.id }).execute();
      return row;
    };
    const o = await ownerAt0001(1, { status: 'active', registrationSource: 'manual' });
    await ownerAt0001(2, { status: 'pending', registrationSource: 'website' });
    // Reviews as 0001 stored them (today's insertReviews names columns added since), with the
    // owner's counters kept beside them as the app of that time did.
    for (const rating of [5, 2, 4]) {
      await sql`insert into reviews (owner_id, rating, message) values (${o.id}, ${rating}, '')`.execute(db);
      await sql`update owner_review_stats set review_count = review_count + 1, rating_sum = rating_sum + ${rating},
        ${sql.raw(`star${rating} = star${rating} + 1`)}, last_review_at = now() where owner_id = ${o.id}`.execute(
        db,
      );
    }
    // A payment as 0001 stored it (today's insertPayment names its GST columns, added in 0024).
    await sql`insert into payments (owner_id, plan, purpose, provider, amount, status, razorpay_order_id)
      values (${o.id}, 'essential', 'registration', 'test', 199900, 'captured', 'order_before_0003')`.execute(
      db,
    );
    await insertManualPayment(db, { amount: 5000, paymentMethod: 'cash' }, [o.id]);
    await recordActivity(db, { type: 'user', message: 'before 0003' });
    await migrateToLatest(db);
    await expectConsistent(db);
    const counters = await getPlatformCounters(db);
    expect(counters.reviews).toEqual({ count: 3, ratingSum: 11 });
    expect(counters.payments.captured).toEqual({ count: 1, amount: 199900 });
    expect(counters.manual.cash).toEqual({ count: 1, amount: 5000 });
    expect(counters.activity).toBe(1);
    expect(counters.owners).toMatchObject({ total: 2, manualOnboarded: 1, active: 1, pending: 1 });
  });
});
