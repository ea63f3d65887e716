import {
  DEFAULT_REVIEW_PAGE_LANGUAGE,
  isReviewPageLanguage,
  type TReviewPageLanguage,
} from './rules/languages.ts';
import { dominantScript, type TTextScript } from './text-script.ts';

/**
 * The language a review is answered in (issue 33 item 3: a Hindi complaint gets a Hindi answer).
 * A review left on the review page since migration 0030 carries its page language; older reviews
 * and Google reviews are read from the script of their text.
 */

/** The script each review page language is written in. */
export const LANGUAGE_SCRIPTS: Record<TReviewPageLanguage, TTextScript> = {
  en: 'latin',
  hi: 'devanagari',
  mr: 'devanagari',
  ta: 'tamil',
  te: 'telugu',
  bn: 'bengali',
  gu: 'gujarati',
  kn: 'kannada',
};

/**
 * The language of a text from its script: Devanagari is Hindi unless the business's page speaks
 * Marathi; Latin (English, romanised Hindi) and the scripts with no page language (Malayalam,
 * Gurmukhi, Odia) are English; a text with no letters (empty, emoji) takes the business's page
 * language, else English.
 */
export function languageOfText(
  text: string,
  pageLanguage: TReviewPageLanguage | null | undefined = null,
): TReviewPageLanguage {
  const script = dominantScript(text);
  if (script === null) return pageLanguage ?? DEFAULT_REVIEW_PAGE_LANGUAGE;
  if (script === 'devanagari') return pageLanguage === 'mr' ? 'mr' : 'hi';
  const found = (Object.entries(LANGUAGE_SCRIPTS) as [TReviewPageLanguage, TTextScript][]).find(
    ([language, s]) => s === script && language !== 'mr',
  );
  return found?.[0] ?? DEFAULT_REVIEW_PAGE_LANGUAGE;
}

/** A review's language: the page language it was left in, else the one its text is written in. */
export function reviewLanguage(
  review: { language?: string | null; message: string },
  pageLanguage: TReviewPageLanguage | null | undefined = null,
): TReviewPageLanguage {
  return isReviewPageLanguage(review.language)
    ? review.language
    : languageOfText(review.message, pageLanguage);
}

/** Whether a text is mostly written in the script of `language` (a reply in the language asked for). */
export const writtenIn = (text: string, language: TReviewPageLanguage): boolean =>
  dominantScript(text) === LANGUAGE_SCRIPTS[language];
