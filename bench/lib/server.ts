/**
 * The server as a child process of a benchmark (the built JavaScript, or the TypeScript source
 * through tsx), its memory and the problems in its log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { BENCH_TOKEN_SECRET, env, onCleanup, root, sleep, type TWorkDir } from './harness.ts';

export const BUILT_SERVER = path.join(root, 'apps/server/dist/main.js');

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
  /** stdout and stderr of the server go here; without one, to the benchmark's own. */
  logFile?: string | undefined;
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
  const { logFile } = options;
  const log = logFile ? openSync(logFile, 'a') : 'inherit';
  const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', log, log] });
  if (typeof log === 'number') closeSync(log);
  onCleanup(() => stopServer(child));
  const tail = () => (logFile ? ` Log tail (${logFile}):\n${logTail(logFile)}` : '');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!isRunning(child)) {
      throw new Error(`The server exited with code ${child.exitCode ?? child.signalCode}.${tail()}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return { url, child };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The server did not become ready within 60 s.${tail()}`);
}

export interface TLoadServerOptions extends Omit<TStartServerOptions, 'entry' | 'env' | 'logFile'> {
  /** 'built' unless given. */
  entry?: TStartServerOptions['entry'];
  work: TWorkDir;
  logLevel: string;
  /** The bench database (PGlite in the work folder's DATA_DIR without one). */
  databaseUrl: string | undefined;
  /** The mail sink's URL; the links in the mails point at a name that goes nowhere. */
  smtpUrl?: string;
  /** More of the server's environment. */
  env?: Record<string, string | undefined>;
}

/**
 * The server as the load benchmarks run it, logging into the work folder. NODE_ENV=test, since
 * production refuses RATE_LIMITS=off, and rate limits are off because all load comes from one
 * address; the two modes differ in nothing else the benchmarks touch.
 */
export function startLoadServer(load: TLoadServerOptions) {
  const { work, logLevel, databaseUrl, smtpUrl, env: more, ...options } = load;
  return startServer({
    entry: 'built',
    ...options,
    logFile: work.logFile,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: logLevel,
      DATA_DIR: work.dataDir,
      DATABASE_URL: databaseUrl,
      TOKEN_SECRET: BENCH_TOKEN_SECRET,
      RATE_LIMITS: 'off',
      ...(smtpUrl ? { SMTP_URL: smtpUrl, APP_URL: 'https://starloop.bench.test' } : {}),
      ...more,
    },
  });
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
