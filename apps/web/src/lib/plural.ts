import { formatNumber } from './format.ts';

/**
 * Counted words in the app's English (en-IN), by Intl.PluralRules: "1 star", "2 stars", "0 stars",
 * "1 business", "3 businesses". The customer review page has its own catalogs per language
 * (packages/review-page, `plural`); this is the owner and admin screens' one helper.
 */
const RULES = new Intl.PluralRules('en-IN');

/** The word for `count`: `one` when English says one (1), else `other` (default: `one` + "s"). */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return RULES.select(count) === 'one' ? one : other;
}

/** The count (grouped the Indian way) and its word: `countOf(1, 'star')` is "1 star". */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${formatNumber(count)} ${pluralWord(count, one, other)}`;
}
