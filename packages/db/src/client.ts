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
}

export function createPglite(dataDir?: string): PGlite {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return new PGlite({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
  });
}

export function createDb(options: TCreateDbOptions = {}): TDbHandle {
  const plugins = [new CamelCasePlugin()];
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? toNumber
            : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, driver: 'postgres', pglite: undefined, url: options.url, close: () => db.destroy() };
  }
  const pglite = createPglite(options.dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return {
    db,
    driver: 'pglite',
    pglite,
    url: undefined,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
