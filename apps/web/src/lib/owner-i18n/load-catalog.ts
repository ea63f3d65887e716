import type { TOwnerLanguage } from '@starloop/contract';
import type { TOwnerRestMessages } from './en.ts';
import { enFirst, type TOwnerFirstMessages } from './en-first.ts';

/**
 * THE map of the owner area's catalogs but English: each language in two parts, each a chunk of
 * its own loaded only by a person who chose it: `first`, what every owner page's first view reads
 * (en-first.ts in English), and `rest`, every other screen's texts (en.ts). `owner-catalogs.test.ts`
 * fails when a language has no line here or a part's keys differ from English.
 */
export const OWNER_CATALOG_LOADERS: Record<
  Exclude<TOwnerLanguage, 'en'>,
  {
    first: () => Promise<{ default: TOwnerFirstMessages }>;
    rest: () => Promise<{ default: TOwnerRestMessages }>;
  }
> = {
  hi: { first: () => import('./hi-first.json'), rest: () => import('./hi.json') },
};

/** The first view's texts in `language`. */
export async function loadFirstTexts(language: TOwnerLanguage): Promise<TOwnerFirstMessages> {
  if (language === 'en') return enFirst;
  return (await OWNER_CATALOG_LOADERS[language].first()).default;
}
