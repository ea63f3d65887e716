/**
 * The languages of the customer review page: THE list. Everything else derives from it: the
 * contract's REVIEW_PAGE_LANGUAGES (the owner's setting), the review page's REVIEW_LANGUAGES and
 * LANGUAGE_META (the switcher, `<html lang dir>`), the owner's settings screen. Each language but
 * English has a catalog, `packages/review-page/src/messages/<code>.json`, found through the one map
 * in `messages/load-catalog.ts` (a test fails when either is missing).
 *
 * Adding a language: an entry here, its JSON catalog, its line in that map (and a line on the
 * translation in `messages/README.md`). Order is the switcher's order.
 */

export interface TLanguageMeta {
  /** The language's own name, as the switcher shows it (a reader of that language finds it). */
  name: string;
  /** Its name in English, as the owner's settings show it beside its own. */
  english: string;
  /** BCP 47 tag for <html lang> and the switcher's links: the Indian variant of each language. */
  tag: string;
  dir: 'ltr' | 'rtl';
}

export const REVIEW_PAGE_LANGUAGE_META = {
  en: { name: 'English', english: 'English', tag: 'en-IN', dir: 'ltr' },
  hi: { name: 'हिन्दी', english: 'Hindi', tag: 'hi-IN', dir: 'ltr' },
  mr: { name: 'मराठी', english: 'Marathi', tag: 'mr-IN', dir: 'ltr' },
  ta: { name: 'தமிழ்', english: 'Tamil', tag: 'ta-IN', dir: 'ltr' },
  te: { name: 'తెలుగు', english: 'Telugu', tag: 'te-IN', dir: 'ltr' },
  bn: { name: 'বাংলা', english: 'Bengali', tag: 'bn-IN', dir: 'ltr' },
  gu: { name: 'ગુજરાતી', english: 'Gujarati', tag: 'gu-IN', dir: 'ltr' },
  kn: { name: 'ಕನ್ನಡ', english: 'Kannada', tag: 'kn-IN', dir: 'ltr' },
} as const satisfies Record<string, TLanguageMeta>;

export type TReviewPageLanguage = keyof typeof REVIEW_PAGE_LANGUAGE_META;

/** The codes, in the list's order: en, hi, mr, ta, te, bn, gu, kn. */
export const REVIEW_PAGE_LANGUAGES = Object.keys(REVIEW_PAGE_LANGUAGE_META) as readonly TReviewPageLanguage[];

/** The language a page falls back to, and the one whose texts are always at hand (no catalog file). */
export const DEFAULT_REVIEW_PAGE_LANGUAGE = 'en' satisfies TReviewPageLanguage;

/** The languages with a JSON catalog: all but English. */
export type TCatalogLanguage = Exclude<TReviewPageLanguage, typeof DEFAULT_REVIEW_PAGE_LANGUAGE>;

export const isReviewPageLanguage = (value: unknown): value is TReviewPageLanguage =>
  typeof value === 'string' && (REVIEW_PAGE_LANGUAGES as readonly string[]).includes(value);

/** "Hindi (हिन्दी)"; English alone for English: how the owner reads the choices. */
export const languageLabel = (lang: TReviewPageLanguage): string => {
  const { english, name } = REVIEW_PAGE_LANGUAGE_META[lang];
  return english === name ? english : `${english} (${name})`;
};
