import type { TOwnerLanguage } from '@starloop/contract';
import { en, type TOwnerMessages } from './en.ts';

/**
 * THE map of the owner area's catalogs but English (always at hand): one chunk per language, loaded
 * only by a person who chose it. `owner-catalogs.test.ts` fails when a language has no line here.
 */
export const OWNER_CATALOG_LOADERS: Record<
  Exclude<TOwnerLanguage, 'en'>,
  () => Promise<{ default: TOwnerMessages }>
> = {
  hi: () => import('./hi.json'),
};

export async function loadOwnerCatalog(language: TOwnerLanguage): Promise<TOwnerMessages> {
  if (language === 'en') return en;
  return (await OWNER_CATALOG_LOADERS[language]()).default;
}
