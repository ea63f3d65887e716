import { REVIEW_LANGUAGES, type TReviewLanguage } from '../languages.ts';
import { loadCatalog } from './load-catalog.ts';
import type { TReviewMessages } from './types.ts';

/**
 * Every catalog, for the server (which inlines only the page's own one into the HTML): read once,
 * through the one map of `load-catalog.ts`, while this module loads (a top-level await, so an
 * importer finds them all at hand).
 */
export const CATALOGS = Object.fromEntries(
  await Promise.all(REVIEW_LANGUAGES.map(async (lang) => [lang, await loadCatalog(lang)] as const)),
) as Record<TReviewLanguage, TReviewMessages>;
