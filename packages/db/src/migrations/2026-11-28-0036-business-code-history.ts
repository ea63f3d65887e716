import { type Kysely, sql } from 'kysely';

/**
 * Business code history (issue 34 item 3): a business code, once used, keeps working. When a
 * business changes its code (its owner or an admin), the old code gets a row here; the review
 * page answers a permanent redirect from it to the business's current code, so printed QR codes
 * never break. The code stays reserved for that business: no other business can take it (the
 * primary key across businesses, and the code checks read this table). The business may take an
 * old code of its own back (its row is then removed). Rows go with the business when it is purged.
 * Frozen once shipped.
 */
const statements = [
  `create table business_code_history (
    code text primary key check (code = lower(code) and char_length(code) between 1 and 100),
    owner_id bigint not null references owners (id) on delete cascade,
    retired_at timestamptz not null default now(),
    retired_by text not null check (retired_by in ('owner', 'admin'))
  )`,
  `create index business_code_history_owner_idx on business_code_history (owner_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table business_code_history`.execute(db);
}
