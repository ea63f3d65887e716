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
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Read once: every setting of the benchmark is an environment variable. */
const env: Record<string, string | undefined> = { ...process.env };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  if (!env.DATABASE_URL) {
    throw new Error('Set DATABASE_URL (a database filled by `npm run db:seed -- --scale`) or BENCH_URL.');
  }
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-bench-')),
      TOKEN_SECRET: env.TOKEN_SECRET ?? `bench-${'x'.repeat(40)}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not become ready within 60 s.');
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

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

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
  const p95 = quantile(times, 0.95);
  return {
    ...item,
    p50: round(quantile(times, 0.5)),
    p95: round(p95),
    p99: round(quantile(times, 0.99)),
    mean: round(times.reduce((s, t) => s + t, 0) / times.length),
    max: round(times.at(-1)!),
    rows: list?.length,
    total: meta?.total,
    underTarget: p95 <= TARGET_MS,
  };
}

/** The cases, with deep and last pages worked out from the data set's own totals. */
async function cases(base: string, token: string): Promise<TCase[]> {
  const totals = async (url: string) => ((await getJson(base, url, token)).meta as { total: number }).total;
  const lastPage = (total: number) => Math.max(1, Math.ceil(total / 10));
  const users = await totals('/api/admin/users/?limit=10');
  const reviews = await totals('/api/admin/reviews/?limit=10');
  const payments = await totals('/api/admin/payments?limit=10');
  const manual = await totals('/api/admin/manual-payments?limit=10');
  const activity = await totals('/api/admin/activity/?limit=10');
  const trpc = (pathName: string, input?: unknown) =>
    `/trpc/${pathName}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const list: TCase[] = [
    { group: 'overview', name: 'REST stats', url: '/api/admin/stats/' },
    { group: 'overview', name: 'tRPC stats + 12-month charts', url: trpc('admin.overview.stats') },
    { group: 'overview', name: 'activity first page', url: '/api/admin/activity/?page=1&limit=10' },
    { group: 'overview', name: 'activity deep page (1000)', url: '/api/admin/activity/?page=1000&limit=10' },
    {
      group: 'overview',
      name: 'activity last page',
      url: `/api/admin/activity/?page=${lastPage(activity)}&limit=10`,
    },

    { group: 'users', name: 'first page', url: '/api/admin/users/?page=1&limit=10' },
    { group: 'users', name: 'deep page (1000)', url: '/api/admin/users/?page=1000&limit=10' },
    {
      group: 'users',
      name: 'middle page',
      url: `/api/admin/users/?page=${Math.ceil(lastPage(users) / 2)}&limit=10`,
    },
    { group: 'users', name: 'last page', url: `/api/admin/users/?page=${lastPage(users)}&limit=10` },
    {
      group: 'users',
      name: 'search business "sharma sweets"',
      url: '/api/admin/users/?search=sharma%20sweets',
    },
    { group: 'users', name: 'search broad "sharma"', url: '/api/admin/users/?search=sharma' },
    { group: 'users', name: 'search phone "5000012345"', url: '/api/admin/users/?search=5000012345' },
    { group: 'users', name: 'status=pending page 50', url: '/api/admin/users/?status=pending&page=50' },
    { group: 'users', name: 'status=deleted', url: '/api/admin/users/?status=deleted' },

    { group: 'reviews', name: 'first page (createdAt desc)', url: '/api/admin/reviews/?page=1&limit=10' },
    {
      group: 'reviews',
      name: 'createdAt asc',
      url: '/api/admin/reviews/?page=1&limit=10&sortBy=createdAt&sortOrder=asc',
    },
    {
      group: 'reviews',
      name: 'rating desc',
      url: '/api/admin/reviews/?page=1&limit=10&sortBy=rating&sortOrder=desc',
    },
    {
      group: 'reviews',
      name: 'rating asc',
      url: '/api/admin/reviews/?page=1&limit=10&sortBy=rating&sortOrder=asc',
    },
    { group: 'reviews', name: 'deep page (1000)', url: '/api/admin/reviews/?page=1000&limit=10' },
    {
      group: 'reviews',
      name: 'deep page (1000) rating asc',
      url: '/api/admin/reviews/?page=1000&limit=10&sortBy=rating&sortOrder=asc',
    },
    { group: 'reviews', name: 'last page', url: `/api/admin/reviews/?page=${lastPage(reviews)}&limit=10` },
    {
      group: 'reviews',
      name: 'search business "sharma sweets pune"',
      url: '/api/admin/reviews/?search=sharma%20sweets%20pune',
    },
    { group: 'reviews', name: 'search message "rude"', url: '/api/admin/reviews/?search=rude' },
    {
      group: 'reviews',
      name: 'search "rude" rating asc',
      url: '/api/admin/reviews/?search=rude&sortBy=rating&sortOrder=asc',
    },

    { group: 'payments', name: 'first page', url: '/api/admin/payments?page=1&limit=10' },
    { group: 'payments', name: 'deep page (1000)', url: '/api/admin/payments?page=1000&limit=10' },
    { group: 'payments', name: 'last page', url: `/api/admin/payments?page=${lastPage(payments)}&limit=10` },
    { group: 'payments', name: 'search order id', url: '/api/admin/payments?search=order_Sc000000123456' },
    {
      group: 'payments',
      name: 'search business "mehta bakery"',
      url: '/api/admin/payments?search=mehta%20bakery',
    },
    { group: 'payments', name: 'search broad "sharma"', url: '/api/admin/payments?search=sharma' },

    { group: 'manual-payments', name: 'first page', url: '/api/admin/manual-payments?page=1&limit=10' },
    {
      group: 'manual-payments',
      name: 'deep page (500)',
      url: '/api/admin/manual-payments?page=500&limit=10',
    },
    {
      group: 'manual-payments',
      name: 'last page',
      url: `/api/admin/manual-payments?page=${lastPage(manual)}&limit=10`,
    },
    {
      group: 'manual-payments',
      name: 'search "festival"',
      url: '/api/admin/manual-payments?search=festival',
    },
    {
      group: 'manual-payments',
      name: 'search owner "sharma sweets"',
      url: '/api/admin/manual-payments?search=sharma%20sweets',
    },
  ];
  for (const sortBy of ['id', 'amount', 'paymentMethod', 'createdAt']) {
    for (const sortOrder of ['asc', 'desc']) {
      list.push({
        group: 'manual-payments',
        name: `sort ${sortBy} ${sortOrder}`,
        url: `/api/admin/manual-payments?sortBy=${sortBy}&sortOrder=${sortOrder}`,
      });
    }
  }
  list.push({ group: 'admins', name: 'list', url: '/api/admin/admins' });
  if (users + reviews + payments + manual === 0) console.error('Warning: the database looks empty.');
  return list;
}

async function main() {
  let child: ChildProcess | undefined;
  let base = env.BENCH_URL?.replace(/\/+$/, '');
  if (!base) {
    const started = await startServer();
    base = started.url;
    child = started.child;
  }
  try {
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
      server: child ? 'started by the benchmark (tsx apps/server/src/main.ts, NODE_ENV=production)' : base,
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
    const dir = path.join(root, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'admin.json'), `${JSON.stringify(report, null, 2)}\n`);
    const over = results.filter((r) => !r.underTarget);
    console.log(
      `${results.length} cases, ${over.length} over the ${TARGET_MS} ms p95 target. Worst p95: ${report.worstP95.group} / ${report.worstP95.name} ${report.worstP95.p95} ms. Written to bench/results/admin.json`,
    );
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
