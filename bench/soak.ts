/**
 * `npm run bench:soak`: a realistic mix against one built server on PostgreSQL, first closed-loop to
 * find the mix's maximum sustainable rate, then open-loop at half of it for SOAK_MINUTES, watching
 * errors, latency per route, the server's memory and event-loop delay minute by minute.
 *
 *   npm run bench:soak                       # builds the server; 10-minute soak
 *   SOAK_MINUTES=2 npm run bench:soak        # a short validation run
 *
 * The mix (per request of the schedule): 50% review page views (GET /api/users/review-link/{code}),
 * 25% review submits (POST /api/reviews/, 1-5 stars skewed to 5 as real pages are, a message for
 * every 1-3 star review and some 4-5 star ones, a unique deviceId, an email or a phone on some),
 * 12% owner dashboard reads (GET /api/users/stats and tRPC GET /trpc/owner.dashboard.stats, half
 * each, with SOAK_OWNER_SESSIONS signed-in owners), 12% admin list reads (GET /api/admin/users,
 * /reviews (a fifth sorted by rating), /payments, a third each; mostly the first pages, some deep
 * ones, limit 10/25/50). On
 * its own clock, every SOAK_PAYMENT_EVERY seconds, a registration is paid: POST
 * /api/payments/initiate, then POST /api/payments/verify with the checkout signature, against a
 * fake Razorpay on loopback (apps/server/src/test/fake-razorpay.ts). Mail goes to an SMTP sink on
 * loopback (replies to customers, low-rating alerts to owners), so the job workers run as in
 * production.
 *
 * 1. Ramp (closed loop): for each concurrency of SOAK_RAMP_CONCURRENCY (default 8,32,96), that
 *    many workers send the mix back to back for SOAK_RAMP_STEP_SECONDS (8; the first 2 discarded).
 *    The maximum sustainable rate is the best step's completions per second among steps without
 *    errors (SOAK_RATE skips the ramp and uses the given rate instead).
 * 2. Soak (open loop) at SOAK_RATE_FRACTION (0.5) of it: requests are scheduled by the clock, not by
 *    completions; a slot finding SOAK_MAX_IN_FLIGHT requests outstanding is dropped, one sent more
 *    than SOAK_LATE_MS after its time is late (both counted per minute). Latencies are measured from
 *    the scheduled time (a late slot's wait counts) and, separately, from the send ("service").
 *    Every SOAK_SAMPLE_SECONDS: the server's VmRSS (/proc/<pid>/status) and GET /metrics
 *    (process_resident_memory_bytes, heap, nodejs_eventloop_lag_p99_seconds, which prom-client
 *    resets at each scrape so each sample covers its interval, review writer queue, pool waits) and
 *    the jobs waiting in pgboss.job.
 * 3. The count check: every acknowledged (201) review is stored, nothing is stored twice or without
 *    a request, requests unanswered at a timeout may or may not be stored.
 *
 * A fresh database starloop_bench_soak_<timestamp> is created on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), seeded (SOAK_BUSINESSES owners, half Professional,
 * SOAK_SEED_REVIEWS old reviews, one admin) and dropped at the end, also on failure. The server:
 * node dist/main.js, NODE_ENV=test, RATE_LIMITS=off (all load comes from one address), LOG_LEVEL
 * SOAK_LOG_LEVEL (info) to a log file in a temporary folder (kept when something fails).
 * Writes bench/results/soak.json (BENCH_OUT for another path). Exit code 1 only when the count
 * check fails or the server dies; errors and memory growth are reported, not fatal.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { isLowRating } from '@starloop/contract';
import { insertAdmin, insertReviews, type TReviewInsert } from '@starloop/db';
import type pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords.ts';
import { signCheckout, startFakeRazorpay } from '../apps/server/src/test/fake-razorpay.ts';
import {
  countBy,
  createBenchDatabase,
  openSamplePool,
  seedOwners,
  type TBenchOwner,
  withBenchDb,
} from './lib/database.ts';
import { DAY_MS, env, inWorkDir, onCleanup, positive, root, runBenchmark, sleep } from './lib/harness.ts';
import { bodyJson, createHttpClient, type THttpClient, type THttpResult } from './lib/http.ts';
import { compareStored, newLedger, type TLedger } from './lib/ledger.ts';
import { startMailSink } from './lib/mail-sink.ts';
import { metricFamily, scrapeMetrics } from './lib/metrics.ts';
import {
  leastSquares,
  machineInfo,
  printTargets,
  round,
  roundOptional,
  summary,
  writeReport,
} from './lib/report.ts';
import { isRunning, logProblems, startLoadServer, stopServer, vmRssMb } from './lib/server.ts';

const MINUTES = positive('SOAK_MINUTES', 10);
const FIXED_RATE = env.SOAK_RATE ? positive('SOAK_RATE', 1) : undefined;
const RATE_FRACTION = positive('SOAK_RATE_FRACTION', 0.5);
const RAMP_CONCURRENCY = (env.SOAK_RAMP_CONCURRENCY ?? '8,32,96').split(',').map((v) => {
  const n = Number(v.trim());
  if (!Number.isInteger(n) || n <= 0)
    throw new Error('SOAK_RAMP_CONCURRENCY: positive whole numbers, comma-separated');
  return n;
});
const RAMP_STEP_S = positive('SOAK_RAMP_STEP_SECONDS', 8);
const RAMP_DISCARD_S = Math.min(2, RAMP_STEP_S / 4);
const MAX_IN_FLIGHT = positive('SOAK_MAX_IN_FLIGHT', 256);
const LATE_MS = positive('SOAK_LATE_MS', 50);
const TIMEOUT_MS = positive('SOAK_TIMEOUT_MS', 10_000);
const PAYMENT_EVERY_S = positive('SOAK_PAYMENT_EVERY', 5);
const SAMPLE_S = positive('SOAK_SAMPLE_SECONDS', 5);
const BUSINESSES = positive('SOAK_BUSINESSES', 1000);
const SEED_REVIEWS = Number(env.SOAK_SEED_REVIEWS ?? 20_000);
const OWNER_SESSIONS = Math.min(positive('SOAK_OWNER_SESSIONS', 100), BUSINESSES);
const RSS_SLOPE_MAX = positive('SOAK_RSS_SLOPE_MAX', 1);
const LOG_LEVEL = env.SOAK_LOG_LEVEL ?? 'info';
const OUT = path.resolve(root, env.BENCH_OUT ?? 'bench/results/soak.json');

const OWNER_PASSWORD = 'Soak-owner-pass-7x!';
const ADMIN_EMAIL = 'soak-admin@bench.starloop.local';
const ADMIN_PASSWORD = 'Soak-admin-pass-9q!';
const RAZORPAY = {
  keyId: 'rzp_test_soak',
  keySecret: 'rzp-soak-key-secret',
  webhookSecret: 'rzp-soak-webhook',
};

const CODES = Array.from({ length: BUSINESSES }, (_, i) => `soak-biz-${String(i + 1).padStart(5, '0')}`);
const NEGATIVE = [
  'Waited 40 minutes for our order and the food came cold.',
  'Staff was rude when we asked for the bill.',
  'Table was not clean and the washroom had no water.',
  'Average taste, too costly for the quantity.',
  'Billing counter was slow, only one person working.',
  'AC was not working, very hot inside.',
  'Order was wrong twice. Please train the staff.',
  'Khana thik tha par service bahut slow thi.',
];
const POSITIVE = [
  'Lovely food and very polite staff.',
  'Quick service, will come again!',
  'Best filter coffee in the area.',
  'Doctor explained everything patiently. Thank you.',
  'Bahut accha experience tha, thank you!',
];
/** Star ratings as review pages get them: mostly 5s. */
const RATING_WEIGHTS: Array<[number, number]> = [
  [1, 0.08],
  [2, 0.06],
  [3, 0.11],
  [4, 0.25],
  [5, 0.5],
];

