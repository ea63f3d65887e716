/**
 * `npm run bench:admin`: p50/p95 of every admin list (first page, a deep page, the last page, a
 * search, each sort) and of the overview, as timed sequential HTTP calls against a started server.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/starloop_bench npm run db:seed -- --scale
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/starloop_bench npm run bench:admin
 *
 * With DATABASE_URL the script starts its own server process (jobs and logs off) on a free port;
 * with BENCH_URL it measures that running server instead. It signs in as the scale seed's admin
 * (BENCH_EMAIL / BENCH_PASSWORD to use another) and writes bench/results/admin.json.
 * Environment: BENCH_ITERATIONS (default 60), BENCH_WARMUP (default 5), BENCH_TARGET_MS (default 50).
 */
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_TOKEN_SECRET, env, root, runBenchmark } from './lib/harness.ts';
import { quantile, round, writeReport } from './lib/report.ts';
import { startServer } from './lib/server.ts';

const ITERATIONS = Number(env.BENCH_ITERATIONS ?? 60);
const WARMUP = Number(env.BENCH_WARMUP ?? 5);
const TARGET_MS = Number(env.BENCH_TARGET_MS ?? 50);
const EMAIL = env.BENCH_EMAIL ?? 'scale-admin@starloop.local';
const PASSWORD = env.BENCH_PASSWORD ?? 'scale1234';

interface TCase {
  group: string;
  name: string;
  url: string;
}

interface TResult extends TCase {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  /** Rows on the measured page, and the list's meta.total, as a sanity check. */
  rows: number | undefined;
  total: number | undefined;
  underTarget: boolean;
}

/** The TypeScript source through tsx on DATABASE_URL, as production runs it; its output goes to ours. */
async function startBenchServer() {
  if (!env.DATABASE_URL) {
    throw new Error('Set DATABASE_URL (a database filled by `npm run db:seed -- --scale`) or BENCH_URL.');
  }
  return startServer({
    entry: 'source',
    inheritEnv: true,
    env: {
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-bench-')),
      TOKEN_SECRET: BENCH_TOKEN_SECRET,
    },
  });
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!res.ok || !body.token) throw new Error(`Admin sign-in failed (${res.status}): ${body.message ?? ''}`);
  return body.token;
}

