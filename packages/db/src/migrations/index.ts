import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22-0001-initial.ts';
import * as adminLists from './2026-11-22-0003-admin-lists.ts';
import * as replies from './2026-11-22-0005-replies.ts';
import * as batchedCounters from './2026-11-22-0007-batched-counters.ts';

/** Static map so migrations bundle cleanly; keys sort by date prefix. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0003-admin-lists': adminLists,
  '2026-11-22-0005-replies': replies,
  '2026-11-22-0007-batched-counters': batchedCounters,
};
