/**
 * The benchmarks' database: a fresh PostgreSQL database per run (or PGlite in a DATA_DIR), seeded
 * with active owners, and read back after the load.
 */
import {
  createDb,
  type Database,
  migrateToLatest,
  type TDb,
  type TDbHandle,
  type TNewOwner,
} from '@starloop/db';
import { adminQuery } from '@starloop/db/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { DAY_MS, env, onCleanup } from './harness.ts';

/** The PostgreSQL server of BENCH_DATABASE_URL (or DATABASE_URL), if one is given. */
export const SERVER_DATABASE_URL = env.BENCH_DATABASE_URL || env.DATABASE_URL || undefined;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Creates `starloop_bench_<kind>_<timestamp>` on the PostgreSQL server of `serverUrl` (by default
 * SERVER_DATABASE_URL, else the local one) and registers its drop (with force) as a cleanup step
 * (unless BENCH_KEEP_DATABASE=1).
 * Returns the new database's URL and name.
 */
export async function createBenchDatabase(
  kind: string,
  serverUrl = SERVER_DATABASE_URL ?? LOCAL_POSTGRES,
): Promise<{ url: string; name: string }> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 17);
  const name = `starloop_bench_${kind}_${stamp}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  // BENCH_KEEP_DATABASE=1 keeps it for a look at the plans afterwards (drop it yourself).
  if (env.BENCH_KEEP_DATABASE === '1') console.error(`Keeping database ${name}.`);
  else {
    onCleanup(async () => {
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
      console.error(`Dropped database ${name}.`);
    });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** A PostgreSQL URL, or PGlite in `dataDir` when `url` is undefined. */
export type TBenchDb = string | { url: string | undefined; dataDir: string };

export const openBenchDb = (target: TBenchDb): TDbHandle => {
  const { url, dataDir } = typeof target === 'string' ? { url: target, dataDir: '' } : target;
  return url ? createDb({ url, poolSize: 2 }) : createDb({ dataDir });
};

/** Opens the database for `use` and closes it again. */
export async function withBenchDb<T>(target: TBenchDb, use: (handle: TDbHandle) => Promise<T>): Promise<T> {
  const handle = openBenchDb(target);
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** How many rows of `table` hold each value of `column`, as { value: count }. */
export async function countBy<T extends keyof Database & string>(
  db: TDb,
  table: T,
  column: keyof Database[T] & string,
): Promise<Record<string, number>> {
  const { rows } = await sql<{ value: string; n: number }>`
    select ${sql.ref(column)} as value, count(*)::int as n from ${sql.table(table)} group by 1`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.value, r.n]));
}

/** A one-connection pool for the samplers' direct queries (pgboss.job), ended by a cleanup step. */
export function openSamplePool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // The database is dropped with force at the end: an idle client's FATAL must not end the run.
  pool.on('error', () => {});
  onCleanup(() => pool.end());
  return pool;
}

type TOwnerDefaults =
  | 'reviewLink'
  | 'state'
  | 'status'
  | 'registrationSource'
  | 'subscriptionStart'
  | 'subscriptionEnd';

/** An owner of a seed; the rest is filled in by seedOwners. */
export type TBenchOwner = Omit<TNewOwner, TOwnerDefaults> & { code: string };

/**
 * Migrates the database and inserts the owners (each with its own account, and their zeroed
 * counters) in chunks of 250, in one transaction: active, in Maharashtra, registered on the website and paid up for a year.
 * `more` seeds the rest with the owners' ids before the database is closed.
 */
export function seedOwners(
  target: TBenchDb,
  seeds: TBenchOwner[],
  more?: (handle: TDbHandle, ownerIds: number[]) => Promise<void>,
): Promise<void> {
  const now = new Date();
  const owners = seeds.map(
    (owner): TNewOwner => ({
      reviewLink: `https://g.page/r/${owner.code}/review`,
      state: 'Maharashtra',
      status: 'active',
      registrationSource: 'website',
      subscriptionStart: now,
      subscriptionEnd: new Date(now.getTime() + 365 * DAY_MS),
      ...owner,
    }),
  );
  return withBenchDb(target, async (handle) => {
    await migrateToLatest(handle.db);
    const ids: number[] = [];
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < owners.length; i += 250) {
        const chunk = owners.slice(i, i + 250);
        // Each owner is its own customer: one account per business (migration 0021).
        const accounts = await trx
          .insertInto('accounts')
          .values(chunk.map((owner) => ({ name: owner.businessName })))
          .returning('id')
          .execute();
        const rows = await trx
          .insertInto('owners')
          .values(chunk.map((owner, n) => ({ ...owner, accountId: accounts[n]!.id })))
          .returning('id')
          .execute();
        await trx
          .insertInto('ownerReviewStats')
          .values(rows.map(({ id }) => ({ ownerId: id })))
          .execute();
        ids.push(...rows.map((r) => r.id));
      }
    });
    await more?.(handle, ids);
  });
}
