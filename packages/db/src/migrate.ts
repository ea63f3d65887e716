import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

// Migrations are frozen against Kysely<any> by design: they must not follow today's Database type.
// biome-ignore lint/suspicious/noExplicitAny: see above
type TAnyKysely = Kysely<any>;

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export function createMigrator(db: TAnyKysely): Migrator {
  return new Migrator({ db, provider: new StaticMigrationProvider() });
}

/**
 * Applies every pending migration; throws with the failing migration's name. Runs on one
 * connection without the pool's statement timeout (a migration may rewrite a large table). Kysely
 * holds a PostgreSQL advisory lock for the run, so instances starting together apply each
 * migration once: the others wait, then find nothing to do.
 */
export async function migrateToLatest(db: TAnyKysely): Promise<string[]> {
  const result: MigrationResultSet = await db.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    try {
      return await createMigrator(connection).migrateToLatest();
    } finally {
      await sql`RESET statement_timeout`.execute(connection).catch(() => {});
    }
  });
  const failed = result.results?.find((r) => r.status === 'Error');
  if (result.error) {
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
