import { OWNER_LANGUAGES } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { describe, expect, it } from 'vitest';
import { en, enRest } from './en.ts';
import { enFirst } from './en-first.ts';
import { OWNER_CATALOG_LOADERS } from './load-catalog.ts';
import { mergeTexts } from './merge-texts.ts';

/** Every leaf of a catalog by its path ('nav.inbox'). */
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
const keys = (catalog: unknown) => [...leaves(catalog).keys()].sort();

describe('owner area catalogs', () => {
  it('every language but English has its line in the one map, and nothing else does', () => {
    expect(Object.keys(OWNER_CATALOG_LOADERS).sort()).toEqual(
      OWNER_LANGUAGES.filter((l) => l !== 'en').sort(),
    );
  });

  it("English's two parts give no text twice, and together are the whole catalog", () => {
    const first = keys(enFirst);
    expect(first.filter((key) => leaves(enRest).has(key))).toEqual([]);
    expect(keys(en)).toEqual([...first, ...keys(enRest)].sort());
    expect(en.nav.inbox).toBe('Inbox');
    expect(en.requests.card.reviewsFromRequests).toBe('Reviews from requests');
    expect(en.requests.campaigns.sends).toBe('Sends');
  });

  it.each(OWNER_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English key in the same part, no other, each a text with the same placeholders',
    async (language) => {
      const loaders = OWNER_CATALOG_LOADERS[language as 'hi'];
      const first = (await loaders.first()).default;
      const rest = (await loaders.rest()).default;
      expect(keys(first)).toEqual(keys(enFirst));
      expect(keys(rest)).toEqual(keys(enRest));
      const source = leaves(en);
      const translated = leaves(mergeTexts(first, rest));
      expect([...translated.keys()].sort()).toEqual([...source.keys()].sort());
      for (const [key, text] of source) {
        const other = translated.get(key);
        expect(typeof other, key).toBe('string');
        expect((other as string).trim(), key).not.toBe('');
        expect(placeholders(other as string), key).toEqual(placeholders(text as string));
      }
    },
  );

  it('fills placeholders once and leaves unknown ones as they are', () => {
    expect(fill(en.titles.hi, { name: 'Asha' })).toBe('Hi, Asha');
    expect(fill('{n} open {x}', { n: 3 })).toBe('3 open {x}');
  });
});
