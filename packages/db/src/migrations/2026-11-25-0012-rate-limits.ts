import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit counters shared by every instance when no Redis is configured (rate-limiter-flexible's
 * PostgreSQL store, whose table shape this is; keys carry the limit's name). Frozen once shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limits (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  )`.execute(db);
  await sql`create index rate_limits_expire_idx on rate_limits (expire)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limits`.execute(db);
}
