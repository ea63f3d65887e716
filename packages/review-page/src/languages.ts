/**
 * The languages the customer review page speaks (the contract's REVIEW_PAGE_LANGUAGES; a server
 * test keeps the two lists equal). Kept here, free of zod, so the page's own code stays small.
 */
export const REVIEW_LANGUAGES = ['en', 'hi', 'mr', 'ta', 'te', 'bn', 'gu', 'kn'] as const;
export type TReviewLanguage = (typeof REVIEW_LANGUAGES)[number];

export const DEFAULT_REVIEW_LANGUAGE: TReviewLanguage = 'en';

export interface TLanguageMeta {
  /** The language's own name, as the switcher shows it (a reader of that language finds it). */
  name: string;
  /** BCP 47 tag for <html lang> and the switcher's links: the Indian variant of each language. */
  tag: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGE_META: Record<TReviewLanguage, TLanguageMeta> = {
  en: { name: 'English', tag: 'en-IN', dir: 'ltr' },
  hi: { name: 'हिन्दी', tag: 'hi-IN', dir: 'ltr' },
  mr: { name: 'मराठी', tag: 'mr-IN', dir: 'ltr' },
  ta: { name: 'தமிழ்', tag: 'ta-IN', dir: 'ltr' },
  te: { name: 'తెలుగు', tag: 'te-IN', dir: 'ltr' },
  bn: { name: 'বাংলা', tag: 'bn-IN', dir: 'ltr' },
  gu: { name: 'ગુજરાતી', tag: 'gu-IN', dir: 'ltr' },
  kn: { name: 'ಕನ್ನಡ', tag: 'kn-IN', dir: 'ltr' },
};

/** The query parameter that picks the language (`/review/{code}?lang=hi`). */
export const LANG_PARAM = 'lang';
/** Where the switcher remembers the customer's choice on this device. */
export const LANG_STORAGE_KEY = 'starloopReviewLang';

export function isReviewLanguage(value: unknown): value is TReviewLanguage {
  return typeof value === 'string' && (REVIEW_LANGUAGES as readonly string[]).includes(value);
}

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
