import type { TCatalogLanguage } from '@starloop/contract/rules';
import type { TReviewLanguage } from '../languages.ts';
import { asMessages, type TCatalogJson } from './catalog.ts';
import { messages as en } from './en.ts';
import type { TReviewMessages } from './types.ts';

type TCatalogModule = Promise<{ default: TCatalogJson }>;

/**
 * THE map of catalogs: one line per language of the list (`@starloop/contract/rules`,
 * rules/languages.ts) but English (`en.ts`, always at hand). The browser app loads one at a time
 * from it (one chunk per language: a page in Tamil downloads the Tamil texts and no others); the
 * server loads them all from it once (`all-catalogs.ts`). `catalogs.test.ts` fails when a language
 * of the list has no line here or no JSON file.
 */
export const CATALOG_LOADERS: Record<TCatalogLanguage, () => TCatalogModule> = {
  hi: () => import('./hi.json'),
  mr: () => import('./mr.json'),
  ta: () => import('./ta.json'),
  te: () => import('./te.json'),
  bn: () => import('./bn.json'),
  gu: () => import('./gu.json'),
  kn: () => import('./kn.json'),
};

/** The browser app's way to a catalog (the server-rendered page gets its one catalog inlined). */
export async function loadCatalog(lang: TReviewLanguage): Promise<TReviewMessages> {
  if (lang === 'en') return en;
  return asMessages((await CATALOG_LOADERS[lang]()).default);
}
