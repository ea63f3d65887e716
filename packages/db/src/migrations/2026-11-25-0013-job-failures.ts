import { type Kysely, sql } from 'kysely';

/**
 * Background jobs that failed for good (every retry used): kept for admins to see and act on, one
 * row per job. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table job_failures (
    id bigint generated always as identity primary key,
    queue text not null,
    job_id text not null unique,
    attempts integer not null,
    error text not null,
    data jsonb,
    failed_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index job_failures_failed_at_idx on job_failures (failed_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table job_failures`.execute(db);
}
