/**
 * `npm run bench:branches`: the All branches view of a big chain on PostgreSQL. A fresh database
 * gets one account with BENCH_BRANCHES branches (default 50) and BENCH_REVIEWS reviews (default
 * 1,000,000) spread over the last year, with page scans every day; then a started server is asked,
 * as timed sequential HTTP calls by the account's owner:
 *   - GET /api/v1/account/branches (the last 30 IST days, the view's default),
 *   - the same over 90 days and over a whole year,
 *   - GET /api/v1/account/reviews (the reviews of every branch): first page, page 20, searched, one branch,
 *   - GET /api/v1/account (the switcher's list).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:branches
 *
 * Writes bench/results/branches.json (BENCH_OUT for another path). Target: p95 <= 50 ms
 * (BENCH_TARGET_MS). Environment: BENCH_ITERATIONS (60), BENCH_WARMUP (5).
 */
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { istDay } from '@starloop/contract';
import {
  createDb,
  insertOwner,
  migrateToLatest,
  rebuildStatCounters,
  setStatCounterTriggers,
} from '@starloop/db';
import { sql } from 'kysely';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { createBenchDatabase } from './lib/database.ts';
import { BENCH_TOKEN_SECRET, DAY_MS, env, positive, root, runBenchmark } from './lib/harness.ts';
import { quantile, round, writeReport } from './lib/report.ts';
import { startServer } from './lib/server.ts';

const BRANCHES = positive('BENCH_BRANCHES', 50);
const REVIEWS = positive('BENCH_REVIEWS', 1_000_000);
const ITERATIONS = positive('BENCH_ITERATIONS', 60);
const WARMUP = Number(env.BENCH_WARMUP ?? 5);
const TARGET_MS = positive('BENCH_TARGET_MS', 50);
const PHONE = '9700000001';
const PASSWORD = 'bench-chain-owner';

