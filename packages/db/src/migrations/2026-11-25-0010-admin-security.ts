import { type Kysely, sql } from 'kysely';

/**
 * Frozen: never edit a migration that has shipped; add a new one.
 *
 * Admin security (issue 15, items 11 and 12; docs/decisions.md, "Security"):
 * - admins.failed_sign_ins / sign_in_blocked_until: the per-account growing delay that replaces a
 *   15-minute lockout (a guesser can slow an account down, never lock its admin out for long).
 * - admin_security_settings: one row; a super admin turns two-factor sign-in on for every admin.
 * - admin_two_factor: an admin's confirmed TOTP secret (sealed by the server, never stored plain)
 *   and the last time step used, so a code is accepted once.
 * - admin_recovery_codes: sha256 of each recovery code (80 random bits each); each works once.
 * - admin_sign_in_challenges: the short-lived second step of a sign-in (hash of the token only);
 *   an enrolment challenge carries the secret being set up until the admin confirms a code.
 * - audit_log: who did what to which row, when and from where. Append-only in the database: a
 *   trigger refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so it outlives what it names.
 */
const statements = [
  `alter table admins add column failed_sign_ins integer not null default 0`,
  `alter table admins add column sign_in_blocked_until timestamptz`,

  `create table admin_security_settings (
    id boolean primary key default true check (id),
    two_factor_required boolean not null default false,
    updated_at timestamptz not null default now(),
    updated_by_admin_id bigint references admins (id) on delete set null
  )`,
  `insert into admin_security_settings (id) values (true)`,

  `create table admin_two_factor (
    admin_id bigint primary key references admins (id) on delete cascade,
    secret_sealed text not null,
    last_time_step bigint,
    enrolled_at timestamptz not null default now()
  )`,

  `create table admin_recovery_codes (
    id bigserial primary key,
    admin_id bigint not null references admins (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index admin_recovery_codes_admin_idx on admin_recovery_codes (admin_id, code_hash)`,

  `create table admin_sign_in_challenges (
    id bigserial primary key,
    token_hash text not null unique,
    admin_id bigint not null references admins (id) on delete cascade,
    purpose text not null check (purpose in ('verify', 'enrol')),
    pending_secret_sealed text,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index admin_sign_in_challenges_admin_idx on admin_sign_in_challenges (admin_id)`,

  `create table audit_log (
    id bigserial primary key,
    actor_kind text not null check (actor_kind in ('admin', 'owner', 'system')),
    actor_id bigint,
    action text not null,
    target_table text,
    target_id bigint,
    ip text,
    details jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now()
  )`,
  `create index audit_log_created_idx on audit_log (created_at desc, id desc)`,
  `create index audit_log_actor_idx on audit_log (actor_kind, actor_id, created_at desc)`,
  `create index audit_log_action_idx on audit_log (action, created_at desc)`,
  `create index audit_log_target_idx on audit_log (target_table, target_id)`,

  `create function audit_log_append_only() returns trigger language plpgsql as $$
   begin
     raise exception 'audit_log is append-only: % is not allowed', tg_op
       using errcode = 'insufficient_privilege';
   end $$`,
  `create trigger audit_log_no_update_or_delete before update or delete on audit_log
   for each row execute function audit_log_append_only()`,
  `create trigger audit_log_no_truncate before truncate on audit_log
   for each statement execute function audit_log_append_only()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping the table is DDL, not a DELETE: the append-only triggers go with it.
  await sql.raw('drop table if exists audit_log').execute(db);
  await sql.raw('drop function if exists audit_log_append_only()').execute(db);
  for (const table of [
    'admin_sign_in_challenges',
    'admin_recovery_codes',
    'admin_two_factor',
    'admin_security_settings',
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql.raw('alter table admins drop column if exists sign_in_blocked_until').execute(db);
  await sql.raw('alter table admins drop column if exists failed_sign_ins').execute(db);
}
