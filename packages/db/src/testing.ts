import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type TDbHandle } from './client.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * The test tier's database: in-memory PGlite by default, or a fresh, uniquely named database on
 * the PostgreSQL server in STARLOOP_TEST_DATABASE_URL (dropped again on close).
 */
export const testDatabaseUrl = (): string | undefined => process.env.STARLOOP_TEST_DATABASE_URL || undefined;
export const testDriverName = (): 'postgres' | 'pglite' => (testDatabaseUrl() ? 'postgres' : 'pglite');

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TTestDatabase {
  /** A fresh, empty database URL (PostgreSQL only) that the caller drops with drop(). */
  url: string;
  drop(): Promise<void>;
}

export async function createEmptyPostgresDatabase(serverUrl: string): Promise<TTestDatabase> {
  const name = `starloop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function createTestDb(options: { migrate?: boolean } = {}): Promise<TDbHandle> {
  const serverUrl = testDatabaseUrl();
  let handle: TDbHandle;
  if (serverUrl) {
    const database = await createEmptyPostgresDatabase(serverUrl);
    const inner = createDb({ url: database.url, poolSize: 5 });
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        await database.drop();
      },
    };
  } else {
    handle = createDb();
  }
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return handle;
}
