import { type Kysely, sql } from 'kysely';

/**
 * The owner's default language for the customer review page (null: the customer's phone decides).
 * The list is the contract's REVIEW_PAGE_LANGUAGES as it stood when this was written. Frozen once
 * shipped: a new language is a new migration that replaces the check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table owners add column review_page_language text
    constraint owners_review_page_language_check
    check (review_page_language in ('en', 'hi', 'mr', 'ta', 'te', 'bn', 'gu', 'kn'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table owners drop column review_page_language`.execute(db);
}
