import {
  countOwners,
  getPlatformCounters,
  getPlatformReviewStats,
  rebuildStatCounters,
  type TDbHandle,
} from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './commands.ts';
import { SCALE_COUNTS, seedScale, type TProgress } from './seed-scale.ts';

/** Commands as a developer runs them (production refuses db:seed). */
const DEV = { production: false };

const SMALL = { agents: 7, owners: 300, reviews: 4000, payments: 600, manualPayments: 40, leads: 120 };

const count = async (db: TDbHandle['db'], table: string) =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n,
  );

const counterSnapshot = async (db: TDbHandle['db']) =>
  (
    await sql<{ metric: string; bucket: string; n: number; amount: number }>`
      select metric, to_char(bucket, 'YYYY-MM') as bucket, sum(n)::bigint as n, sum(amount)::bigint as amount
      from stat_counters group by 1, 2 having sum(n) <> 0 or sum(amount) <> 0 order by 1, 2`.execute(db)
  ).rows;

describe(`db:seed --scale on ${testDriverName()}`, () => {
  let handle: TDbHandle;
  const ticks: { done: number; label: string }[] = [];
  let total = 0;
  let output = '';
  const progress: TProgress = {
    start: (t) => {
      total = t;
    },
    tick: (done, label) => {
      ticks.push({ done, label });
    },
    stop: () => {},
  };

  beforeAll(async () => {
    handle = await createTestDb();
    output = await seedScale(handle.db, { counts: SMALL, progress });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('asks for 50k owners, 1M reviews, 200k payments, 20k manual payments, 100k leads and 500 agents', () => {
    expect(SCALE_COUNTS).toEqual({
      agents: 500,
      owners: 50_000,
      reviews: 1_000_000,
      payments: 200_000,
      manualPayments: 20_000,
      leads: 100_000,
    });
  });

  it('creates the asked number of rows and says how to sign in', async () => {
    const db = handle.db;
    expect(await count(db, 'agents')).toBe(SMALL.agents);
    expect(await count(db, 'owners')).toBe(SMALL.owners);
    expect(await count(db, 'reviews')).toBe(SMALL.reviews);
    expect(await count(db, 'payments')).toBe(SMALL.payments);
    expect(await count(db, 'manual_payments')).toBe(SMALL.manualPayments);
    expect(await count(db, 'leads')).toBe(SMALL.leads);
    expect(await count(db, 'manual_payment_owners')).toBeGreaterThanOrEqual(SMALL.manualPayments);
    expect(output).toContain('scale-admin@starloop.local');
    const admin = await db.selectFrom('admins').select('role').executeTakeFirstOrThrow();
    expect(admin.role).toBe('super_admin');
  });

  it('reports progress to the end', () => {
    expect(ticks.length).toBeGreaterThan(5);
    expect(ticks.at(-1)!.done).toBe(total);
    const done = ticks.map((t) => t.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
  });

  it('keeps the per-owner review counters equal to the rows', async () => {
    const mismatches = await sql<{ n: number }>`
      select count(*)::int as n from owners o
      left join owner_review_stats s on s.owner_id = o.id
      left join (
        select owner_id, count(*) as c, sum(rating) as r, count(*) filter (where rating = 5) as s5,
               count(*) filter (where rating = 1) as s1
        from reviews group by owner_id
      ) x on x.owner_id = o.id
      where s.owner_id is null or s.review_count <> coalesce(x.c, 0) or s.rating_sum <> coalesce(x.r, 0)
         or s.star5 <> coalesce(x.s5, 0) or s.star1 <> coalesce(x.s1, 0)`.execute(handle.db);
    expect(mismatches.rows[0]!.n).toBe(0);
    expect((await getPlatformReviewStats(handle.db)).reviewCount).toBe(SMALL.reviews);
  });

  it('leaves the platform counters equal to a recount, with the counter triggers back on', async () => {
    const before = await counterSnapshot(handle.db);
    await rebuildStatCounters(handle.db);
    expect(await counterSnapshot(handle.db)).toEqual(before);
    const counters = await getPlatformCounters(handle.db);
    expect(counters.owners).toEqual(await countOwners(handle.db));
    expect(counters.reviews.count).toBe(SMALL.reviews);
    const paymentCount = Object.values(counters.payments).reduce((s, p) => s + p.count, 0);
    expect(paymentCount).toBe(SMALL.payments);
    // Triggers are on again: a new review moves the counter.
    const owner = await handle.db.selectFrom('owners').select('id').limit(1).executeTakeFirstOrThrow();
    await handle.db.insertInto('reviews').values({ ownerId: owner.id, rating: 4 }).execute();
    expect((await getPlatformCounters(handle.db)).reviews.count).toBe(SMALL.reviews + 1);
  });

  it('says so and adds nothing when run again, also through the CLI command', async () => {
    const again = await runCommand(handle.db, 'db:seed', { scale: true }, DEV);
    expect(again).toContain('already there');
    expect(await count(handle.db, 'owners')).toBe(SMALL.owners);
  });
});