type TRoute =
  | 'review-link'
  | 'review-submit'
  | 'owner-stats-rest'
  | 'owner-stats-trpc'
  | 'admin-users'
  | 'admin-reviews'
  | 'admin-payments'
  | 'payment-initiate'
  | 'payment-verify';

/** The schedule's mix (payments run on their own clock). */
const MIX: Array<[TRoute, number]> = [
  ['review-link', 0.5],
  ['review-submit', 0.25],
  ['owner-stats-rest', 0.06],
  ['owner-stats-trpc', 0.06],
  ['admin-users', 0.04],
  ['admin-reviews', 0.04],
  ['admin-payments', 0.04],
];
const MIX_TOTAL = MIX.reduce((s, [, w]) => s + w, 0);

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
function weighted<T>(items: Array<[T, number]>, total = items.reduce((s, [, w]) => s + w, 0)): T {
  let r = Math.random() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items.at(-1)![0];
}

// ---------------------------------------------------------------------------------------------
// Seed.

async function seed(url: string) {
  const passwordHash = await hashPassword(OWNER_PASSWORD);
  const owners = CODES.map(
    (code, i): TBenchOwner => ({
      name: `Soak Owner ${i + 1}`,
      email: `${code}@soak.starloop.local`,
      businessName: `Soak Business ${i + 1}`,
      contactNumber: `96${String(i + 1).padStart(8, '0')}`,
      code,
      city: 'Pune',
      plan: i % 2 === 0 ? 'professional' : 'essential',
      passwordHash,
    }),
  );
  const now = new Date();
  await seedOwners(url, owners, async ({ db }, ids) => {
    await insertAdmin(db, {
      name: 'Soak Admin',
      email: ADMIN_EMAIL,
      passwordHash: await hashPassword(ADMIN_PASSWORD),
      role: 'admin',
    });
    // Old reviews (15-90 days back: past the alert look-back and the reminder age) fill the lists.
    for (let done = 0; done < SEED_REVIEWS; done += 2000) {
      const batch: TReviewInsert[] = [];
      for (let i = done; i < Math.min(SEED_REVIEWS, done + 2000); i++) {
        const rating = weighted(RATING_WEIGHTS);
        batch.push({
          ownerId: ids[i % ids.length]!,
          rating,
          message: isLowRating(rating) ? pick(NEGATIVE) : i % 3 === 0 ? pick(POSITIVE) : '',
          customerContact: null,
          deviceId: `seed-${i}`,
          sentimentLabel: null,
          sentimentScore: null,
          replyStatus: 'none',
          createdAt: new Date(now.getTime() - (15 + Math.random() * 75) * DAY_MS),
        });
      }
      await insertReviews(db, batch);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Requests.

interface TOutcome {
  route: TRoute;
  status: number;
  ok: boolean;
  error?: string;
  /** ms from the send to the answer. */
  serviceMs: number;
}

interface TWorld {
  http: THttpClient;
  ownerTokens: string[];
  adminToken: string;
  ledger: TLedger;
  /** What the lists hold, for choosing pages. */
  counts: { users: number; reviews: number; payments: number };
  payments: { initiated: number; verified: number; failed: number; seq: number };
}

const EXPECTED: Record<TRoute, number> = {
  'review-link': 200,
  'review-submit': 201,
  'owner-stats-rest': 200,
  'owner-stats-trpc': 200,
  'admin-users': 200,
  'admin-reviews': 200,
  'admin-payments': 200,
  'payment-initiate': 200,
  'payment-verify': 200,
};

const BROWSER = { 'accept-encoding': 'br, gzip', 'user-agent': 'starloop-soak/1' };
let reviewSeq = 0;

/** A signed-in page's read, as a browser asks (compressed answers welcome). */
const getAs = (http: THttpClient, token: string, url: string) =>
  http.request('GET', url, { headers: { ...BROWSER, authorization: `Bearer ${token}` } });
/** A form's submit, as the page's fetch sends it. */
const postJson = (http: THttpClient, url: string, json: unknown) =>
  http.request('POST', url, { headers: { 'user-agent': BROWSER['user-agent'] }, json });

function listPage(total: number): string {
  const limit = weighted<number>([
    [10, 0.8],
    [25, 0.1],
    [50, 0.1],
  ]);
  const last = Math.max(1, Math.ceil(total / limit));
  const page =
    Math.random() < 0.7
      ? 1 + Math.floor(Math.random() * Math.min(5, last))
      : 1 + Math.floor(Math.random() * last);
  return `page=${page}&limit=${limit}`;
}

async function timed(
  route: TRoute,
  run: () => Promise<THttpResult>,
  check?: (res: THttpResult) => boolean,
): Promise<TOutcome> {
  const started = performance.now();
  const res = await run();
  const serviceMs = performance.now() - started;
  const ok = res.status === EXPECTED[route] && (check ? check(res) : true);
  return {
    route,
    status: res.status,
    ok,
    serviceMs,
    ...(res.status === 0
      ? { error: res.error ?? 'network' }
      : ok
        ? {}
        : { error: `${res.status}: ${res.body.toString('utf8').slice(0, 200)}` }),
  };
}

function runOperation(world: TWorld, route: TRoute): Promise<TOutcome> {
  const { http } = world;
  switch (route) {
    case 'review-link':
      return timed(route, () =>
        http.request('GET', `/api/users/review-link/${pick(CODES)}`, { headers: BROWSER }),
      );
    case 'review-submit': {
      const rating = weighted(RATING_WEIGHTS);
      const deviceId = randomUUID();
      const seq = ++reviewSeq;
      const contactKind = Math.random();
      const customerContact =
        contactKind < 0.4
          ? `customer-${seq}-${deviceId.slice(0, 8)}@soak.starloop.local`
          : contactKind < 0.6
            ? `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
            : undefined;
      const message = isLowRating(rating) ? pick(NEGATIVE) : Math.random() < 0.4 ? pick(POSITIVE) : '';
      world.ledger.outstanding.add(deviceId);
      return timed(route, () =>
        postJson(http, '/api/reviews/', { code: pick(CODES), rating, message, customerContact, deviceId }),
      ).then((outcome) => {
        if (outcome.status !== 0) {
          world.ledger.outstanding.delete(deviceId);
          if (outcome.status === 201) {
            world.ledger.acknowledged.add(deviceId);
            world.counts.reviews += 1;
          } else world.ledger.rejected.add(deviceId);
        }
        return outcome;
      });
    }
    case 'owner-stats-rest':
      return timed(route, () => getAs(http, pick(world.ownerTokens), '/api/users/stats'));
    case 'owner-stats-trpc':
      return timed(route, () => getAs(http, pick(world.ownerTokens), '/trpc/owner.dashboard.stats'));
    case 'admin-users':
      return timed(route, () =>
        getAs(http, world.adminToken, `/api/admin/users?${listPage(world.counts.users)}`),
      );
    case 'admin-reviews': {
      const sort = Math.random() < 0.2 ? '&sortBy=rating&sortOrder=asc' : '';
      return timed(route, () =>
        getAs(http, world.adminToken, `/api/admin/reviews?${listPage(world.counts.reviews)}${sort}`),
      );
    }
    case 'admin-payments':
      return timed(route, () =>
        getAs(http, world.adminToken, `/api/admin/payments?${listPage(world.counts.payments)}`),
      );
    default:
      throw new Error(`not a mix route: ${route}`);
  }
}

/** One paid registration: initiate, then verify with Razorpay Checkout's signature. */
async function runPayment(world: TWorld): Promise<TOutcome[]> {
  const seq = ++world.payments.seq;
  const tag = randomBytes(3).toString('hex');
  const code = `soak-pay-${tag}-${seq}`;
  const professional = seq % 2 === 0;
  let orderId: string | undefined;
  const initiate = await timed(
    'payment-initiate',
    () =>
      postJson(world.http, '/api/payments/initiate', {
        userData: {
          name: `Soak Payer ${seq}`,
          email: `payer-${seq}-${tag}@soak.starloop.local`,
          phone: `8${String(seq).padStart(9, '0')}`,
          businessName: `Soak Shop ${seq}`,
          code,
          businessUrl: `https://g.page/r/${code}/review`,
          salesGuy: 'Direct',
          state: 'Maharashtra',
          city: 'Pune',
          password: `Soak-${randomBytes(6).toString('hex')}-pay`,
        },
        plan: professional ? 'Professional' : 'Essential',
        amount: professional ? 299900 : 199900,
      }),
    (res) => {
      orderId = bodyJson<{ orderId?: string }>(res)?.orderId;
      return Boolean(orderId);
    },
  );
  if (!initiate.ok || !orderId) {
    world.payments.failed += 1;
    return [initiate];
  }
  world.payments.initiated += 1;
  world.counts.payments += 1;
  world.counts.users += 1;
  const paymentId = `pay_${randomBytes(7).toString('hex')}`;
  const verify = await timed(
    'payment-verify',
    () =>
      postJson(world.http, '/api/payments/verify', {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signCheckout(RAZORPAY.keySecret, orderId!, paymentId),
      }),
    (res) => Boolean(bodyJson<{ success?: boolean; token?: string }>(res)?.token),
  );
  if (verify.ok) world.payments.verified += 1;
  else world.payments.failed += 1;
  return [initiate, verify];
}

// ---------------------------------------------------------------------------------------------
// Recording.

interface TRouteStats {
  latency: number[];
  service: number[];
  count: number;
  ok: number;
}

interface TErrorCounts {
  total: number;
  status5xx: number;
  network: number;
  timeout: number;
  unexpectedStatus: number;
}

interface TBucket {
  routes: Map<TRoute, TRouteStats>;
  scheduled: number;
  sent: number;
  completed: number;
  late: number;
  dropped: number;
  scheduleLagMs: number[];
  errors: TErrorCounts;
}

const newErrors = (): TErrorCounts => ({
  total: 0,
  status5xx: 0,
  network: 0,
  timeout: 0,
  unexpectedStatus: 0,
});
const newBucket = (): TBucket => ({
  routes: new Map(),
  scheduled: 0,
  sent: 0,
  completed: 0,
  late: 0,
  dropped: 0,
  scheduleLagMs: [],
  errors: newErrors(),
});

const errorSamples: Array<{ phase: string; route: TRoute; status: number; error: string; at: string }> = [];

function record(bucket: TBucket, phase: string, outcome: TOutcome, latencyMs: number) {
  let stats = bucket.routes.get(outcome.route);
  if (!stats) {
    stats = { latency: [], service: [], count: 0, ok: 0 };
    bucket.routes.set(outcome.route, stats);
  }
  stats.count += 1;
  bucket.completed += 1;
  if (outcome.ok) {
    stats.ok += 1;
    stats.latency.push(latencyMs);
    stats.service.push(outcome.serviceMs);
    return;
  }
  bucket.errors.total += 1;
  if (outcome.status >= 500) bucket.errors.status5xx += 1;
  else if (outcome.status === 0 && outcome.error === 'timeout') bucket.errors.timeout += 1;
  else if (outcome.status === 0) bucket.errors.network += 1;
  else bucket.errors.unexpectedStatus += 1;
  if (errorSamples.length < 30) {
    errorSamples.push({
      phase,
      route: outcome.route,
      status: outcome.status,
      error: outcome.error ?? '',
      at: new Date().toISOString(),
    });
  }
}

function routeSummary(routes: Map<TRoute, TRouteStats>) {
  const out: Record<string, unknown> = {};
  for (const [route, s] of [...routes.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const latency = summary(s.latency, 1);
    const service = summary(s.service, 1);
    out[route] = {
      count: s.count,
      errors: s.count - s.ok,
      p50: latency.p50,
      p95: latency.p95,
      p99: latency.p99,
      max: latency.max,
      serviceP50: service.p50,
      serviceP99: service.p99,
    };
  }
  return out;
}

function mergeRoutes(buckets: TBucket[]): Map<TRoute, TRouteStats> {
  const merged = new Map<TRoute, TRouteStats>();
  for (const b of buckets) {
    for (const [route, s] of b.routes) {
      const m = merged.get(route) ?? { latency: [], service: [], count: 0, ok: 0 };
      for (const v of s.latency) m.latency.push(v);
      for (const v of s.service) m.service.push(v);
      m.count += s.count;
      m.ok += s.ok;
      merged.set(route, m);
    }
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------
// Samples of the server.

interface TSample {
  t: number;
  phase: string;
  rssMb: number | undefined;
  metricRssMb: number | undefined;
  heapUsedMb: number | undefined;
  heapTotalMb: number | undefined;
  externalMb: number | undefined;
  eventLoopP99Ms: number | undefined;
  eventLoopMeanMs: number | undefined;
  writerQueue: number | undefined;
  dbPoolWaiting: number | undefined;
  dbPoolTotal: number | undefined;
  /** Jobs due and not started (pgboss.job), by queue. */
  jobsReady: Record<string, number> | undefined;
  /** starloop_jobs_queued as /metrics reports it (pg-boss refreshes it once a minute). */
  jobsQueuedMetric: Record<string, number>;
  inFlight: number;
  clientSockets: number;
  mails: number;
}

const mb = (bytes: number | undefined) => (bytes === undefined ? undefined : round(bytes / 1024 / 1024, 1));
const ms = (seconds: number | undefined) => (seconds === undefined ? undefined : round(seconds * 1000, 2));

async function jobsReady(pool: pg.Pool): Promise<Record<string, number> | undefined> {
  try {
    const { rows } = await pool.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from pgboss.job
        where state in ('created', 'retry') and start_after <= now() group by name`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.n]));
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------

function main(): Promise<number> {
  const loadBefore = loadavg().map((v) => round(v));
  const cpuBefore = process.cpuUsage();
  return inWorkDir('soak', async (work) => {
    const database = await createBenchDatabase('soak');
    console.log(
      `Database ${database.name}; ${BUSINESSES} businesses, ${SEED_REVIEWS} old reviews; log level ${LOG_LEVEL}.`,
    );
    const seedStarted = performance.now();
    await seed(database.url);
    console.log(`Seeded in ${Math.round(performance.now() - seedStarted)} ms.`);

    const mailCounts = { replies: 0, alerts: 0, other: 0 };
    let mailsThisMinute = { replies: 0, alerts: 0, other: 0 };
    const sink = await startMailSink({
      keep: false,
      keepText: false,
      onMail: (m) => {
        const kind = /^A reply from /.test(m.subject)
          ? 'replies'
          : /new low-rating reviews for |^New [1-3]-star review for /.test(m.subject)
            ? 'alerts'
            : 'other';
        mailCounts[kind] += 1;
        mailsThisMinute[kind] += 1;
      },
    });
    const razorpay = await startFakeRazorpay();
    onCleanup(() => razorpay.close());
    const { url: base, child } = await startLoadServer({
      work,
      logLevel: LOG_LEVEL,
      databaseUrl: database.url,
      smtpUrl: sink.url,
      env: {
        RAZORPAY_KEY_ID: RAZORPAY.keyId,
        RAZORPAY_KEY_SECRET: RAZORPAY.keySecret,
        RAZORPAY_WEBHOOK_SECRET: RAZORPAY.webhookSecret,
        RAZORPAY_API_BASE: razorpay.url,
      },
    });
    let crashed: string | undefined;
    let stopping = false;
    child.once('exit', (code, signal) => {
      if (stopping) return;
      crashed = `the server exited (${code ?? signal})`;
      console.error(`\nThe server exited (${code ?? signal}) during the run.`);
    });

    const http = createHttpClient(base, { maxSockets: MAX_IN_FLIGHT, timeoutMs: TIMEOUT_MS });
    onCleanup(async () => http.close());

    // Sign in: owners (for the dashboard reads) and the admin.
    const ownerTokens: string[] = [];
    for (let i = 0; i < OWNER_SESSIONS; i++) {
      const index = Math.floor((i * BUSINESSES) / OWNER_SESSIONS);
      const res = await http.request('POST', '/api/users/login', {
        json: { contactNumber: `96${String(index + 1).padStart(8, '0')}`, password: OWNER_PASSWORD },
      });
      const token = bodyJson<{ token?: string }>(res)?.token;
      if (res.status !== 200 || !token)
        throw new Error(`owner sign-in answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
      ownerTokens.push(token);
    }
    const adminRes = await http.request('POST', '/api/admin/login', {
      json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const adminToken = bodyJson<{ token?: string }>(adminRes)?.token;
    if (adminRes.status !== 200 || !adminToken) {
      throw new Error(`admin sign-in answered ${adminRes.status}: ${adminRes.body.toString().slice(0, 200)}`);
    }
    const world: TWorld = {
      http,
      ownerTokens,
      adminToken,
      ledger: newLedger(),
      counts: { users: BUSINESSES, reviews: SEED_REVIEWS, payments: 0 },
      payments: { initiated: 0, verified: 0, failed: 0, seq: 0 },
    };
    // Every route once, so a wrong shape stops the run before it starts.
    for (const [route] of MIX) {
      const outcome = await runOperation(world, route);
      if (!outcome.ok) throw new Error(`probe ${route}: ${outcome.error}`);
    }
    for (const outcome of await runPayment(world)) {
      if (!outcome.ok) throw new Error(`probe ${outcome.route}: ${outcome.error}`);
    }

    // Sampler: RSS, /metrics, pgboss.job, every SAMPLE_S seconds; one DB size per minute.
    const samplePool = openSamplePool(database.url);
    const samples: TSample[] = [];
    let inFlight = 0;
    let phase = 'ramp';
    let phaseStart = performance.now();
    let sampling = true;
    const sampler = (async () => {
      while (sampling && !crashed) {
        const metrics = await scrapeMetrics(base);
        const g = (name: string) => metrics?.get(name);
        samples.push({
          t: round((performance.now() - phaseStart) / 1000, 1),
          phase,
          rssMb: roundOptional(vmRssMb(child.pid), 1),
          metricRssMb: mb(g('process_resident_memory_bytes')),
          heapUsedMb: mb(g('nodejs_heap_size_used_bytes')),
          heapTotalMb: mb(g('nodejs_heap_size_total_bytes')),
          externalMb: mb(g('nodejs_external_memory_bytes')),
          eventLoopP99Ms: ms(g('nodejs_eventloop_lag_p99_seconds')),
          eventLoopMeanMs: ms(g('nodejs_eventloop_lag_mean_seconds')),
          writerQueue: g('starloop_review_writer_queue_depth'),
          dbPoolWaiting: g('starloop_db_pool_waiting'),
          dbPoolTotal: g('starloop_db_pool_total'),
          jobsReady: await jobsReady(samplePool),
          jobsQueuedMetric: metrics ? metricFamily(metrics, 'starloop_jobs_queued') : {},
          inFlight,
          clientSockets: http.sockets(),
          mails: sink.received(),
        });
        await sleep(SAMPLE_S * 1000);
      }
    })();
    onCleanup(async () => {
      sampling = false;
    });

    // --- 1. Ramp: closed loop, a few concurrencies.
    let rampReport: unknown[] = [];
    let maxSustainable: number | undefined;
    let rate = FIXED_RATE;
    if (FIXED_RATE === undefined) {
      console.log(
        `Ramp (closed loop): concurrency ${RAMP_CONCURRENCY.join(', ')}, ${RAMP_STEP_S} s each ...`,
      );
      phaseStart = performance.now();
      for (const concurrency of RAMP_CONCURRENCY) {
        if (crashed) break;
        phase = `ramp-${concurrency}`;
        const bucket = newBucket();
        const stepStart = performance.now();
        const stepEnd = stepStart + RAMP_STEP_S * 1000;
        const measureFrom = stepStart + RAMP_DISCARD_S * 1000;
        const settle = (outcome: TOutcome, startedAt: number) => {
          if (startedAt >= measureFrom && performance.now() <= stepEnd)
            record(bucket, phase, outcome, outcome.serviceMs);
        };
        const worker = async () => {
          while (performance.now() < stepEnd && !crashed) {
            const route = weighted(MIX, MIX_TOTAL);
            const startedAt = performance.now();
            inFlight++;
            const outcome = await runOperation(world, route);
            inFlight--;
            settle(outcome, startedAt);
          }
        };
        const payments = (async () => {
          let next = stepStart;
          while (next < stepEnd && !crashed) {
            const startedAt = performance.now();
            inFlight++;
            for (const o of await runPayment(world)) settle(o, startedAt);
            inFlight--;
            next += PAYMENT_EVERY_S * 1000;
            await sleep(Math.max(0, next - performance.now()));
          }
        })();
        await Promise.all([...Array.from({ length: concurrency }, worker), payments]);
        const seconds = (stepEnd - measureFrom) / 1000;
        const throughput = bucket.completed / seconds;
        const entry = {
          concurrency,
          measuredSeconds: round(seconds),
          completed: bucket.completed,
          throughputRps: round(throughput, 1),
          errors: bucket.errors,
          routes: routeSummary(bucket.routes),
        };
        rampReport = [...rampReport, entry];
        console.log(
          `  ${String(concurrency).padStart(3)} workers: ${round(throughput, 1)} req/s, ${bucket.errors.total} errors, review-link p99 ${(entry.routes['review-link'] as { p99: number } | undefined)?.p99 ?? '-'} ms`,
        );
        if (bucket.errors.total === 0) maxSustainable = Math.max(maxSustainable ?? 0, throughput);
      }
      if (maxSustainable === undefined) {
        const best = Math.max(...rampReport.map((e) => (e as { throughputRps: number }).throughputRps));
        console.log(`  every step had errors; taking the best step (${best} req/s) anyway`);
        maxSustainable = best;
      }
      rate = maxSustainable * RATE_FRACTION;
    }
    const soakRate = rate!;

    // --- 2. Soak: open loop at soakRate for MINUTES.
    console.log(
      `Soak (open loop): ${round(soakRate, 1)} req/s${maxSustainable ? ` (${RATE_FRACTION} of ${round(maxSustainable, 1)})` : ''} for ${MINUTES} min, at most ${MAX_IN_FLIGHT} in flight ...`,
    );
    phase = 'soak';
    const minutes: TBucket[] = Array.from({ length: Math.ceil(MINUTES) }, newBucket);
    const minuteMails: Array<typeof mailsThisMinute> = [];
    const soakStart = performance.now();
    phaseStart = soakStart;
    const soakEnd = soakStart + MINUTES * 60_000;
    const minuteOf = (t: number) => Math.min(minutes.length - 1, Math.floor((t - soakStart) / 60_000));
    const pending = new Set<Promise<void>>();
    const fire = (scheduledAt: number, work: () => Promise<TOutcome[]>) => {
      const bucket = minutes[minuteOf(scheduledAt)]!;
      bucket.scheduled += 1;
      const now = performance.now();
      const lag = now - scheduledAt;
      if (inFlight >= MAX_IN_FLIGHT) {
        bucket.dropped += 1;
        return;
      }
      bucket.sent += 1;
      bucket.scheduleLagMs.push(lag);
      if (lag > LATE_MS) bucket.late += 1;
      inFlight++;
      const p = work().then((outcomes) => {
        inFlight--;
        // The first request of a flow waited for its slot; later ones (verify) for their own send.
        let offset = lag;
        for (const outcome of outcomes) {
          record(bucket, 'soak', outcome, outcome.serviceMs + offset);
          offset = 0;
        }
      });
      pending.add(p);
      void p.finally(() => pending.delete(p));
    };
    const interval = 1000 / soakRate;
    let slot = 0;
    let nextPayment = soakStart;
    let lastMinute = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        if (crashed) return resolve();
        const now = performance.now();
        for (;;) {
          const due = soakStart + slot * interval;
          if (due > now || due >= soakEnd) break;
          slot++;
          const route = weighted(MIX, MIX_TOTAL);
          fire(due, async () => [await runOperation(world, route)]);
        }
        while (nextPayment <= now && nextPayment < soakEnd) {
          fire(nextPayment, () => runPayment(world));
          nextPayment += PAYMENT_EVERY_S * 1000;
        }
        const minute = minuteOf(now);
        if (minute !== lastMinute) {
          minuteMails[lastMinute] = mailsThisMinute;
          mailsThisMinute = { replies: 0, alerts: 0, other: 0 };
          // The minute just over (its last requests may still be in flight).
          const b = minutes[lastMinute]!;
          const rss = vmRssMb(child.pid);
          console.log(
            `  minute ${lastMinute + 1}: ${b.completed} done, ${b.errors.total} errors, ${b.late} late, ${b.dropped} dropped, RSS ${rss === undefined ? '-' : round(rss, 0)} MB, in flight ${inFlight}`,
          );
          lastMinute = minute;
        }
        const nextDue = Math.min(soakStart + slot * interval, nextPayment);
        if (nextDue >= soakEnd && soakStart + slot * interval >= soakEnd) return resolve();
        setTimeout(tick, Math.max(0, nextDue - performance.now()));
      };
      tick();
    });
    minuteMails[lastMinute] = mailsThisMinute;
    // Let the last requests finish (each has its own timeout).
    await Promise.race([Promise.all([...pending]), sleep(TIMEOUT_MS + 2_000)]);
    sampling = false;
    await sampler;
    const finalMetrics = crashed ? undefined : await scrapeMetrics(base);

    // --- 3. Count check (server still running: requests cut off by a timeout may land late).
    await sleep(2_000);
    const count = await countCheck(database.url, world.ledger);
    const paymentRows = await withBenchDb(database.url, ({ db }) => countBy(db, 'payments', 'status'));
    const serverAlive = isRunning(child);
    stopping = true;
    await stopServer(child);
    const cpu = process.cpuUsage(cpuBefore);

    // --- Report.
    const soakSamples = samples.filter((s) => s.phase === 'soak');
    const trendFromMin = Math.min(2, MINUTES / 2);
    const trendPoints = soakSamples.filter((s) => s.t >= trendFromMin * 60 && s.rssMb !== undefined);
    const rssFit = leastSquares(trendPoints.map((s) => [s.t / 60, s.rssMb!]));
    const heapFit = leastSquares(
      trendPoints.filter((s) => s.heapUsedMb !== undefined).map((s) => [s.t / 60, s.heapUsedMb!]),
    );
    // Robust companions: per-minute medians of RSS (GC dips and one-off peaks weigh less), and the
    // per-minute floor of the used heap (its level after collections: a leak of JS objects raises it).
    const perMinuteOf = (f: (s: TSample) => number | undefined, pickOf: (v: number[]) => number) => {
      const points: Array<[number, number]> = [];
      for (let m = Math.ceil(trendFromMin); m < Math.ceil(MINUTES); m++) {
        const v = soakSamples
          .filter((s) => s.t >= m * 60 && s.t < (m + 1) * 60)
          .map(f)
          .filter((x): x is number => x !== undefined);
        if (v.length) points.push([m + 0.5, pickOf(v)]);
      }
      return points;
    };
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    const rssMedianFit = leastSquares(perMinuteOf((s) => s.rssMb, median));
    const heapFloorPoints = perMinuteOf(
      (s) => s.heapUsedMb,
      (v) => Math.min(...v),
    );
    const heapFloorFit = leastSquares(heapFloorPoints);
    const rssTrend = {
      fromMinute: trendFromMin,
      samples: trendPoints.length,
      slopeMbPerMin: rssFit ? round(rssFit.slope, 3) : null,
      r2: rssFit ? round(rssFit.r2, 3) : null,
      perMinuteMedianSlopeMbPerMin: rssMedianFit ? round(rssMedianFit.slope, 3) : null,
      heapUsedSlopeMbPerMin: heapFit ? round(heapFit.slope, 3) : null,
      heapFloorSlopeMbPerMin: heapFloorFit ? round(heapFloorFit.slope, 3) : null,
      heapFloorMb: heapFloorPoints.map(([m, v]) => ({ minute: m + 0.5, mb: v })),
      firstMb: trendPoints[0]?.rssMb ?? null,
      lastMb: trendPoints.at(-1)?.rssMb ?? null,
      maxMb: trendPoints.length ? Math.max(...trendPoints.map((s) => s.rssMb!)) : null,
      target: `slope <= ${RSS_SLOPE_MAX} MB/min`,
      met: rssFit ? rssFit.slope <= RSS_SLOPE_MAX : null,
    };
    const perMinute = minutes.map((b, i) => {
      const inMinute = soakSamples.filter((s) => s.t >= i * 60 && s.t < (i + 1) * 60);
      const vals = (f: (s: TSample) => number | undefined) =>
        inMinute.map(f).filter((v): v is number => v !== undefined);
      const mean = (v: number[]) => (v.length ? round(v.reduce((a, c) => a + c, 0) / v.length, 1) : null);
      const max = (v: number[]) => (v.length ? round(Math.max(...v), 1) : null);
      const loop = vals((s) => s.eventLoopP99Ms);
      return {
        minute: i + 1,
        scheduled: b.scheduled,
        sent: b.sent,
        completed: b.completed,
        throughputRps: round(b.completed / 60, 1),
        late: b.late,
        dropped: b.dropped,
        scheduleLagMs: summary(b.scheduleLagMs, 1),
        errors: b.errors,
        routes: routeSummary(b.routes),
        rssMb: { mean: mean(vals((s) => s.rssMb)), max: max(vals((s) => s.rssMb)) },
        metricRssMb: { mean: mean(vals((s) => s.metricRssMb)), max: max(vals((s) => s.metricRssMb)) },
        heapUsedMb: {
          min: vals((s) => s.heapUsedMb).length ? Math.min(...vals((s) => s.heapUsedMb)) : null,
          mean: mean(vals((s) => s.heapUsedMb)),
          max: max(vals((s) => s.heapUsedMb)),
        },
        eventLoopP99Ms: { median: summary(loop, 1).p50, max: max(loop) },
        writerQueueMax: max(vals((s) => s.writerQueue)),
        dbPoolWaitingMax: max(vals((s) => s.dbPoolWaiting)),
        jobsReadyMax: {
          reply: max(vals((s) => s.jobsReady?.['review-reply'])),
          notify: max(vals((s) => s.jobsReady?.['review-notify'])),
        },
        mails: minuteMails[i] ?? { replies: 0, alerts: 0, other: 0 },
      };
    });
    const totals = minutes.reduce(
      (t, b) => {
        t.scheduled += b.scheduled;
        t.sent += b.sent;
        t.completed += b.completed;
        t.late += b.late;
        t.dropped += b.dropped;
        t.errors += b.errors.total;
        for (const l of b.scheduleLagMs) t.lag.push(l);
        return t;
      },
      { scheduled: 0, sent: 0, completed: 0, late: 0, dropped: 0, errors: 0, lag: [] as number[] },
    );
    const loopAll = soakSamples.map((s) => s.eventLoopP99Ms).filter((v): v is number => v !== undefined);
    const soakSeconds = (Math.min(performance.now(), soakEnd) - soakStart) / 1000;
    const targets = [
      {
        name: 'errors during the soak (5xx, network, timeouts, unexpected status)',
        target: '0',
        actual: totals.errors,
        met: totals.errors === 0,
      },
      {
        name: `RSS trend after minute ${trendFromMin} (least squares)`,
        target: rssTrend.target,
        actual: rssTrend.slopeMbPerMin,
        met: rssTrend.met === true,
      },
      {
        name: 'schedule kept (slots sent on time by the generator)',
        target: `0 dropped, <= 1% late (> ${LATE_MS} ms)`,
        actual: `${totals.dropped} dropped, ${totals.late} late (${round((100 * totals.late) / Math.max(1, totals.scheduled), 2)}%)`,
        met: totals.dropped === 0 && totals.late <= totals.scheduled / 100,
      },
      {
        name: 'every acknowledged review stored once, nothing else',
        target: 'pass',
        actual: count.passed ? 'pass' : 'fail',
        met: count.passed,
      },
      {
        name: 'server alive through the run',
        target: 'yes',
        actual: crashed ? crashed : 'yes',
        met: !crashed && serverAlive,
      },
    ];
    const report = {
      date: new Date().toISOString(),
      method:
        "one built server (node dist/main.js, NODE_ENV=test, RATE_LIMITS=off) on a fresh PostgreSQL database, load from one Node process over keep-alive HTTP/1.1 (node:http agent); closed-loop ramp to find the mix's maximum rate, then an open-loop schedule at a fraction of it; soak latencies from the scheduled time (coordinated omission included), service times from the send; percentiles over answers with the expected status",
      machine: machineInfo(loadBefore),
      loadGeneratorCpuSeconds: round((cpu.user + cpu.system) / 1e6, 1),
      database: database.name,
      settings: {
        minutes: MINUTES,
        rateFraction: FIXED_RATE === undefined ? RATE_FRACTION : null,
        fixedRate: FIXED_RATE ?? null,
        maxInFlight: MAX_IN_FLIGHT,
        lateMs: LATE_MS,
        timeoutMs: TIMEOUT_MS,
        paymentEverySeconds: PAYMENT_EVERY_S,
        sampleSeconds: SAMPLE_S,
        businesses: BUSINESSES,
        seedReviews: SEED_REVIEWS,
        ownerSessions: OWNER_SESSIONS,
        logLevel: LOG_LEVEL,
        mix: Object.fromEntries(MIX.map(([r, w]) => [r, round(w / MIX_TOTAL, 3)])),
      },
      ramp: {
        steps: rampReport,
        stepSeconds: RAMP_STEP_S,
        discardedSecondsPerStep: RAMP_DISCARD_S,
        maxSustainableRps: maxSustainable === undefined ? null : round(maxSustainable, 1),
      },
      soak: {
        targetRps: round(soakRate, 1),
        seconds: round(soakSeconds, 1),
        scheduled: totals.scheduled,
        sent: totals.sent,
        completed: totals.completed,
        achievedRps: round(totals.completed / soakSeconds, 1),
        late: totals.late,
        dropped: totals.dropped,
        scheduleLagMs: summary(totals.lag, 1),
        errors: totals.errors,
        routes: routeSummary(mergeRoutes(minutes)),
        eventLoopP99Ms: {
          ...summary(loopAll, 1),
          note: `one value per ${SAMPLE_S}-s scrape (prom-client resets the histogram at each)`,
        },
        mails: mailCounts,
        payments: world.payments,
      },
      minutes: perMinute,
      rssTrend,
      countCheck: count,
      paymentsStored: paymentRows,
      serverMetricsAtEnd: finalMetrics
        ? {
            jobsFailedTotal: metricFamily(finalMetrics, 'starloop_jobs_failed_total'),
            emailsTotal: metricFamily(finalMetrics, 'starloop_emails_total'),
            paymentsTotal: metricFamily(finalMetrics, 'starloop_payments_total'),
            http5xx: [...finalMetrics.entries()]
              .filter(([k]) => k.startsWith('http_requests_total{') && /status="5\d\d"/.test(k))
              .map(([k, v]) => `${k} ${v}`),
          }
        : null,
      errorSamples,
      serverLog: await logProblems(work.logFile),
      samples,
      targets,
    };
    writeReport(OUT, report);

    console.log('');
    console.log(`max sustainable (closed loop)  ${report.ramp.maxSustainableRps ?? '-'} req/s`);
    console.log(
      `soak                           ${report.soak.targetRps} req/s target, ${report.soak.achievedRps} achieved, ${totals.completed} requests`,
    );
    console.log(
      `schedule                       ${totals.late} late, ${totals.dropped} dropped, lag p99 ${report.soak.scheduleLagMs.p99} ms`,
    );
    console.log(`errors                         ${totals.errors}`);
    console.log(
      `event loop p99 (per sample)    median ${report.soak.eventLoopP99Ms.p50} ms, max ${report.soak.eventLoopP99Ms.max} ms`,
    );
    console.log(
      `RSS after minute ${trendFromMin}             ${rssTrend.firstMb} -> ${rssTrend.lastMb} MB (max ${rssTrend.maxMb}), slope ${rssTrend.slopeMbPerMin} MB/min (per-minute medians ${rssTrend.perMinuteMedianSlopeMbPerMin}; heap floor ${rssTrend.heapFloorSlopeMbPerMin} MB/min)`,
    );
    console.log(`server log                     ${JSON.stringify(report.serverLog?.counts ?? {})}`);
    console.log(
      `count check                    ${count.acknowledged} acknowledged, ${count.stored} stored, ${count.missing} missing, ${count.duplicates} duplicated, ${count.unexpected} unexpected`,
    );
    console.log(
      'per minute: req/s, errors, p99 review-link / review-submit / owner-stats-rest / admin-reviews, RSS MB, loop p99 max',
    );
    for (const m of perMinute) {
      const p = (r: string) => (m.routes[r] as { p99: number } | undefined)?.p99 ?? '-';
      console.log(
        `  ${String(m.minute).padStart(2)}  ${m.throughputRps}  ${m.errors.total}  ${p('review-link')} / ${p('review-submit')} / ${p('owner-stats-rest')} / ${p('admin-reviews')} ms  ${m.rssMb.mean}  ${m.eventLoopP99Ms.max} ms`,
      );
    }
    printTargets(targets);

    if (crashed || !serverAlive) {
      console.error(`The server died: ${crashed ?? 'not running at the end'}.`);
      return 1;
    }
    if (!count.passed) {
      console.error('The count check failed.');
      return 1;
    }
    return 0;
  });
}

/** Reviews from the load (every deviceId not 'seed-...') against the ledger, as bench:public does. */
function countCheck(url: string, ledger: TLedger) {
  return withBenchDb(url, async ({ db }) => {
    const rows = await db
      .selectFrom('reviews')
      .select('deviceId')
      .where((eb) => eb.or([eb('deviceId', 'is', null), eb('deviceId', 'not like', 'seed-%')]))
      .execute();
    const { missing, duplicates, unexpected, unansweredStored } = compareStored(
      ledger,
      rows.map((r) => r.deviceId),
    );
    return {
      passed: missing === 0 && duplicates === 0 && unexpected === 0 && ledger.acknowledged.size > 0,
      acknowledged: ledger.acknowledged.size,
      rejected: ledger.rejected.size,
      stored: rows.length,
      missing,
      duplicates,
      unexpected,
      unanswered: ledger.outstanding.size,
      unansweredStored,
    };
  });
}

runBenchmark(main);
