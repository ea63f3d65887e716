/**
 * `npm run bench:cases`: the feedback inbox of a busy account on PostgreSQL (issue 33: "the inbox
 * list with 100,000 cases p95 <= 50 ms"). A fresh database gets one account with BENCH_BRANCHES
 * branches (default 10), BENCH_PEOPLE team members (default 10) and BENCH_CASES low reviews with
 * their cases (default 100,000; one INSERT ... SELECT from generate_series each) over the last
 * year, in every status; then a started server is asked, as timed sequential HTTP calls by the
 * account's owner, for GET /api/v1/cases with the inbox's common filters (none, status=new,
 * assigneeId, businessId, overdue, status=open, and combined), a deep page, and the figures of the
 * last 30 days, beside the smallest authenticated call as the machine's floor.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cases
 *
 * Writes bench/results/cases.json (BENCH_OUT for another path). Target: p95 <= 50 ms
 * (BENCH_TARGET_MS). Environment: BENCH_ITERATIONS (60), BENCH_WARMUP (5).
 */
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  createDb,
  insertMembership,
  insertOwner,
  insertPerson,
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

const BRANCHES = positive('BENCH_BRANCHES', 10);
const PEOPLE = positive('BENCH_PEOPLE', 10);
const CASES = positive('BENCH_CASES', 100_000);
const ITERATIONS = positive('BENCH_ITERATIONS', 60);
const WARMUP = Number(env.BENCH_WARMUP ?? 5);
const TARGET_MS = positive('BENCH_TARGET_MS', 50);
const PHONE = '9700000033';
const PASSWORD = 'bench-cases-owner';

interface TSeeded {
  seconds: number;
  firstId: number;
  personIds: number[];
}

async function seed(url: string): Promise<TSeeded> {
  const started = Date.now();
  const handle = createDb({ url, poolSize: 2, statementTimeoutMs: 0 });
  const personIds: number[] = [];
  let firstId = 0;
  try {
    await migrateToLatest(handle.db);
    const first = await insertOwner(handle.db, {
      name: 'Inbox Owner',
      businessName: 'Bench Dosa',
      contactNumber: PHONE,
      code: 'bench-dosa-1',
      registrationSource: 'manual',
      status: 'active',
      plan: 'professional',
      city: 'Branch 1',
      passwordHash: await hashPassword(PASSWORD),
      subscriptionStart: new Date(),
      subscriptionEnd: new Date(Date.now() + 365 * DAY_MS),
    });
    firstId = first.id;
    for (let i = 1; i <= PEOPLE; i += 1) {
      const person = await insertPerson(handle.db, {
        name: `Team member ${i}`,
        phone: `96${String(i).padStart(8, '0')}`,
        passwordHash: null,
      });
      await insertMembership(handle.db, {
        accountId: first.accountId,
        personId: person.id,
        role: 'staff',
        businessIds: null,
      });
      personIds.push(person.id);
    }
    await handle.db.transaction().execute(async (trx) => {
      const run = (text: string) => sql.raw(text).execute(trx);
      await setStatCounterTriggers(trx, false);
      await run(`select setseed(0.33)`);
      await run(`
        insert into owners (account_id, name, business_name, contact_number, code, city, registration_source,
          status, plan, subscription_start, subscription_end)
        select ${first.accountId}, 'Inbox Owner', 'Bench Dosa', '${PHONE}', 'bench-dosa-' || g, 'Branch ' || g,
          'manual', 'active', 'professional', now(), now() + interval '1 year'
        from generate_series(2, ${BRANCHES}) g`);
      await run(`create temporary table bench_branches on commit drop as
        select row_number() over (order by id)::int as n, id from owners where account_id = ${first.accountId}`);
      await run(`create temporary table bench_people on commit drop as
        select row_number() over (order by id)::int as n, id from persons where id in (${personIds.join(',')})`);
      // The low reviews, one per case, some branches busier than others, over the last year.
      await run(`
        insert into reviews (owner_id, rating, message, customer_contact, reply_status, created_at)
        select b.id, 1 + (g % 3), 'Slow service and a cold dosa (' || g || ')',
               case when g % 4 = 0 then '98' || lpad((g % 100000000)::text, 8, '0') end,
               'none', now() - (g::float8 / ${CASES}) * interval '365 days'
        from generate_series(1, ${CASES}) g
        join bench_branches b on b.n = 1 + floor(power(((g::bigint * 7919) % 1000)::float8 / 1000, 1.6) * ${BRANCHES})::int`);
      // Their cases: recent ones mostly new, older ones mostly resolved; 70% assigned.
      await run(`
        insert into cases (review_id, owner_id, rating, status, outcome, assignee_person_id, created_at,
          updated_at, first_response_at, resolved_at, due_at)
        select r.id, r.owner_id, r.rating, s.status,
               case when s.status = 'resolved' then (array['recovered', 'not_recovered', 'no_reply'])[1 + (r.id % 3)::int] end,
               case when r.id % 10 < 7 then p.id end,
               r.created_at, r.created_at,
               case when s.status <> 'new' then r.created_at + ((r.id % 240) * interval '1 minute') end,
               case when s.status = 'resolved' then r.created_at + interval '1 day' end,
               r.created_at + interval '2 hours'
        from reviews r
        join bench_branches b on b.id = r.owner_id
        left join bench_people p on p.n = 1 + (r.id % ${PEOPLE})::int
        cross join lateral (select case
          when r.created_at > now() - interval '3 days' then (array['new', 'new', 'in_progress'])[1 + (r.id % 3)::int]
          else (array['new', 'in_progress', 'resolved', 'resolved', 'resolved', 'resolved', 'resolved', 'resolved', 'resolved', 'reopened'])[1 + (r.id % 10)::int]
        end as status) s`);
      await run(
        `insert into case_events (case_id, kind, created_at) select id, 'opened', created_at from cases`,
      );
      await setStatCounterTriggers(trx, true);
      await rebuildStatCounters(trx);
    });
    // A live database is vacuumed: without it the first reads would race autovacuum after the load.
    await sql`vacuum analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
  return { seconds: round((Date.now() - started) / 1000, 1), firstId, personIds };
}

interface TCall {
  name: string;
  url: string;
}

async function measure(base: string, token: string, item: TCall) {
  const call = async () => {
    const res = await fetch(`${base}${item.url}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${item.url} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { cases?: unknown[]; meta?: { total: number }; overall?: { cases: number } };
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
    rows: last.cases?.length,
    total: last.meta?.total ?? last.overall?.cases,
    underTarget: p95 <= TARGET_MS,
  };
}

