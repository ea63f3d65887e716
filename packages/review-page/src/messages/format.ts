import type { TPluralForms } from './types.ts';

/** Fills `{name}` placeholders in one pass: a filled-in value (a server's message) is never read again. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The form of a counted text for `n` in `lang` (Intl.PluralRules), with `{n}` filled in. */
export function plural(lang: string, forms: TPluralForms, n: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return fill(forms[rules.select(n)] ?? forms.other, { n });
}
