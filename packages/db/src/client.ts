import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

export type TDb = Kysely<Database>;
export type TDriver = 'pglite' | 'postgres';

export interface TDbHandle {
  db: TDb;
  driver: TDriver;
  /** The embedded instance, when the driver is PGlite (pg-boss runs on it too). */
  pglite: PGlite | undefined;
  /** The connection string, when the driver is PostgreSQL. */
  url: string | undefined;
  /** Connections open, idle and queries waiting for one (PostgreSQL's pool; undefined on PGlite). */
  poolState(): { total: number; idle: number; waiting: number } | undefined;
  /** PostgreSQL's pool itself, for libraries that speak `pg` (the shared rate-limit store). */
  pgPool: pg.Pool | undefined;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Both drivers return int8 and numeric as JS numbers. Every int8 here is an id, a count or an
 * amount in paise, far below 2^53.
 */
const toNumber = (value: string | number | bigint) => (value === null ? value : Number(value));

export interface TCreateDbOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder for the embedded database; in-memory when absent. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: how long to wait for a connection before the query fails (default 5 s). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the longest any statement may run (default 15 s). Work that needs longer (reports,
   * migrations) raises it for its own transaction with `SET LOCAL statement_timeout`.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: a session idle inside a transaction this long is ended by the server (default 60 s). */
  idleInTransactionTimeoutMs?: number;
  /**
   * Told once per burst about connection errors the pool absorbed (a terminated backend, a
   * server gone away): they never reach a request, which gets its own error from its next query.
   */
  onPoolError?: (error: Error) => void;
}

/** Connection errors within this window after the first are one burst: logged once. */
const POOL_ERROR_BURST_MS = 10_000;

function burstReporter(report: ((error: Error) => void) | undefined): (error: Error) => void {
  let last = Number.NEGATIVE_INFINITY;
  let absorbed = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < POOL_ERROR_BURST_MS) {
      absorbed += 1;
      return;
    }
    last = now;
    if (absorbed > 0) error.message = `${error.message} (and ${absorbed} more since the last report)`;
    absorbed = 0;
    report?.(error);
  };
}

export function createPglite(dataDir?: string): PGlite {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return new PGlite({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    // PostgreSQL's 128 MB default buffer pool lives inside this process's wasm memory; the embedded
    // database of one laptop or small shop needs far less (idle RSS 330 -> 195 MB, measured).
    postgresqlconf: ['shared_buffers = 32MB'],
    parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
  });
}

export function createDb(options: TCreateDbOptions = {}): TDbHandle {
  const plugins = [new CamelCasePlugin()];
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 60_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? toNumber
            : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // A client losing its server must never crash the process: the pool handles idle clients, and
    // this handler the ones checked out (pg emits 'error' on the client itself, e.g. when the
    // backend is terminated mid-transaction). The query in flight fails and its caller answers.
    const reportPoolError = burstReporter(options.onPoolError);
    pool.on('error', reportPoolError);
    pool.on('connect', (client) => client.on('error', reportPoolError));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      driver: 'postgres',
      pglite: undefined,
      url: options.url,
      poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      pgPool: pool,
      close: () => db.destroy(),
    };
  }
  const pglite = createPglite(options.dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return {
    db,
    driver: 'pglite',
    pglite,
    url: undefined,
    poolState: () => undefined,
    pgPool: undefined,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