async function main(): Promise<number> {
  const database = await createBenchDatabase('cases');
  console.error(`Seeding ${BRANCHES} branches and ${CASES.toLocaleString('en-IN')} cases...`);
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
  const person = seeded.personIds[0]!;
  const calls: TCall[] = [
    // The floor on this machine: the smallest authenticated call (sign-in check and one tiny read).
    { name: 'Baseline: GET /api/v1/cases/settings', url: '/api/v1/cases/settings' },
    { name: 'Inbox, no filter (every branch)', url: '/api/v1/cases' },
    { name: 'Inbox, status=new', url: '/api/v1/cases?status=new' },
    { name: 'Inbox, assigneeId', url: `/api/v1/cases?assigneeId=${person}` },
    { name: 'Inbox, businessId', url: `/api/v1/cases?businessId=${seeded.firstId}` },
    { name: 'Inbox, overdue=true', url: '/api/v1/cases?overdue=true' },
    { name: 'Inbox, status=open (the sidebar and the inbox first)', url: '/api/v1/cases?status=open' },
    {
      name: 'Inbox, businessId + status=new + assigneeId',
      url: `/api/v1/cases?businessId=${seeded.firstId}&status=new&assigneeId=${person}`,
    },
    { name: 'Inbox, no filter, page 50', url: '/api/v1/cases?page=50' },
    { name: 'Figures, last 30 days', url: '/api/v1/cases/figures' },
  ];
  const results = [];
  for (const item of calls) {
    const result = await measure(server.url, token, item);
    console.error(
      `${result.underTarget ? 'PASS' : 'MISS'}  ${item.name}: p50 ${result.p50} ms, p95 ${result.p95} ms (target <= ${TARGET_MS})`,
    );
    results.push(result);
  }
  server.child.kill('SIGTERM');
  writeReport(env.BENCH_OUT ?? path.join(root, 'bench/results/cases.json'), {
    benchmark: 'cases',
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, loadavg: loadavg().map((n) => round(n)) },
    database: 'postgres',
    branches: BRANCHES,
    people: PEOPLE,
    cases: CASES,
    seedSeconds: seeded.seconds,
    targetMs: TARGET_MS,
    results,
  });
  return results.every((r) => r.underTarget) ? 0 : 1;
}

runBenchmark(main);
