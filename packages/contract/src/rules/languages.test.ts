import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REVIEW_PAGE_LANGUAGE,
  isReviewPageLanguage,
  languageLabel,
  REVIEW_PAGE_LANGUAGE_META,
  REVIEW_PAGE_LANGUAGES,
} from './languages.ts';

describe('review page languages (the one list)', () => {
  it('are the eight, in the switcher order, each with its own name, an Indian tag and a direction', () => {
    expect(REVIEW_PAGE_LANGUAGES).toEqual(['en', 'hi', 'mr', 'ta', 'te', 'bn', 'gu', 'kn']);
    expect(DEFAULT_REVIEW_PAGE_LANGUAGE).toBe('en');
    for (const lang of REVIEW_PAGE_LANGUAGES) {
      expect(REVIEW_PAGE_LANGUAGE_META[lang]).toMatchObject({ tag: `${lang}-IN`, dir: 'ltr' });
    }
  });

  it('reads as the owner sees them: the English name, then the language’s own', () => {
    expect(REVIEW_PAGE_LANGUAGES.map(languageLabel)).toEqual([
      'English',
      'Hindi (हिन्दी)',
      'Marathi (मराठी)',
      'Tamil (தமிழ்)',
      'Telugu (తెలుగు)',
      'Bengali (বাংলা)',
      'Gujarati (ગુજરાતી)',
      'Kannada (ಕನ್ನಡ)',
    ]);
  });

  it('knows its own codes only', () => {
    expect(REVIEW_PAGE_LANGUAGES.every(isReviewPageLanguage)).toBe(true);
    for (const other of ['fr', 'HI', 'hi-IN', '', 'toString', '__proto__', null, 1]) {
      expect(isReviewPageLanguage(other), String(other)).toBe(false);
    }
  });
});
