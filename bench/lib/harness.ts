/**
 * What the benchmarks share: settings from the environment, undo steps run on success, failure
 * or Ctrl-C, a fresh PostgreSQL database per run, the server as a child process (the built
 * JavaScript, or the TypeScript source through tsx), percentiles and the machine's description.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type TDbHandle, type TNewOwner } from '@starloop/db';
import pg from 'pg';

/** Read once: every setting of a benchmark is an environment variable. */
export const env: Record<string, string | undefined> = { ...process.env };
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILT_SERVER = path.join(root, 'apps/server/dist/main.js');
export const BENCH_TOKEN_SECRET = env.TOKEN_SECRET ?? `bench-${'x'.repeat(40)}`;
export const DAY_MS = 24 * 60 * 60 * 1000;

export function positive(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
}

export function nonNegative(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be 0 or more.`);
  return value;
}

export const round = (n: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Cleanup: whatever was set up is undone in reverse order, on success, failure or Ctrl-C.

const cleanups: Array<() => Promise<void>> = [];
export const onCleanup = (step: () => Promise<void>) => {
  cleanups.push(step);
};

export async function runCleanups() {
  while (cleanups.length > 0) {
    const step = cleanups.pop()!;
    await step().catch((error: unknown) =>
      console.error('Cleanup step failed:', error instanceof Error ? error.message : error),
    );
  }
}

/** Runs `main`, then the cleanups, and exits with its code (1 on an exception, 130 on Ctrl-C). */
export function runBenchmark(main: () => Promise<number>) {
  process.once('SIGINT', () => {
    console.error('\nInterrupted; cleaning up.');
    void runCleanups().finally(() => process.exit(130));
  });
  main().then(
    async (code) => {
      await runCleanups();
      process.exit(code);
    },
    async (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      await runCleanups();
      process.exit(1);
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Database.

export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates `starloop_bench_<kind>_<timestamp>` on the PostgreSQL server of `serverUrl` and registers
 * its drop (with force) as a cleanup step. Returns the new database's URL and name.
 */
export async function createBenchDatabase(
  serverUrl: string,
  kind: string,
): Promise<{ url: string; name: string }> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 17);
  const name = `starloop_bench_${kind}_${stamp}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  onCleanup(async () => {
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    console.error(`Dropped database ${name}.`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

export const openBenchDb = (target: { url: string | undefined; dataDir: string }): TDbHandle =>
  target.url ? createDb({ url: target.url, poolSize: 2 }) : createDb({ dataDir: target.dataDir });

/** Inserts owners (and their zeroed counters) in chunks of 250, in the caller's transaction or db. */
export async function insertOwners(handle: TDbHandle, owners: TNewOwner[]): Promise<number[]> {
  const ids: number[] = [];
  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < owners.length; i += 250) {
      const rows = await trx
        .insertInto('owners')
        .values(owners.slice(i, i + 250))
        .returning('id')
        .execute();
      await trx
        .insertInto('ownerReviewStats')
        .values(rows.map(({ id }) => ({ ownerId: id })))
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
  });
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Server child.

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export const logTail = (file: string, lines = 30) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

export const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export async function stopServer(child: ChildProcess) {
  if (!isRunning(child)) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export interface TStartServerOptions {
  /** 'built': node --enable-source-maps apps/server/dist/main.js; 'source': tsx apps/server/src/main.ts. */
  entry: 'built' | 'source';
  /** The server's environment besides PORT and HOST (NODE_ENV, DATABASE_URL, ...). */
  env: Record<string, string | undefined>;
  /** stdout and stderr of the server go here. */
  logFile: string;
  /** Write a CPU profile (node --cpu-prof) into this folder. */
  cpuProfDir?: string | undefined;
  /** Pass the benchmark's whole environment through (bench:public does); else only PATH and HOME. */
  inheritEnv?: boolean;
}

/**
 * Starts the server on a free loopback port and waits for /readyz. The child is stopped by a
 * cleanup step. With entry 'built' the child's pid is the server's own (RSS readings are its own).
 */
export async function startServer(
  options: TStartServerOptions,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const base: Record<string, string | undefined> = options.inheritEnv
    ? { ...env }
    : { PATH: env.PATH, HOME: env.HOME };
  const childEnv: Record<string, string | undefined> = {
    ...base,
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const profile = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  let command: string;
  let args: string[];
  if (options.entry === 'built') {
    try {
      readFileSync(BUILT_SERVER);
    } catch {
      throw new Error(`${BUILT_SERVER} is missing: npm run build -w @starloop/server`);
    }
    command = process.execPath;
    args = ['--enable-source-maps', ...profile, BUILT_SERVER];
  } else {
    command = path.join(root, 'node_modules/.bin/tsx');
    args = [...profile, 'apps/server/src/main.ts'];
  }
  const log = openSync(options.logFile, 'a');
  const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', log, log] });
  closeSync(log);
  onCleanup(() => stopServer(child));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!isRunning(child)) {
      throw new Error(
        `The server exited with code ${child.exitCode ?? child.signalCode}. Log tail (${options.logFile}):\n${logTail(options.logFile)}`,
      );
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return { url, child };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(
    `The server did not become ready within 60 s. Log tail (${options.logFile}):\n${logTail(options.logFile)}`,
  );
}

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status); undefined once it is gone. */
export function vmRssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = status.match(/VmRSS:\s+(\d+)\s*kB/)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Prometheus text (GET /metrics on loopback).

export type TMetricSamples = Map<string, number>;

/** `name{labels} value` lines into a map keyed by `name{labels}` as written (no HELP/TYPE lines). */
export function parsePrometheus(text: string): TMetricSamples {
  const samples: TMetricSamples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    if (space <= 0) continue;
    const value = Number(line.slice(space + 1));
    if (Number.isFinite(value)) samples.set(line.slice(0, space), value);
  }
  return samples;
}

export async function scrapeMetrics(base: string): Promise<TMetricSamples | undefined> {
  try {
    const res = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return undefined;
    return parsePrometheus(await res.text());
  } catch {
    return undefined;
  }
}

/** Every sample of a metric family, by its label string (`{queue="review-reply"}` or ''). */
export function metricFamily(samples: TMetricSamples, name: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of samples) {
    if (key === name) out[''] = value;
    else if (key.startsWith(`${name}{`)) out[key.slice(name.length)] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Statistics and the report.

/** Nearest-rank quantile of an ascending array (undefined when empty). */
export const quantile = (sorted: number[], q: number): number | undefined =>
  sorted.length === 0
    ? undefined
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

export function summary(values: number[], digits = 1) {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (v: number | undefined) => (v === undefined ? null : round(v, digits));
  return {
    count: sorted.length,
    p50: r(quantile(sorted, 0.5)),
    p95: r(quantile(sorted, 0.95)),
    p99: r(quantile(sorted, 0.99)),
    max: r(sorted.at(-1)),
  };
}

/** Least-squares line through (x, y): slope, intercept and R². */
export function leastSquares(points: Array<[number, number]>) {
  const n = points.length;
  if (n < 2) return undefined;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

export function machineInfo(loadavgBefore: number[]) {
  return {
    cpuModel: cpus()[0]?.model,
    cpus: cpus().length,
    memoryGb: round(totalmem() / 1024 ** 3, 1),
    loadavgBefore,
    loadavgAfter: loadavg().map((v) => round(v)),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export function writeReport(out: string, report: unknown) {
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  const shown = path.relative(root, out);
  console.log(`Written to ${shown.startsWith('..') ? out : shown}`);
}

/**
 * The server's JSON log lines at warn (40) and above: counts by level and the first few messages
 * (pino format: level, msg, err). Reads the file line by line, so a large info log is fine.
 */
export async function logProblems(file: string, keep = 10) {
  const { createReadStream } = await import('node:fs');
  const { createInterface } = await import('node:readline');
  const counts: Record<string, number> = { warn: 0, error: 0, fatal: 0 };
  const byMessage = new Map<string, number>();
  const first: string[] = [];
  let lines = 0;
  try {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      lines += 1;
      if (!line.includes('"level":4') && !line.includes('"level":5') && !line.includes('"level":6')) continue;
      try {
        const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } };
        if (entry.level < 40) continue;
        const name = entry.level >= 60 ? 'fatal' : entry.level >= 50 ? 'error' : 'warn';
        counts[name] = (counts[name] ?? 0) + 1;
        const message = `${name}: ${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message.slice(0, 160)})` : ''}`;
        byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
        if (first.length < keep) first.push(line.slice(0, 500));
      } catch {
        // not a JSON line (a stack trace printed by node itself)
      }
    }
  } catch {
    return undefined;
  }
  return {
    lines,
    counts,
    messages: Object.fromEntries([...byMessage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)),
    first,
  };
}
