/**
 * What every benchmark shares: settings from the environment, undo steps run on success, failure
 * or Ctrl-C, and the temporary folder of a run. Beside it: the database (database.ts), the server
 * child (server.ts) and its /metrics (metrics.ts), the figures and the report (report.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Read once: every setting of a benchmark is an environment variable. */
export const env: Record<string, string | undefined> = { ...process.env };
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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

export interface TWorkDir {
  dir: string;
  /** The server's stdout and stderr. */
  logFile: string;
  /** The server's DATA_DIR. */
  dataDir: string;
}

/**
 * Runs `run` with a fresh temporary folder (starloop-bench-<name>-*), removed by a cleanup step,
 * but kept with BENCH_KEEP_TMP=1 or when the run fails (an exception or a non-zero exit code), so
 * that the server's log can be read.
 */
export async function inWorkDir(name: string, run: (work: TWorkDir) => Promise<number>): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), `starloop-bench-${name}-`));
  const work = { dir, logFile: path.join(dir, 'server.log'), dataDir: path.join(dir, 'data') };
  let keep = env.BENCH_KEEP_TMP === '1';
  onCleanup(async () => {
    if (keep) console.error(`Kept ${dir} (server log: ${work.logFile}).`);
    else rmSync(dir, { recursive: true, force: true });
  });
  try {
    const code = await run(work);
    if (code !== 0) keep = true;
    return code;
  } catch (error) {
    keep = true;
    throw error;
  }
}
