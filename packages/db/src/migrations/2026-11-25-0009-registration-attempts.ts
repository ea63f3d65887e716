import { type Kysely, sql } from 'kysely';

/**
 * Registration attempts (frozen once shipped). Every POST /api/payments/initiate of a new
 * registration keeps its own details beside its own pending payment, instead of overwriting the
 * phone's pending owner; settlement applies them to the owner only when that payment is captured.
 * - outcome: 'pending' until its payment is captured; then 'applied', or 'needs_refund' when the
 *   phone or code was taken by then (captured money applied to nobody).
 * - password_hash is cleared once the attempt is settled: it is needed only to be applied.
 */
const statements = [
  `create table registration_attempts (
    payment_id bigint primary key references payments (id) on delete cascade,
    name text not null,
    email text,
    business_name text not null,
    code text not null,
    review_link text,
    state text,
    city text,
    sales_rep_name text,
    plan text not null check (plan in ('essential', 'professional')),
    password_hash text,
    outcome text not null default 'pending' check (outcome in ('pending', 'applied', 'needs_refund')),
    refund_reason text check (refund_reason in ('phone', 'code')),
    created_at timestamptz not null default now(),
    settled_at timestamptz,
    check ((outcome = 'needs_refund') = (refund_reason is not null))
  )`,
  `create index registration_attempts_needs_refund_idx on registration_attempts (settled_at desc)
    where outcome = 'needs_refund'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists registration_attempts').execute(db);
}
