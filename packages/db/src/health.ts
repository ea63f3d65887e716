import { sql } from 'kysely';
import type { TDb } from './client.ts';

/**
 * The database answers a trivial statement (readiness probes): resolves when it did, throws what
 * the driver threw when it did not. Any time limit is the caller's.
 */
export async function pingDatabase(db: TDb): Promise<void> {
  await sql`select 1`.execute(db);
}
