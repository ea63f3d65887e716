import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_META,
  languageFromAcceptLanguage,
  REVIEW_LANGUAGES,
  resolveReviewLanguage,
} from './languages.ts';

describe('review page languages', () => {
  it('are the eight the page speaks, each with its own name, an Indian tag and a direction', () => {
    expect(REVIEW_LANGUAGES).toEqual(['en', 'hi', 'mr', 'ta', 'te', 'bn', 'gu', 'kn']);
    for (const lang of REVIEW_LANGUAGES) {
      expect(LANGUAGE_META[lang].tag).toBe(`${lang}-IN`);
      expect(LANGUAGE_META[lang].dir).toBe('ltr');
      expect(LANGUAGE_META[lang].name.length).toBeGreaterThan(1);
    }
  });

  it('reads Accept-Language by quality, then order, on the primary subtag', () => {
    expect(languageFromAcceptLanguage('hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('hi');
    expect(languageFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('fr, ta;q=0.5, kn;q=0.8')).toBe('kn');
    expect(languageFromAcceptLanguage('de, fr;q=0.9')).toBeNull();
    expect(languageFromAcceptLanguage('ta;q=0, bn')).toBe('bn');
    expect(languageFromAcceptLanguage('*')).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
    expect(languageFromAcceptLanguage('MR-in')).toBe('mr');
  });

  it('takes ?lang=, then the owner default, then the browser, then English', () => {
    expect(resolveReviewLanguage({ query: 'gu', ownerDefault: 'ta', acceptLanguage: 'hi' })).toEqual({
      lang: 'gu',
      source: 'query',
    });
    expect(resolveReviewLanguage({ query: 'xx', ownerDefault: 'ta', acceptLanguage: 'hi' }).lang).toBe('ta');
    expect(resolveReviewLanguage({ query: ['hi'], ownerDefault: null, acceptLanguage: 'te-IN' })).toEqual({
      lang: 'te',
      source: 'browser',
    });
    expect(resolveReviewLanguage({})).toEqual({ lang: 'en', source: 'default' });
  });
});
