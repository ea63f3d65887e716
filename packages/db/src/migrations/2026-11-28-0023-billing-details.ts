import { type Kysely, sql } from 'kysely';

/**
 * Who bills whom (issue 32): the operator's billing profile (one row: legal name, address, state,
 * GSTIN, PAN, the service's SAC code, the invoice series prefix and the signatory), and each
 * account's billing details (legal name, billing address, state, optional GSTIN). Nothing is
 * required yet: an invoice needs the profile (refused in production without it). Frozen once shipped.
 */
const statements = [
  `create table billing_profile (
    id smallint primary key default 1 check (id = 1),
    legal_name text not null,
    address text not null,
    state text not null,
    gstin text not null check (gstin ~ '^[0-9A-Z]{15}$'),
    pan text not null check (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
    sac text not null check (sac ~ '^[0-9]{6}$'),
    series_prefix text not null check (series_prefix ~ '^[A-Z0-9/-]{1,6}$'),
    signatory text,
    updated_at timestamptz not null default now(),
    updated_by_admin_id bigint references admins (id) on delete set null
  )`,
  `alter table accounts add column billing_legal_name text`,
  `alter table accounts add column billing_address text`,
  `alter table accounts add column billing_state text`,
  `alter table accounts add column billing_gstin text check (billing_gstin ~ '^[0-9A-Z]{15}$')`,
  `alter table accounts add column billing_updated_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'billing_updated_at',
    'billing_gstin',
    'billing_state',
    'billing_address',
    'billing_legal_name',
  ]) {
    await sql.raw(`alter table accounts drop column ${column}`).execute(db);
  }
  await sql`drop table billing_profile`.execute(db);
}
