import type { TReviewLanguage } from '../languages.ts';
import { asMessages, type TCatalogJson } from './catalog.ts';
import { messages as en } from './en.ts';
import type { TReviewMessages } from './types.ts';

type TCatalogModule = Promise<{ default: TCatalogJson }>;

/** One chunk per language: a page in Tamil downloads the Tamil texts and no others. */
const LOADERS: Record<Exclude<TReviewLanguage, 'en'>, () => TCatalogModule> = {
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
  return asMessages((await LOADERS[lang]()).default);
}
