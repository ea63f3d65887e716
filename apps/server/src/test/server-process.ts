import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Every JSON log line the process has written so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Resident memory in MB, read from /proc. */
  rssMb(): number;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * The real server (src/main.ts) as its own process on a loopback port, as production runs it:
 * signals, keep-alive sockets and database outages behave as they do there, which app.inject()
 * cannot show.
 */
export async function startServerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      TOKEN_SECRET: 'fault-suite-secret-that-is-long-enough-for-hs256',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-fault-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let buffered = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (entry.msg === 'StarLoop is up') resolve(String(entry.address));
        } catch {
          // not a log line
        }
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was up:\n${stderr}`)));
    setTimeout(() => reject(new Error(`server not up after 60 s:\n${stderr}`)), 60_000).unref();
  });
  return {
    url: await url,
    child,
    logs,
    exited,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    },
    kill(signal = 'SIGTERM') {
      child.kill(signal);
    },
  };
}
