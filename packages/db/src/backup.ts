import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { TDb } from './client.ts';
import { migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

/**
 * A logical backup of the app's data (the `public` schema) that restores into PGlite or PostgreSQL:
 * gzipped JSON lines, one header, then each table's rows as `to_jsonb` objects. Written from one
 * REPEATABLE READ transaction, so it is consistent while the app keeps running. Job-queue state
 * (pg-boss) is not included: replies and alerts that were queued are found again by their sweeps.
 */
export const BACKUP_FORMAT = 'starloop-backup';
export const BACKUP_VERSION = 1;

interface TBackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The migrations the data was written under; a restore needs the same set. */
  migrations: string[];
  tables: string[];
}

/**
 * Tables of the app's schema in the backup; the migration bookkeeping is recreated by migrating,
 * and rate-limit counters are minutes-long and per deployment.
 */
async function appTables(db: TDb): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('kysely_migration', 'kysely_migration_lock', 'rate_limits')
     ORDER BY table_name`.execute(db);
  return rows.rows.map((row) => row.name);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const PAGE = 1_000;

export async function backupDatabase(db: TDb, file: string): Promise<{ tables: number; rows: number }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const tables = await appTables(trx);
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
        trx,
      );
      const gzip = createGzip();
      const done = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
      const write = async (line: unknown) => {
        if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
      };
      const header: TBackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        migrations: applied.rows.map((row) => row.name),
        tables,
      };
      await write(header);
      let total = 0;
      for (const table of tables) {
        // Pages by row position inside one snapshot: stable, and needs no knowledge of keys.
        for (let offset = 0; ; offset += PAGE) {
          // As text: the app's CamelCasePlugin would rename the keys of a JSON object.
          const page = await sql<{ row: string }>`
            SELECT to_jsonb(t)::text AS row FROM ${sql.raw(quoted(table))} t
             ORDER BY t.ctid LIMIT ${PAGE} OFFSET ${offset}`.execute(trx);
          for (const { row } of page.rows) await write({ t: table, r: JSON.parse(row) });
          total += page.rows.length;
          if (page.rows.length < PAGE) break;
        }
      }
      gzip.end();
      await done;
      return { tables: tables.length, rows: total };
    });
}

async function readLines(file: string, onLine: (value: unknown) => Promise<void>): Promise<void> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (line.trim()) await onLine(JSON.parse(line));
  }
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Restores a backup into an empty database (PGlite or PostgreSQL): migrates it to the backup's
 * migrations, then inserts every row with triggers off (the counters come back as they were
 * written, not counted twice) in one transaction, and moves each id sequence past its rows.
 * Needs a role that may set `session_replication_role` (PGlite always; PostgreSQL: the owner of a
 * self-run server, not every managed service: use pg_dump there).
 */
export async function restoreDatabase(db: TDb, file: string): Promise<{ tables: number; rows: number }> {
  let header: TBackupHeader | undefined;
  await readLines(file, async (value) => {
    header ??= value as TBackupHeader;
    throw new StopReading();
  }).catch((error) => {
    if (!(error instanceof StopReading)) throw error;
  });
  if (header?.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) {
    throw new BackupError(`${file} is not a StarLoop backup (format ${BACKUP_FORMAT} ${BACKUP_VERSION}).`);
  }
  const known = Object.keys(migrations);
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(`The backup was written by a newer StarLoop (migrations ${unknown.join(', ')}).`);
  }
  await migrateToLatest(db);
  const target = await appTables(db);
  for (const table of target) {
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(quoted(table))}`.execute(
      db,
    );
    // Seeded rows (the default reply templates, say) are part of every fresh database: they are
    // replaced by the backup's; anything else means the target is in use.
    if (rows.rows[0]!.n > 0 && !SEEDED_TABLES.has(table)) {
      throw new BackupError(`The target database is not empty (${table} has rows): restore into a new one.`);
    }
  }
  const wanted = header.tables.filter((table) => target.includes(table));
  let total = 0;
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    for (const table of SEEDED_TABLES)
      if (wanted.includes(table)) await sql`DELETE FROM ${sql.raw(quoted(table))}`.execute(trx);
    // Generated columns (search text, say) are computed again, never inserted.
    const stored = await sql<{ table: string; column: string }>`
      SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
       WHERE table_schema = 'public' AND is_generated = 'NEVER' ORDER BY ordinal_position`.execute(trx);
    const columns = new Map<string, string>();
    for (const { table, column } of stored.rows) {
      columns.set(table, [columns.get(table), quoted(column)].filter(Boolean).join(', '));
    }
    let batch: Record<string, unknown>[] = [];
    let batchTable = '';
    const flush = async () => {
      if (batch.length === 0) return;
      const list = sql.raw(columns.get(batchTable) ?? '*');
      await sql`INSERT INTO ${sql.raw(quoted(batchTable))} (${list}) OVERRIDING SYSTEM VALUE
        SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.raw(quoted(batchTable))}, ${JSON.stringify(batch)}::jsonb)`.execute(
        trx,
      );
      total += batch.length;
      batch = [];
    };
    let first = true;
    await readLines(file, async (value) => {
      if (first) {
        first = false;
        return;
      }
      const { t, r } = value as { t: string; r: Record<string, unknown> };
      if (!wanted.includes(t)) return;
      if (t !== batchTable || batch.length >= PAGE) await flush();
      batchTable = t;
      batch.push(r);
    });
    await flush();
    // Each id sequence continues after the highest restored id.
    const sequences = await sql<{ table: string; column: string; sequence: string }>`
      SELECT c.table_name AS "table", c.column_name AS "column",
             pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS "sequence"
        FROM information_schema.columns c
       WHERE c.table_schema = 'public'
         AND pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) IS NOT NULL`.execute(trx);
    for (const { table, column, sequence } of sequences.rows) {
      await sql`SELECT setval(${sequence}::regclass,
        coalesce((SELECT max(${sql.raw(quoted(column))}) FROM ${sql.raw(quoted(table))}), 0) + 1, false)`.execute(
        trx,
      );
    }
  });
  return { tables: wanted.length, rows: total };
}

/** Tables a fresh migration fills with defaults; the backup's rows replace them. */
const SEEDED_TABLES = new Set(['admin_security_settings', 'platform_settings', 'stat_counters']);

class StopReading extends Error {}
