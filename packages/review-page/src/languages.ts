import {
  DEFAULT_REVIEW_PAGE_LANGUAGE,
  isReviewPageLanguage,
  REVIEW_PAGE_LANGUAGE_META,
  REVIEW_PAGE_LANGUAGES,
  type TLanguageMeta,
  type TReviewPageLanguage,
} from '@starloop/contract/rules';

/*
 * The languages the customer review page speaks: the contract's one list
 * (`@starloop/contract/rules`, rules/languages.ts, free of zod so the page's own code stays small),
 * under the names the page's code uses.
 */
export const REVIEW_LANGUAGES = REVIEW_PAGE_LANGUAGES;
export type TReviewLanguage = TReviewPageLanguage;
export type { TLanguageMeta };

export const DEFAULT_REVIEW_LANGUAGE: TReviewLanguage = DEFAULT_REVIEW_PAGE_LANGUAGE;

/** Each language's own name, BCP 47 tag and direction (and English name). */
export const LANGUAGE_META: Record<TReviewLanguage, TLanguageMeta> = REVIEW_PAGE_LANGUAGE_META;

/** The query parameter that picks the language (`/review/{code}?lang=hi`). */
export const LANG_PARAM = 'lang';
/** Where the switcher remembers the customer's choice on this device. */
export const LANG_STORAGE_KEY = 'starloopReviewLang';

export const isReviewLanguage: (value: unknown) => value is TReviewLanguage = isReviewPageLanguage;

/**
 * The supported language a browser's Accept-Language header prefers most, if any: tags by their
 * q-value (ties keep the header's order), matched on the primary subtag ("hi-IN" is Hindi).
 */
export function languageFromAcceptLanguage(header: string | undefined | null): TReviewLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', weight, index };
    })
    .filter((entry) => Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) if (isReviewLanguage(entry.primary)) return entry.primary;
  return null;
}

/**
 * The page's language: `?lang=`, then the owner's default for the page, then the browser's
 * Accept-Language, then English. (A choice remembered on the device is applied by the page itself,
 * which navigates to `?lang=`: the server sees no storage.)
 */
export function resolveReviewLanguage(choice: {
  query?: unknown;
  ownerDefault?: string | null;
  acceptLanguage?: string | null;
}): { lang: TReviewLanguage; source: 'query' | 'owner' | 'browser' | 'default' } {
  if (isReviewLanguage(choice.query)) return { lang: choice.query, source: 'query' };
  if (isReviewLanguage(choice.ownerDefault)) return { lang: choice.ownerDefault, source: 'owner' };
  const browser = languageFromAcceptLanguage(choice.acceptLanguage);
  if (browser) return { lang: browser, source: 'browser' };
  return { lang: DEFAULT_REVIEW_LANGUAGE, source: 'default' };
}
