import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REVIEW_LANGUAGES } from '../languages.ts';
import { CATALOGS } from './all-catalogs.ts';
import { messages as en } from './en.ts';
import { fill, plural } from './format.ts';
import { CATALOG_LOADERS } from './load-catalog.ts';
import type { TReviewMessages } from './types.ts';

/** Every leaf of a catalog by its path ('ratingWords.0', 'starLabel.other'). */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [p, v] of leaves(child, path ? `${path}.${key}` : key)) found.set(p, v);
    }
  } else found.set(path, value);
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('review page catalogs', () => {
  it('every language of the list has its JSON file, and all but English their line in the one map', async () => {
    for (const lang of REVIEW_LANGUAGES) {
      expect(existsSync(new URL(`./${lang}.json`, import.meta.url)), `${lang}.json`).toBe(true);
      expect(CATALOGS[lang]?.question, `${lang} among the server's catalogs`).toBeTypeOf('string');
    }
    // English is always at hand (en.ts); every other language is found through the map.
    const withLoader = REVIEW_LANGUAGES.filter((lang) => lang !== 'en');
    for (const lang of withLoader) {
      expect(CATALOG_LOADERS, `the map's line for ${lang}`).toHaveProperty(lang);
      expect((await CATALOG_LOADERS[lang]()).default, `${lang}.json through the map`).toEqual(CATALOGS[lang]);
    }
    // Nothing else: no line or file for a language the list does not have.
    expect(Object.keys(CATALOG_LOADERS).sort()).toEqual([...withLoader].sort());
    const files = readdirSync(new URL('./', import.meta.url)).filter((name) => name.endsWith('.json'));
    expect(files.map((name) => name.replace(/\.json$/, '')).sort()).toEqual([...REVIEW_LANGUAGES].sort());
  });

  it('English holds the spec texts verbatim', () => {
    expect(en).toMatchObject({
      loading: 'Loading review form...',
      noCode: 'No business code provided',
      loadFailed: 'Failed to load review information',
      question: 'How was your experience?',
      ratingWords: ['Poor', 'Fair', 'Good', 'Great', 'Excellent'],
      submit: 'Submit Feedback',
      cancel: 'Cancel',
      thanks: 'Thank you! Your feedback has been received',
      submitFailed: 'Failed to submit review: {message}',
    });
    expect([1, 2, 5].map((n) => plural('en', en.starLabel, n))).toEqual([
      'Rate 1 star',
      'Rate 2 stars',
      'Rate 5 stars',
    ]);
  });

  it.each(REVIEW_LANGUAGES.filter((lang) => lang !== 'en'))(
    '%s has every text the English catalog has, none empty, with the same placeholders',
    (lang) => {
      const catalog: TReviewMessages = CATALOGS[lang];
      const english = leaves(en);
      const translated = leaves(catalog);
      // A plural form English lacks is fine ("one"/"other" differ by language); "other" is required.
      const missing = [...english.keys()].filter(
        (key) => !translated.has(key) && !key.startsWith('starLabel.one'),
      );
      expect(missing, `${lang} misses`).toEqual([]);
      expect(translated.get('starLabel.other')).toBeTypeOf('string');
      const extra = [...translated.keys()].filter(
        (key) => !english.has(key) && !key.startsWith('starLabel.'),
      );
      expect(extra, `${lang} has keys English lacks`).toEqual([]);
      for (const [key, text] of translated) {
        expect(typeof text === 'string' && text.trim().length > 0, `${lang}.${key}`).toBe(true);
        const englishKey = key.startsWith('starLabel.') ? 'starLabel.other' : key;
        expect(placeholders(String(text)), `${lang}.${key}`).toEqual(
          placeholders(String(english.get(englishKey))),
        );
      }
      expect(catalog.ratingWords).toHaveLength(5);
      expect(new Set(catalog.ratingWords).size, `${lang}: five different words`).toBe(5);
    },
  );

  it('actually translates: no text but the brand, digits and channel names is left in English', () => {
    for (const lang of REVIEW_LANGUAGES.filter((l) => l !== 'en')) {
      for (const [key, text] of leaves(CATALOGS[lang])) {
        // WhatsApp and SMS are what customers call them; STOP is the keyword they must send.
        const letters = String(text)
          .replace(/\{\w+\}/g, '')
          .replace(/\b(WhatsApp|SMS|STOP)\b/g, '');
        expect(/[A-Za-z]{3,}/.test(letters), `${lang}.${key}: ${text}`).toBe(false);
      }
    }
  });

  it('fills placeholders once (a message with braces stays as it is) and picks plural forms', () => {
    expect(fill('Failed to submit review: {message}', { message: 'Bad {message}' })).toBe(
      'Failed to submit review: Bad {message}',
    );
    expect(fill('{brand} {missing}', { brand: 'StarLoop' })).toBe('StarLoop {missing}');
    expect(plural('ta', CATALOGS.ta.starLabel, 1)).toBe('1 நட்சத்திரம் கொடுங்கள்');
    expect(plural('ta', CATALOGS.ta.starLabel, 4)).toBe('4 நட்சத்திரங்கள் கொடுங்கள்');
    expect(plural('hi', CATALOGS.hi.starLabel, 3)).toBe('3 स्टार दें');
  });
});
