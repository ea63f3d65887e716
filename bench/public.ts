/**
 * `npm run bench:public`: throughput of the review page's two public calls under concurrent load,
 * next to a bare Fastify route of the same server, with autocannon.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:public   # PostgreSQL
 *   npm run bench:public                                                                  # PGlite
 *
 * With BENCH_DATABASE_URL (or DATABASE_URL) the script creates a fresh database
 * starloop_bench_public_<timestamp> on that PostgreSQL server and drops it at the end, also on
 * failure; without one the server runs on PGlite in a temporary DATA_DIR. Either way the database
 * is migrated and seeded with BENCH_BUSINESSES active owners (bench-biz-0001, ...) before the
 * server starts (tsx apps/server/src/main.ts, NODE_ENV=test since production refuses
 * RATE_LIMITS=off, RATE_LIMITS=off, its output in a log file under the temporary folder;
 * bench/lib/server.ts). On PostgreSQL the server runs as a web instance of a split deployment
 * (JOB_WORKERS=off: the follow-up jobs of the reviews are queued for worker instances and none runs
 * here); BENCH_JOB_WORKERS=on runs them in the same process (all-in-one, the only mode on PGlite).
 * Then, each for BENCH_DURATION seconds after a BENCH_WARMUP-second warm-up whose results are
 * discarded, with BENCH_CONNECTIONS connections:
 *   a. GET /healthz                           fixed JSON, the server's ceiling
 *   b. GET /api/users/review-link/{code}      cycling over the seeded codes
 *   c. POST /api/reviews/                     random 1-5 stars, feedback text for 1-3, random deviceId
 * After (c) it checks the reviews table: every acknowledged (2xx) review is stored, nothing else is,
 * and the only extra rows are requests still in flight when autocannon closed its sockets (each
 * request carries a unique deviceId, so the check is exact). With PGlite the server is stopped first.
 *
 * Writes bench/results/public.json (BENCH_OUT for another path). Exit code 0 when a target is
 * missed (it is a measurement); 1 when the server cannot start or the count check fails.
 * Environment: BENCH_DURATION (default 10), BENCH_WARMUP (3), BENCH_CONNECTIONS (50),
 * BENCH_LOG_LEVEL (info, as production runs), BENCH_BUSINESSES (1000), BENCH_TARGET_RATIO (0.5),
 * BENCH_TARGET_REVIEW_RPS (3000), BENCH_JOB_WORKERS (off on PostgreSQL), BENCH_ENTRY=built to run
 * the production build (apps/server/dist; `npm run build -w @starloop/server` first),
 * BENCH_KEEP_TMP=1 to keep the temporary folder after a good run,
 * BENCH_PROFILE_DIR to write the server's CPU profile (node --cpu-prof) there.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { isLowRating } from '@starloop/contract';
import autocannon from 'autocannon';
import {
  createBenchDatabase,
  SERVER_DATABASE_URL,
  seedOwners,
  type TBenchDb,
  type TBenchOwner,
  withBenchDb,
} from './lib/database.ts';
import { COMPLAINTS } from './lib/fixtures.ts';
import { env, inWorkDir, positive, root, runBenchmark } from './lib/harness.ts';
import { compareStored, newLedger, type TLedger } from './lib/ledger.ts';
import { printTargets, round, writeReport } from './lib/report.ts';
import { startLoadServer, stopServer } from './lib/server.ts';

const DURATION = positive('BENCH_DURATION', 10);
const WARMUP = Number(env.BENCH_WARMUP ?? 3);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
const LOG_LEVEL = env.BENCH_LOG_LEVEL ?? 'info';
const BUSINESSES = positive('BENCH_BUSINESSES', 1000);
const TARGET_RATIO = positive('BENCH_TARGET_RATIO', 0.5);
const TARGET_REVIEW_RPS = positive('BENCH_TARGET_REVIEW_RPS', 3000);
const OUT = path.resolve(root, env.BENCH_OUT ?? 'bench/results/public.json');

const CODE_PREFIX = 'bench-biz-';
const CODES = Array.from(
  { length: BUSINESSES },
  (_, i) => `${CODE_PREFIX}${String(i + 1).padStart(Math.max(4, String(BUSINESSES).length), '0')}`,
);
const FEEDBACK = [
  ...COMPLAINTS,
  'Good place but service needs improvement.',
  'Delivery was late by one hour and the packing was leaking.',
];
const NAMES = ['Sharma', 'Gupta', 'Mehta', 'Iyer', 'Reddy', 'Patel', 'Nair', 'Khan', 'Singh', 'Das'];
const TRADES = ['Sweets', 'Dental Clinic', 'Bakery', 'Salon', 'Cafe', 'Opticals', 'Motors', 'Pharmacy'];
const CITIES = ['Pune', 'Indore', 'Kochi', 'Jaipur', 'Surat', 'Nagpur', 'Mysuru', 'Lucknow'];

// ---------------------------------------------------------------------------------------------
// Database: a fresh PostgreSQL database, or PGlite in the temporary DATA_DIR.

/** A web instance of a split deployment on PostgreSQL unless BENCH_JOB_WORKERS=on; PGlite runs all in one. */
const jobWorkers = (target: { driver: 'postgres' | 'pglite' }) =>
  target.driver === 'pglite' || env.BENCH_JOB_WORKERS === 'on' ? 'on' : 'off';