async function seed(url: string): Promise<{ seconds: number; firstId: number }> {
  const started = Date.now();
  let firstId = 0;
  const handle = createDb({ url, poolSize: 2, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(handle.db);
    const first = await insertOwner(handle.db, {
      name: 'Chain Owner',
      businessName: 'Bench Chai',
      contactNumber: PHONE,
      code: 'bench-chai-1',
      registrationSource: 'manual',
      status: 'active',
      plan: 'professional',
      city: 'Branch 1',
      passwordHash: await hashPassword(PASSWORD),
      subscriptionStart: new Date(),
      subscriptionEnd: new Date(Date.now() + 365 * DAY_MS),
    });
    firstId = first.id;
    await handle.db.transaction().execute(async (trx) => {
      const run = (text: string) => sql.raw(text).execute(trx);
      await setStatCounterTriggers(trx, false);
      await run(`select setseed(0.31)`);
      await run(`
        insert into owners (account_id, name, business_name, contact_number, code, city, registration_source,
          status, plan, subscription_start, subscription_end)
        select ${first.accountId}, 'Chain Owner', 'Bench Chai', '${PHONE}', 'bench-chai-' || g, 'Branch ' || g,
          'manual', 'active', 'professional', now(), now() + interval '1 year'
        from generate_series(2, ${BRANCHES}) g`);
      await run(`create temporary table bench_branches on commit drop as
        select row_number() over (order by id)::int as n, id from owners where account_id = ${first.accountId}`);
      // Reviews over the last year, some branches busier than others, 1-3 stars with a message.
      for (let from = 1; from <= REVIEWS; from += 100_000) {
        const to = Math.min(REVIEWS, from + 99_999);
        await run(`
          insert into reviews (owner_id, rating, message, reply_status, created_at)
          select b.id, r.rating,
                 case when r.rating <= 3 then 'Slow service today' when r.r2 < 0.3 then 'Lovely chai' else '' end,
                 case when r.r2 < 0.25 then 'sent' else 'none' end,
                 now() - r.r3 * interval '365 days'
          from (select g, 1 + floor(power(random(), 1.6) * ${BRANCHES})::int as n,
                       case when random() < 0.7 then 4 + floor(random() * 2)::int else 1 + floor(random() * 3)::int end as rating,
                       random() as r2, random() as r3
                from generate_series(${from}, ${to}) g) r
          join bench_branches b on b.n = r.n`);
      }
      await run(`
        insert into placement_scans (owner_id, placement_id, day, scans)
        select b.id, null, (now() at time zone 'Asia/Kolkata')::date - d, 20 + floor(random() * 80)::int
        from bench_branches b cross join generate_series(0, 364) d`);
      // The counters (platform, per business, per business and day) from the rows, as seed-scale does.
      await setStatCounterTriggers(trx, true);
      await rebuildStatCounters(trx);
      await run(`delete from owner_review_stats where owner_id in (select id from bench_branches)`);
      await run(`insert into owner_review_stats (owner_id, review_count, rating_sum, star1, star2, star3, star4, star5, last_review_at)
        select owner_id, count(*), sum(rating), count(*) filter (where rating = 1), count(*) filter (where rating = 2),
          count(*) filter (where rating = 3), count(*) filter (where rating = 4), count(*) filter (where rating = 5), max(created_at)
        from reviews where owner_id in (select id from bench_branches) group by owner_id`);
    });
    await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
  return { seconds: round((Date.now() - started) / 1000, 1), firstId };
}

interface TCase {
  name: string;
  url: string;
}

async function measure(base: string, token: string, item: TCase) {
  const call = async () => {
    const res = await fetch(`${base}${item.url}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${item.url} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as {
      branches?: unknown[];
      totals?: { reviews: number };
      meta?: { total: number };
    };
  };
  let last = await call();
  for (let i = 0; i < WARMUP; i++) last = await call();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    last = await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95)!;
  return {
    ...item,
    p50: round(quantile(times, 0.5)!),
    p95: round(p95),
    max: round(times.at(-1)!),
    branches: last.branches?.length,
    reviewsInRange: last.totals?.reviews ?? last.meta?.total,
    underTarget: p95 <= TARGET_MS,
  };
}

async function main(): Promise<number> {
  const database = await createBenchDatabase('branches');
  console.error(`Seeding ${BRANCHES} branches and ${REVIEWS.toLocaleString('en-IN')} reviews...`);
  const seeded = await seed(database.url);
  console.error(`Seeded in ${seeded.seconds} s.`);
  const server = await startServer({
    entry: 'source',
    env: {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-bench-')),
      TOKEN_SECRET: BENCH_TOKEN_SECRET,
      JOB_WORKERS: 'off',
      PAYMENTS_TEST_MODE: 'on',
    },
  });
  const login = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contactNumber: PHONE, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const firstId = seeded.firstId;
  const now = new Date();
  const daysAgo = (n: number) => istDay(new Date(now.getTime() - n * DAY_MS));
  const cases: TCase[] = [
    { name: 'All branches, last 30 days (default)', url: '/api/v1/account/branches' },
    { name: 'All branches, 90 days', url: `/api/v1/account/branches?from=${daysAgo(89)}` },
    { name: 'All branches, a year', url: `/api/v1/account/branches?from=${daysAgo(364)}` },
    { name: 'Reviews of every branch, first page', url: '/api/v1/account/reviews?limit=25' },
    { name: 'Reviews of every branch, page 20', url: '/api/v1/account/reviews?limit=25&page=20' },
    { name: 'Reviews of every branch, searched', url: '/api/v1/account/reviews?limit=25&search=slow' },
    { name: 'Reviews of one branch (filter)', url: `/api/v1/account/reviews?limit=25&businessId=${firstId}` },
    { name: 'Account and branch list', url: '/api/v1/account' },
  ];
  const results = [];
  for (const item of cases) {
    const result = await measure(server.url, token, item);
    console.error(
      `${result.underTarget ? 'PASS' : 'MISS'}  ${item.name}: p50 ${result.p50} ms, p95 ${result.p95} ms (target <= ${TARGET_MS})`,
    );
    results.push(result);
  }
  server.child.kill('SIGTERM');
  writeReport(env.BENCH_OUT ?? path.join(root, 'bench/results/branches.json'), {
    benchmark: 'branches',
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, loadavg: loadavg().map((n) => round(n)) },
    database: 'postgres',
    branches: BRANCHES,
    reviews: REVIEWS,
    seedSeconds: seeded.seconds,
    targetMs: TARGET_MS,
    results,
  });
  return 0;
}

runBenchmark(main);
