import { createDb, insertOwner, type TDbHandle } from '@starloop/db';
import { createEmptyPostgresDatabase, type TTestDatabase, testDatabaseUrl } from '@starloop/db/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach } from 'vitest';
import { startServerProcess, type TServerProcess } from '../test/server-process.ts';

/** One answer of the review load: its status (or 'network'), how long it took, and the review id. */
export interface TLoadResult {
  status: number | 'network';
  ms: number;
  at: number;
  deviceId: string;
  id?: number;
  retryAfter?: string | null;
}

export interface TFaultWorld {
  database: TTestDatabase;
  db: TDbHandle;
  server: TServerProcess;
  codes: string[];
  /** A client on the PostgreSQL server's maintenance database, for cutting and stalling. */
  admin: pg.Client;
  databaseName: string;
  /** The helpers below, bound to this world. */
  load(concurrency: number): TReviewLoad;
  check(results: TLoadResult[]): ReturnType<typeof storedReviewCheck>;
  terminateBackends(): Promise<number>;
  lockReviews(): ReturnType<typeof lockReviews>;
  close(): Promise<void>;
}

/** A fresh database, a server process on it, and `owners` businesses with open review pages. */
export async function createFaultWorld(
  options: { owners?: number; env?: Record<string, string> } = {},
): Promise<TFaultWorld> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error('the fault suite runs on PostgreSQL (STARLOOP_TEST_DATABASE_URL)');
  const database = await createEmptyPostgresDatabase(serverUrl);
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    RATE_LIMITS: 'off',
    ...options.env,
  });
  const db = createDb({ url: database.url, poolSize: 2 });
  const codes: string[] = [];
  for (let i = 0; i < (options.owners ?? 10); i++) {
    const owner = await insertOwner(db.db, {
      name: `Owner ${i}`,
      businessName: `Fault Cafe ${i}`,
      contactNumber: `98765${String(10000 + i).slice(-5)}`,
      code: `fault-cafe-${i}`,
      registrationSource: 'website',
      status: 'active',
      plan: 'professional',
      passwordHash: 'not-used',
    });
    codes.push(owner.code);
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const databaseName = new URL(database.url).pathname.slice(1);
  const world: TFaultWorld = {
    database,
    db,
    server,
    codes,
    admin,
    databaseName,
    load: (concurrency) => reviewLoad(world, concurrency),
    check: (results) => storedReviewCheck(world, results),
    terminateBackends: () => terminateBackends(world),
    lockReviews: () => lockReviews(world),
    async close() {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.kill('SIGKILL');
        await server.exited;
      }
      await db.close();
      await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => {});
      await admin.end();
      await database.drop();
    },
  };
  return world;
}

/**
 * For a describe block: a function that makes a fault world (as createFaultWorld), which is closed
 * after the test that made it, passed or failed.
 */
export function faultWorlds() {
  let world: TFaultWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });
  return async (options?: Parameters<typeof createFaultWorld>[0]): Promise<TFaultWorld> => {
    world = await createFaultWorld(options);
    return world;
  };
}

/** Someone else's transaction holding reviews under an ACCESS EXCLUSIVE lock, until `release()`. */
export async function lockReviews(world: TFaultWorld) {
  const locker = new pg.Client({ connectionString: world.database.url });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE reviews IN ACCESS EXCLUSIVE MODE');
  return {
    async release() {
      await locker.query('ROLLBACK');
      await locker.end();
    },
  };
}

/** Ends every session on the test database but the caller's (what an operator's restart does). */
export async function terminateBackends(world: TFaultWorld): Promise<number> {
  const result = await world.admin.query(
    'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [world.databaseName],
  );
  return Number(result.rows[0].n);
}

let deviceSeq = 0;

/** Posts one review; never throws. */
export async function postReview(
  url: string,
  code: string,
  rating = 5,
  message = '',
  timeoutMs = 40_000,
): Promise<TLoadResult> {
  deviceSeq += 1;
  const deviceId = `fault-device-${process.pid}-${deviceSeq}`;
  const started = Date.now();
  try {
    const response = await fetch(`${url}/api/reviews/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, rating, message, deviceId }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: number };
    return {
      status: response.status,
      ms: Date.now() - started,
      at: started,
      deviceId,
      ...(typeof body.id === 'number' ? { id: body.id } : {}),
      retryAfter: response.headers.get('retry-after'),
    };
  } catch {
    return { status: 'network', ms: Date.now() - started, at: started, deviceId };
  }
}

export interface TReviewLoad {
  results: TLoadResult[];
  stop(): Promise<TLoadResult[]>;
}

/** `concurrency` customers posting reviews back to back until `stop()`; resolves with every answer. */
export function reviewLoad(world: TFaultWorld, concurrency: number): TReviewLoad {
  const results: TLoadResult[] = [];
  let running = true;
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    while (running) {
      const result = await postReview(world.server.url, world.codes[i % world.codes.length]!);
      results.push(result);
      if (result.status !== 201) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return {
    results,
    async stop(): Promise<TLoadResult[]> {
      running = false;
      await Promise.all(loops);
      return results;
    },
  };
}

/**
 * Every acknowledged review (201 with an id) is stored, and no review is stored twice (each
 * request carries its own device id).
 */
export async function storedReviewCheck(world: TFaultWorld, results: TLoadResult[]) {
  const rows = await sql<{
    id: number;
    deviceId: string;
  }>`SELECT id, device_id AS "deviceId" FROM reviews WHERE device_id LIKE 'fault-device-%'`.execute(
    world.db.db,
  );
  const storedIds = new Set(rows.rows.map((row) => Number(row.id)));
  const acknowledged = results.filter((result) => result.status === 201);
  const lost = acknowledged.filter((result) => !storedIds.has(result.id!));
  const devices = rows.rows.map((row) => row.deviceId);
  const twice = devices.length - new Set(devices).size;
  return { acknowledged: acknowledged.length, stored: rows.rows.length, lost: lost.length, twice };
}

/** Polls until `check` passes; resolves with how long it took (ms), or rejects after `limitMs`. */
export async function timeUntil(
  check: () => Promise<boolean>,
  limitMs: number,
  everyMs = 100,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`not within ${limitMs} ms`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