interface TTarget {
  driver: 'postgres' | 'pglite';
  /** The bench database's URL (PostgreSQL only). */
  url: string | undefined;
  databaseName: string | undefined;
  dataDir: string;
}

/** Migrates and inserts the active owners (and their zeroed counters) in one transaction. */
function seed(target: TBenchDb) {
  const owners = CODES.map((code, i): TBenchOwner => {
    const business = `${NAMES[i % NAMES.length]} ${TRADES[Math.floor(i / NAMES.length) % TRADES.length]}`;
    const city = CITIES[i % CITIES.length]!;
    return {
      name: `Bench Owner ${i + 1}`,
      email: `${code}@bench.starloop.local`,
      businessName: `${business} ${city}`,
      contactNumber: `98${String(i + 1).padStart(8, '0')}`,
      code,
      city,
      plan: i % 2 === 0 ? 'professional' : 'essential',
    };
  });
  return seedOwners(target, owners);
}

/** deviceId of every stored review of the bench owners (null for a review without one). */
function storedDeviceIds(target: TBenchDb): Promise<Array<string | null>> {
  return withBenchDb(target, async ({ db }) => {
    const rows = await db
      .selectFrom('reviews')
      .innerJoin('owners', 'owners.id', 'reviews.ownerId')
      .select('reviews.deviceId')
      .where('owners.code', 'like', `${CODE_PREFIX}%`)
      .execute();
    return rows.map((r) => r.deviceId);
  });
}

// ---------------------------------------------------------------------------------------------
// Load.

