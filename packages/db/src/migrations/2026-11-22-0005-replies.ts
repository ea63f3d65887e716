import { type Kysely, sql } from 'kysely';

/**
 * Automatic replies and owner notifications (frozen once shipped).
 * - reviews.reply_lock / reply_lock_until: a short lease so only one worker at a time works on a
 *   review's reply (drafting and emailing), even when a job is delivered twice.
 * - reviews.owner_notified_at: the low-rating email to the owner went out (sent once).
 * - reviews.reminder_sent_at: the 48-hour "no reply yet" reminder went out (sent once).
 * - owner_digests: one row per owner and IST day whose daily digest went out (sent once).
 */
const statements = [
  `alter table reviews add column reply_lock text`,
  `alter table reviews add column reply_lock_until timestamptz`,
  `alter table reviews add column owner_notified_at timestamptz`,
  `alter table reviews add column reminder_sent_at timestamptz`,
  `create index reviews_reminder_due_idx on reviews (created_at)
    where reminder_sent_at is null and replied_at is null and followed_up_at is null`,
  `create table owner_digests (
    owner_id bigint not null references owners (id) on delete cascade,
    digest_date date not null,
    review_count integer not null default 0,
    sent_at timestamptz not null default now(),
    primary key (owner_id, digest_date)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists owner_digests').execute(db);
  await sql.raw('drop index if exists reviews_reminder_due_idx').execute(db);
  for (const column of ['reminder_sent_at', 'owner_notified_at', 'reply_lock_until', 'reply_lock']) {
    await sql.raw(`alter table reviews drop column if exists ${column}`).execute(db);
  }
}
