import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database. Whoever opens a DATA_DIR (the server or a CLI command) holds
 * this lock file; a running server also publishes its port and a secret so CLI commands can hand
 * their work to it over loopback instead of opening the folder a second time.
 */
export interface TLockInfo {
  pid: number;
  role: 'server' | 'cli';
  port?: number;
  secret: string;
  startedAt: string;
}

export interface TServerLock {
  file: string;
  info: TLockInfo;
  publish(extra: { port: number }): void;
}

export const lockFile = (dataDir: string) => path.join(dataDir, 'starloop.lock');

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of the lock, if any (stale files from crashed processes are ignored). */
export function readLock(dataDir: string): TLockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as TLockInfo;
    return info.pid !== process.pid && isProcessAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

export class DataDirBusyError extends Error {
  constructor(
    public readonly holder: TLockInfo,
    dataDir: string,
  ) {
    super(
      `${holder.role === 'server' ? 'A StarLoop server' : 'A StarLoop command'} (pid ${holder.pid}) is using the embedded database in ${dataDir}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = 'DataDirBusyError';
  }
}

function write(file: string, info: TLockInfo) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info), { mode: 0o600 });
  renameSync(tmp, file);
}

export function takeServerLock(dataDir: string, role: TLockInfo['role'] = 'server'): TServerLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const holder = readLock(dataDir);
  if (holder) throw new DataDirBusyError(holder, dataDir);
  const info: TLockInfo = {
    pid: process.pid,
    role,
    secret: randomBytes(32).toString('base64url'),
    startedAt: new Date().toISOString(),
  };
  // Exclusive create decides a race between two processes starting at the same moment.
  rmSync(file, { force: true });
  try {
    writeFileSync(file, JSON.stringify(info), { mode: 0o600, flag: 'wx' });
  } catch {
    const winner = readLock(dataDir);
    if (winner) throw new DataDirBusyError(winner, dataDir);
    write(file, info);
  }
  return {
    file,
    info,
    publish(extra) {
      Object.assign(info, extra);
      write(file, info);
    },
  };
}

export function releaseServerLock(lock: TServerLock): void {
  try {
    const current = JSON.parse(readFileSync(lock.file, 'utf8')) as TLockInfo;
    if (current.pid === process.pid) rmSync(lock.file, { force: true });
  } catch {
    // Already gone.
  }
}

/** This process's own lock (the server reads its secret from here). */
export function readOwnLock(dataDir: string): TLockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as TLockInfo;
    return info.pid === process.pid ? info : undefined;
  } catch {
    return undefined;
  }
}