async function getJson(base: string, url: string, token: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function measure(base: string, token: string, item: TCase): Promise<TResult> {
  let last: Record<string, unknown> = {};
  for (let i = 0; i < WARMUP; i++) last = await getJson(base, item.url, token);
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    last = await getJson(base, item.url, token);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const list = ['users', 'reviews', 'payments', 'activities', 'admins']
    .map((k) => last[k])
    .find(Array.isArray) as unknown[] | undefined;
  const data = (last.result as { data?: Record<string, unknown> } | undefined)?.data;
  const meta = (last.meta ?? data?.meta) as { total?: number } | undefined;
  const p95 = quantile(times, 0.95)!;
  return {
    ...item,
    p50: round(quantile(times, 0.5)!),
    p95: round(p95),
    p99: round(quantile(times, 0.99)!),
    mean: round(times.reduce((s, t) => s + t, 0) / times.length),
    max: round(times.at(-1)!),
    rows: list?.length,
    total: meta?.total,
    underTarget: p95 <= TARGET_MS,
  };
}

const USERS = '/api/admin/users/';
const REVIEWS = '/api/admin/reviews/';
const PAYMENTS = '/api/admin/payments';
const MANUAL_PAYMENTS = '/api/admin/manual-payments';
const ACTIVITY = '/api/admin/activity/';

/** The query of a page of 10 rows, in the list's default order or `sort`'s. */
const page = (n: number, sort = '') => `?page=${n}&limit=10${sort}`;
const by = (field: string, order: 'asc' | 'desc') => `&sortBy=${field}&sortOrder=${order}`;

/** One group's cases, each a name and the query on the list's path. */
const group = (name: string, list: string, queries: Array<[string, string]>): TCase[] =>
  queries.map(([caseName, query]) => ({ group: name, name: caseName, url: `${list}${query}` }));

/** The cases, with deep and last pages worked out from the data set's own totals. */
async function cases(base: string, token: string): Promise<TCase[]> {
  const totals = async (list: string) =>
    ((await getJson(base, `${list}?limit=10`, token)).meta as { total: number }).total;
  const lastPage = (total: number) => Math.max(1, Math.ceil(total / 10));
  /** The first page, a deep one and the last one of a list. */
  const pages = (deep: number, total: number, prefix = ''): Array<[string, string]> => [
    [`${prefix}first page`, page(1)],
    [`${prefix}deep page (${deep})`, page(deep)],
    [`${prefix}last page`, page(lastPage(total))],
  ];
  const users = await totals(USERS);
  const reviews = await totals(REVIEWS);
  const payments = await totals(PAYMENTS);
  const manual = await totals(MANUAL_PAYMENTS);
  const activity = await totals(ACTIVITY);
  const trpc = (pathName: string, input?: unknown) =>
    `/trpc/${pathName}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const sorts = ['id', 'amount', 'paymentMethod', 'createdAt'].flatMap((sortBy) =>
    ['asc', 'desc'].map((order): [string, string] => [
      `sort ${sortBy} ${order}`,
      `?sortBy=${sortBy}&sortOrder=${order}`,
    ]),
  );
  const list: TCase[] = [
    ...group('overview', '', [
      ['REST stats', '/api/admin/stats/'],
      ['tRPC stats + 12-month charts', trpc('admin.overview.stats')],
    ]),
    ...group('overview', ACTIVITY, pages(1000, activity, 'activity ')),
    ...group('users', USERS, [
      ['first page', page(1)],
      ['deep page (1000)', page(1000)],
      ['middle page', page(Math.ceil(lastPage(users) / 2))],
      ['last page', page(lastPage(users))],
      ['search business "sharma sweets"', '?search=sharma%20sweets'],
      ['search broad "sharma"', '?search=sharma'],
      ['search phone "5000012345"', '?search=5000012345'],
      ['status=pending page 50', '?status=pending&page=50'],
      ['status=deleted', '?status=deleted'],
    ]),
    ...group('reviews', REVIEWS, [
      ['first page (createdAt desc)', page(1)],
      ['createdAt asc', page(1, by('createdAt', 'asc'))],
      ['rating desc', page(1, by('rating', 'desc'))],
      ['rating asc', page(1, by('rating', 'asc'))],
      ['deep page (1000)', page(1000)],
      ['deep page (1000) rating asc', page(1000, by('rating', 'asc'))],
      ['last page', page(lastPage(reviews))],
      ['search business "sharma sweets pune"', '?search=sharma%20sweets%20pune'],
      ['search message "rude"', '?search=rude'],
      ['search "rude" rating asc', `?search=rude${by('rating', 'asc')}`],
    ]),
    ...group('payments', PAYMENTS, [
      ...pages(1000, payments),
      ['search order id', '?search=order_Sc000000123456'],
      ['search business "mehta bakery"', '?search=mehta%20bakery'],
      ['search broad "sharma"', '?search=sharma'],
    ]),
    ...group('manual-payments', MANUAL_PAYMENTS, [
      ...pages(500, manual),
      ['search "festival"', '?search=festival'],
      ['search owner "sharma sweets"', '?search=sharma%20sweets'],
      ...sorts,
    ]),
    ...group('admins', '', [['list', '/api/admin/admins']]),
  ];
  if (users + reviews + payments + manual === 0) console.error('Warning: the database looks empty.');
  return list;
}

async function main(): Promise<number> {
  const given = env.BENCH_URL?.replace(/\/+$/, '');
  const base = given ?? (await startBenchServer()).url;
  const token = await signIn(base);
  const list = await cases(base, token);
  const results: TResult[] = [];
  for (const item of list) {
    const result = await measure(base, token, item);
    results.push(result);
    const flag = result.underTarget ? '  ' : ' !';
    process.stderr.write(
      `${flag} ${`${item.group} / ${item.name}`.padEnd(58)} p50 ${String(result.p50).padStart(7)} ms  p95 ${String(result.p95).padStart(7)} ms  total ${result.total ?? '-'}\n`,
    );
  }
  const stats = (await getJson(base, '/api/admin/stats/', token)).stats as Record<string, unknown>;
  const report = {
    generatedAt: new Date().toISOString(),
    target: { p95Ms: TARGET_MS },
    method: `timed sequential HTTP GETs (${WARMUP} warm-up + ${ITERATIONS} measured per case), keep-alive`,
    server: given ?? 'started by the benchmark (tsx apps/server/src/main.ts, NODE_ENV=production)',
    database: env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : 'server default',
    machine: { cpus: cpus().length, loadAverage1m: round(loadavg()[0]!) },
    dataset: {
      totalUsers: stats.totalUsers,
      totalReviews: stats.totalReviews,
      users: stats.users,
    },
    allUnderTarget: results.every((r) => r.underTarget),
    worstP95: results.reduce((worst, r) => (r.p95 > worst.p95 ? r : worst), results[0]!),
    results,
  };
  const over = results.filter((r) => !r.underTarget);
  console.log(
    `${results.length} cases, ${over.length} over the ${TARGET_MS} ms p95 target. Worst p95: ${report.worstP95.group} / ${report.worstP95.name} ${report.worstP95.p95} ms.`,
  );
  writeReport(path.join(root, 'bench/results/admin.json'), report);
  return 0;
}

runBenchmark(main);
