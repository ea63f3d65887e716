import { sql } from 'kysely';

/** Free-text search: `like` patterns over the lower-cased columns behind the pg_trgm indexes. */

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%`, lower-cased, with `%`, `_` and `\` matched literally. */
export const containsPattern = (term: string) => `%${escapeLike(term.trim().toLowerCase())}%`;

/** Ids of the owners whose searchable text (name, business, code, phone, email) contains the pattern. */
export const ownerIdsMatching = (pattern: string) =>
  sql<number[]>`array(select id from owners where search_text like ${pattern})`;
