import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';
import { createDb, type TDb } from './client.ts';
import { insertAdmin } from './repositories/admins.ts';
import { insertLead } from './repositories/leads.ts';
import { insertReviews } from './repositories/reviews.ts';
import { insertTestOwner, useTestDb } from './test-support.ts';
import { createEmptyPostgresDatabase, testDatabaseUrl, testDriverName } from './testing.ts';

/** Per table: its row count and a digest of every row, independent of physical order. */
async function fingerprint(db: TDb): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('kysely_migration', 'kysely_migration_lock', 'rate_limits')
     ORDER BY table_name`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ digest: string }>`
      SELECT count(*) || ':' || coalesce(md5(string_agg(to_jsonb(t)::text, '|' ORDER BY to_jsonb(t)::text)), '')
        AS digest FROM ${sql.raw(`"${name}"`)} t`.execute(db);
    out[name] = row.rows[0]!.digest;
  }
  return out;
}

describe(`db:backup and db:restore on ${testDriverName()}`, () => {
  const source = useTestDb();
  const dir = mkdtempSync(path.join(tmpdir(), 'starloop-backup-'));

  async function fill(db: TDb) {
    const owners = [await insertTestOwner(db, { plan: 'professional' }), await insertTestOwner(db)];
    await insertReviews(
      db,
      owners.flatMap((owner, i) =>
        [1, 3, 5].map((rating) => ({
          ownerId: owner.id,
          rating,
          message: rating < 4 ? `Review ${i}-${rating}: चाय ठंडी थी, "quoted" \\ back` : '',
          customerContact: null,
          deviceId: `backup-${i}-${rating}`,
          sentimentLabel: null,
          sentimentScore: null,
          replyStatus: 'none' as const,
        })),
      ),
      owners.flatMap((owner) =>
        [1, 3, 5].map(() => ({ message: `${owner.businessName} review`, code: owner.code })),
      ),
    );
    await insertAdmin(db, {
      name: 'Backup Admin',
      email: 'backup-admin@starloop.test',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      role: 'super_admin',
      status: 'active',
    });
    await insertLead(db, {
      name: 'Lead',
      email: 'lead@example.com',
      subject: 'demo',
      message: 'Call me',
      source: 'website',
      status: 'new',
    });
  }

  async function roundTrip(target: TDb) {
    const file = path.join(dir, `backup-${Date.now()}-${Math.random().toString(36).slice(2)}.jsonl.gz`);
    const written = await backupDatabase(source.db, file);
    expect(written.rows).toBeGreaterThan(10);
    const restored = await restoreDatabase(target, file);
    expect(restored.rows).toBe(written.rows);
    expect(await fingerprint(target)).toEqual(await fingerprint(source.db));
    // Ids continue after the restored ones, and the counters go on counting from the restored values.
    const owner = await insertTestOwner(target);
    const maxBefore = await sql<{
      max: number;
    }>`SELECT max(id)::int AS max FROM owners WHERE id <> ${owner.id}`.execute(target);
    expect(owner.id).toBeGreaterThan(maxBefore.rows[0]!.max);
    const reviewsBefore = await sql<{
      n: number;
    }>`SELECT coalesce(sum(n), 0)::int AS n FROM stat_counters WHERE metric = 'reviews'`.execute(target);
    await insertReviews(target, [
      {
        ownerId: owner.id,
        rating: 4,
        message: '',
        customerContact: null,
        deviceId: 'after-restore',
        sentimentLabel: null,
        sentimentScore: null,
        replyStatus: 'none',
      },
    ]);
    const reviewsAfter = await sql<{ n: number; actual: number }>`
      SELECT (SELECT coalesce(sum(n), 0)::int FROM stat_counters WHERE metric = 'reviews') AS n,
             (SELECT count(*)::int FROM reviews) AS actual`.execute(target);
    expect(reviewsAfter.rows[0]!.n).toBe(reviewsBefore.rows[0]!.n + 1);
    expect(reviewsAfter.rows[0]!.n).toBe(reviewsAfter.rows[0]!.actual);
  }

  let filled = false;
  const targets: [string, () => Promise<{ db: TDb; close(): Promise<void> }>][] = [
    ['a new embedded database', async () => createDb()],
  ];
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    targets.push([
      'a new PostgreSQL database',
      async () => {
        const database = await createEmptyPostgresDatabase(serverUrl);
        const handle = createDb({ url: database.url, poolSize: 2 });
        return {
          db: handle.db,
          close: async () => {
            await handle.close();
            await database.drop();
          },
        };
      },
    ]);
  }
  for (const [name, open] of targets) {
    it(`round-trips into ${name}`, async () => {
      if (!filled) await fill(source.db);
      filled = true;
      const target = await open();
      try {
        await roundTrip(target.db);
      } finally {
        await target.close();
      }
    });
  }

  it('refuses a database in use and a file that is not a backup', async () => {
    const file = path.join(dir, 'in-use.jsonl.gz');
    await backupDatabase(source.db, file);
    await expect(restoreDatabase(source.db, file)).rejects.toThrow(BackupError);
    const bogus = path.join(dir, 'bogus.jsonl.gz');
    writeFileSync(bogus, gzipSync('{"hello":"world"}\n'));
    const target = createDb();
    try {
      await expect(restoreDatabase(target.db, bogus)).rejects.toThrow(/not a StarLoop backup/);
    } finally {
      await target.close();
    }
  });
});
