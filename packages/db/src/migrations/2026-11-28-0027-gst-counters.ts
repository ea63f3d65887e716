import { type Kysely, sql } from 'kysely';
import { COUNTER_TRIGGERS, STAT_COUNTERS_INVOICES } from '../counters/counter-functions.ts';

/**
 * The overview's GST collected (issue 32 item 10), from counters like the rest of it: each invoice
 * adds its tax to `gst:invoice`, each credit note to `gst:credit-note` (n = documents, amount =
 * CGST + SGST + IGST in paise), in the month it was issued. Invoices are never updated or deleted,
 * so inserts are all the trigger sees. Frozen once shipped.
 */
const BACKFILL = `insert into stat_counters (metric, bucket, shard, n, amount)
  select 'gst:' || kind, date_trunc('month', issued_at at time zone 'UTC')::date, (id % 4)::smallint,
         count(*), sum(cgst + sgst + igst)::bigint
    from invoices group by 1, 2, 3
  on conflict (metric, bucket, shard) do update
    set n = stat_counters.n + excluded.n, amount = stat_counters.amount + excluded.amount`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(STAT_COUNTERS_INVOICES).execute(db);
  for (const trigger of COUNTER_TRIGGERS.filter((t) => t.table === 'invoices')) {
    await sql.raw(trigger.sql).execute(db);
  }
  await sql.raw(BACKFILL).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger invoices_stat_counters on invoices`.execute(db);
  await sql`drop function stat_counters_invoices()`.execute(db);
  await sql`delete from stat_counters where metric like 'gst:%'`.execute(db);
}
