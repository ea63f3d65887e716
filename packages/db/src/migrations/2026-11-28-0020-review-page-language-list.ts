import { type Kysely, sql } from 'kysely';

/**
 * The review page's languages have one list, in the contract (`rules/languages.ts`), and the only
 * writer of owners.review_page_language (owner.settings.update) takes nothing else: its schema is
 * built from that list. The check of migration 0015 was a copy of the list that made each new
 * language a migration of its own; it goes. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table owners drop constraint owners_review_page_language_check`.execute(db);
}

/** The check as migration 0015 wrote it (refused while an owner has a language added since). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table owners add constraint owners_review_page_language_check
    check (review_page_language in ('en', 'hi', 'mr', 'ta', 'te', 'bn', 'gu', 'kn'))`.execute(db);
}
