import { type Kysely, sql } from 'kysely';
import {
  COUNTER_TRIGGERS,
  RECOUNT_REVIEW_DAYS,
  REVIEW_DAYS_DELETED,
  REVIEW_DAYS_INSERTED,
  REVIEW_DAYS_UPDATED,
} from '../counters/counter-functions.ts';

/**
 * Review counts per business and IST day for the All branches view (issue 31): a chain of 50
 * branches reads 50 x 30 rows for a month instead of its reviews. Kept by statement triggers on
 * reviews (counters/counter-functions.ts holds their current bodies), filled here from the rows.
 * Frozen once shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table owner_review_days (
    owner_id bigint not null references owners (id) on delete cascade,
    day date not null,
    reviews integer not null default 0,
    rating_sum integer not null default 0,
    positive integer not null default 0,
    low integer not null default 0,
    with_message integer not null default 0,
    replied integer not null default 0,
    from_requests integer not null default 0,
    primary key (owner_id, day)
  )`.execute(db);
  for (const fn of [REVIEW_DAYS_INSERTED, REVIEW_DAYS_UPDATED, REVIEW_DAYS_DELETED]) {
    await sql.raw(fn).execute(db);
  }
  for (const trigger of COUNTER_TRIGGERS.filter((t) => t.name.startsWith('reviews_day_counters'))) {
    await sql.raw(trigger.sql).execute(db);
  }
  await sql.raw(RECOUNT_REVIEW_DAYS).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger reviews_day_counters_${name} on reviews`).execute(db);
  }
  for (const name of ['inserted', 'updated', 'deleted']) {
    await sql.raw(`drop function review_days_${name}()`).execute(db);
  }
  await sql`drop table owner_review_days`.execute(db);
}