interface TPhase {
  sent: number;
  responses: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

interface TCaseResult extends TPhase {
  name: string;
  request: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  durationSec: number;
  warmup: TPhase | undefined;
}

function phaseOf(result: autocannon.Result): TPhase {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat.count ?? 0;
  return {
    sent: result.requests.sent,
    responses: result['2xx'] + result.non2xx,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

async function load(
  name: string,
  request: string,
  options: Omit<autocannon.Options, 'url' | 'duration' | 'connections'>,
  base: string,
): Promise<TCaseResult> {
  const run = (duration: number) =>
    autocannon({ ...options, url: base, connections: CONNECTIONS, duration, timeout: 10 });
  process.stderr.write(`  ${name}: ${WARMUP > 0 ? `${WARMUP} s warm-up, ` : ''}${DURATION} s measured ... `);
  const warmup = WARMUP > 0 ? phaseOf(await run(WARMUP)) : undefined;
  const result = await run(DURATION);
  process.stderr.write(`${Math.round(result.requests.mean)} req/s\n`);
  return {
    name,
    request,
    requestsPerSec: round(result.requests.mean),
    latencyP50Ms: round(result.latency.p50),
    latencyP99Ms: round(result.latency.p99),
    latencyMeanMs: round(result.latency.mean),
    durationSec: result.duration,
    ...phaseOf(result),
    warmup,
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

function reviewRequests(ledger: TLedger): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path: '/api/reviews/',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req, context) => {
        const rating = 1 + Math.floor(Math.random() * 5);
        const deviceId = randomUUID();
        (context as { deviceId?: string }).deviceId = deviceId;
        ledger.outstanding.add(deviceId);
        const message = isLowRating(rating) ? pick(FEEDBACK) : '';
        return { ...req, body: JSON.stringify({ code: pick(CODES), rating, message, deviceId }) };
      },
      onResponse: (status, _body, context) => {
        const deviceId = (context as { deviceId?: string }).deviceId;
        if (!deviceId) return;
        ledger.outstanding.delete(deviceId);
        (status >= 200 && status < 300 ? ledger.acknowledged : ledger.rejected).add(deviceId);
      },
    },
  ];
}

function reviewLinkRequests(): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/api/users/review-link/${CODES[next++ % CODES.length]}` }),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Count check.

interface TCountCheck {
  passed: boolean;
  /** 2xx answers of (c), warm-up included. */
  acknowledged: number;
  stored: number;
  /** Acknowledged reviews missing from the table: must be 0. */
  missing: number;
  /** Requests without an answer when autocannon closed its sockets (or lost to errors/timeouts). */
  unanswered: number;
  /** Of those, the ones the server still stored: the only rows allowed beyond the acknowledged. */
  unansweredStored: number;
  /** Rows of rejected requests, unknown deviceIds or duplicates: must be 0. */
  unexpected: number;
  /** autocannon's 2xx counts (warm-up + measured) agree with the per-request ledger. */
  ledgerMatchesAutocannon: boolean;
  countedAfter: 'server stopped' | 'server running';
}

function countCheck(
  ledger: TLedger,
  stored: Array<string | null>,
  reviews: TCaseResult,
  countedAfter: TCountCheck['countedAfter'],
): TCountCheck {
  const { missing, duplicates, unexpected, unansweredStored } = compareStored(ledger, stored);
  const autocannon2xx = reviews.ok2xx + (reviews.warmup?.ok2xx ?? 0);
  const ledgerMatchesAutocannon = autocannon2xx === ledger.acknowledged.size;
  return {
    passed:
      missing === 0 &&
      duplicates + unexpected === 0 &&
      ledgerMatchesAutocannon &&
      ledger.acknowledged.size > 0,
    acknowledged: ledger.acknowledged.size,
    stored: stored.length,
    missing,
    unanswered: ledger.outstanding.size,
    unansweredStored,
    unexpected: duplicates + unexpected,
    ledgerMatchesAutocannon,
    countedAfter,
  };
}

/** With the server running, waits for requests cut off mid-flight to finish before counting. */
async function settledDeviceIds(target: TBenchDb): Promise<Array<string | null>> {
  let previous = await storedDeviceIds(target);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const current = await storedDeviceIds(target);
    if (current.length === previous.length) return current;
    previous = current;
  }
  return previous;
}

// ---------------------------------------------------------------------------------------------

function main(): Promise<number> {
  const loadBefore = loadavg().map((v) => round(v));
  return inWorkDir('public', async (work) => {
    const target: TTarget = {
      driver: 'pglite',
      url: undefined,
      databaseName: undefined,
      dataDir: work.dataDir,
    };
    if (SERVER_DATABASE_URL) {
      const created = await createBenchDatabase('public');
      Object.assign(target, { driver: 'postgres', url: created.url, databaseName: created.name });
    }
    const where = target.url
      ? `database ${target.databaseName} on ${new URL(target.url).host}`
      : `embedded, DATA_DIR ${target.dataDir}`;
    console.log(
      `Driver: ${target.driver} (${where}); log level ${LOG_LEVEL}; ${CONNECTIONS} connections; JOB_WORKERS=${jobWorkers(target)}.`,
    );

    const seedStarted = performance.now();
    await seed(target);
    console.log(
      `Seeded ${CODES.length} active businesses in ${Math.round(performance.now() - seedStarted)} ms.`,
    );

    // The TypeScript source through tsx, as the committed results were measured (or the build).
    const { url: base, child } = await startLoadServer({
      entry: env.BENCH_ENTRY === 'built' ? 'built' : 'source',
      inheritEnv: true,
      cpuProfDir: env.BENCH_PROFILE_DIR,
      work,
      logLevel: LOG_LEVEL,
      databaseUrl: target.url,
      env: { JOB_WORKERS: jobWorkers(target) },
    });
    const probe = await fetch(`${base}/api/users/review-link/${CODES[0]}`);
    if (probe.status !== 200) {
      throw new Error(
        `GET /api/users/review-link/${CODES[0]} answered ${probe.status}: ${await probe.text()}`,
      );
    }

    const ledger = newLedger();
    const health = await load(
      'a. healthz',
      'GET /healthz',
      { requests: [{ method: 'GET', path: '/healthz' }] },
      base,
    );
    const reviewLink = await load(
      'b. review link',
      'GET /api/users/review-link/{code}',
      { requests: reviewLinkRequests() },
      base,
    );
    const reviews = await load(
      'c. review submit',
      'POST /api/reviews/',
      { requests: reviewRequests(ledger) },
      base,
    );
    const loadAfter = loadavg().map((v) => round(v));

    let stored: Array<string | null>;
    if (target.driver === 'pglite') {
      await stopServer(child);
      stored = await storedDeviceIds(target);
    } else {
      stored = await settledDeviceIds(target);
    }
    const count = countCheck(
      ledger,
      stored,
      reviews,
      target.driver === 'pglite' ? 'server stopped' : 'server running',
    );

    const ratios = {
      reviewLinkToHealthz: round(reviewLink.requestsPerSec / health.requestsPerSec),
      reviewSubmitToHealthz: round(reviews.requestsPerSec / health.requestsPerSec),
    };
    const reviewFailures =
      reviews.errors +
      reviews.non2xx +
      reviews.timeouts +
      (reviews.warmup ? reviews.warmup.errors + reviews.warmup.non2xx + reviews.warmup.timeouts : 0);
    const targets = [
      {
        name: 'review link / healthz req/s ratio',
        target: `>= ${TARGET_RATIO}`,
        actual: ratios.reviewLinkToHealthz,
        met: ratios.reviewLinkToHealthz >= TARGET_RATIO,
      },
      {
        name: 'review submit req/s',
        target: `>= ${TARGET_REVIEW_RPS}`,
        actual: reviews.requestsPerSec,
        met: reviews.requestsPerSec >= TARGET_REVIEW_RPS,
      },
      {
        name: 'review submit errors + non-2xx + timeouts (warm-up included)',
        target: '0',
        actual: reviewFailures,
        met: reviewFailures === 0,
      },
      {
        name: 'every acknowledged review stored, nothing else',
        target: 'pass',
        actual: count.passed ? 'pass' : 'fail',
        met: count.passed,
      },
    ];

    const results = [health, reviewLink, reviews];
    const cell = (v: string | number, width: number) => String(v).padStart(width);
    console.log(
      `\n${'case'.padEnd(18)}${cell('req/s', 10)}${cell('p50 ms', 9)}${cell('p99 ms', 9)}${cell('2xx', 9)}${cell('non-2xx', 9)}${cell('errors', 8)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(18)}${cell(r.requestsPerSec, 10)}${cell(r.latencyP50Ms, 9)}${cell(r.latencyP99Ms, 9)}${cell(r.ok2xx, 9)}${cell(r.non2xx, 9)}${cell(r.errors, 8)}`,
      );
    }
    console.log(`ratios: b/a ${ratios.reviewLinkToHealthz}, c/a ${ratios.reviewSubmitToHealthz}`);
    console.log(
      `count check (${count.countedAfter}): ${count.acknowledged} acknowledged, ${count.stored} stored, ${count.missing} missing, ${count.unansweredStored} of ${count.unanswered} unanswered stored, ${count.unexpected} unexpected${count.ledgerMatchesAutocannon ? '' : ', ledger disagrees with autocannon'}`,
    );
    printTargets(targets);

    const report = {
      date: new Date().toISOString(),
      method:
        'autocannon 9 (programmatic, one process), keep-alive, no pipelining; each case a warm-up run (discarded) then a measured run; latency percentiles over 2xx answers only',
      server: `${env.BENCH_ENTRY === 'built' ? 'node apps/server/dist/main.js' : 'tsx apps/server/src/main.ts'}, NODE_ENV=test (production refuses RATE_LIMITS=off), RATE_LIMITS=off, JOB_WORKERS=${jobWorkers(target)}, started by the benchmark`,
      jobWorkers: jobWorkers(target),
      machine: {
        cpuModel: cpus()[0]?.model,
        cpus: cpus().length,
        loadavgBefore: loadBefore,
        loadavgAfter: loadAfter,
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
      },
      driver: target.driver,
      database: target.databaseName ?? 'pglite (temporary DATA_DIR)',
      logLevel: LOG_LEVEL,
      connections: CONNECTIONS,
      durationSec: DURATION,
      warmupSec: WARMUP,
      businesses: CODES.length,
      results: { healthz: health, reviewLink, reviewSubmit: reviews },
      ratios,
      countCheck: count,
      targets,
      allTargetsMet: targets.every((t) => t.met),
    };
    writeReport(OUT, report);
    if (!count.passed) {
      console.error('The count check failed.');
      return 1;
    }
    return 0;
  });
}

runBenchmark(main);
