import { type Kysely, sql } from 'kysely';

/**
 * Frozen: never edit a migration that has shipped; add a new one.
 *
 * Mail safety and data retention (issue 15, items 3, 9 and 10; docs/decisions.md, "Security"):
 * - email_suppressions: addresses that unsubscribed; every later mail to them is dropped. Only the
 *   sha256 of the normalised address is kept (the unsubscribe link carries that hash, too).
 * - reply_recipients: when an automatic reply last went to a customer address (sha256 again), so an
 *   address gets at most one per day across every business: the review form is no mail relay.
 * - low_rating_alert_windows: when an owner's last low-rating alert went out, so alerts are batched
 *   into at most one email per owner per 10 minutes.
 * - payments.owner_id becomes nullable with ON DELETE SET NULL: purging a soft-deleted owner keeps
 *   its payments (money records) detached instead of cascading them away.
 * - indexes for the retention purges (sent mail, spent one-time tokens, old webhook ids).
 */
const statements = [
  `create table email_suppressions (
    address_hash text primary key,
    reason text not null default 'unsubscribe' check (reason in ('unsubscribe')),
    created_at timestamptz not null default now()
  )`,

  `create table reply_recipients (
    address_hash text primary key,
    last_sent_at timestamptz not null
  )`,
  `create index reply_recipients_last_sent_idx on reply_recipients (last_sent_at)`,

  `create table low_rating_alert_windows (
    owner_id bigint primary key references owners (id) on delete cascade,
    last_sent_at timestamptz not null
  )`,

  `alter table payments alter column owner_id drop not null`,
  `alter table payments drop constraint payments_owner_id_fkey`,
  `alter table payments add constraint payments_owner_id_fkey
    foreign key (owner_id) references owners (id) on delete set null`,

  `create index email_outbox_sent_at_idx on email_outbox (sent_at) where status = 'sent'`,
  `create index one_time_tokens_expires_idx on one_time_tokens (expires_at)`,
  `create index webhook_events_received_at_idx on webhook_events (received_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = [
    'drop index if exists webhook_events_received_at_idx',
    'drop index if exists one_time_tokens_expires_idx',
    'drop index if exists email_outbox_sent_at_idx',
    // Refuses (NOT NULL fails) while detached payments of purged owners exist: money records are
    // never deleted to undo a migration.
    'alter table payments alter column owner_id set not null',
    'alter table payments drop constraint payments_owner_id_fkey',
    `alter table payments add constraint payments_owner_id_fkey
      foreign key (owner_id) references owners (id) on delete cascade`,
    'drop table if exists low_rating_alert_windows',
    'drop table if exists reply_recipients',
    'drop table if exists email_suppressions',
  ];
  for (const statement of drops) await sql.raw(statement).execute(db);
}
