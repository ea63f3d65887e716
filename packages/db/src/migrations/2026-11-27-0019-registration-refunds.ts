import { type Kysely, sql } from 'kysely';

/**
 * The refund of a registration payment applied to nobody (outcome 'needs_refund'): the provider's
 * refund id and when it was made. Both or neither, and only on such an attempt. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table registration_attempts
    add column refund_id text,
    add column refunded_at timestamptz,
    add constraint registration_attempts_refund_check
      check ((refund_id is null) = (refunded_at is null) and (refund_id is null or outcome = 'needs_refund'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table registration_attempts
    drop constraint registration_attempts_refund_check,
    drop column refunded_at,
    drop column refund_id`.execute(db);
}
