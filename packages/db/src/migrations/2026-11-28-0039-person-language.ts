import { type Kysely, sql } from 'kysely';

/**
 * The owner area's language, chosen by each person and remembered on every device (issue 34 item
 * 6): English (the spec's texts) or Hindi. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table persons add column language text not null default 'en' check (language in ('en', 'hi'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table persons drop column language`.execute(db);
}
