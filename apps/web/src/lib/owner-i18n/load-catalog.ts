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

/** Fills `{name}` placeholders. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** A counted text in `language` by Intl.PluralRules, `{n}` filled in (`other` when a form is missing). */
export function pluralText(
  language: string,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
  n: number,
): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(`${language}-IN`);
    pluralRules.set(language, rules);
  }
  return fillText(forms[rules.select(n)] ?? forms.other, { n });
}
