import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every module a file names: static imports and re-exports, and dynamic imports. */
const importsOf = (text: string) =>
  [
    ...text.matchAll(
      /\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]);

describe('@starloop/contract/rules', () => {
  it('imports nothing but its own files, so no zod can reach the review page through it', () => {
    const dir = new URL('./', import.meta.url);
    const files = readdirSync(dir).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'));
    expect(files).toContain('index.ts');
    for (const name of files) {
      const outside = importsOf(readFileSync(new URL(name, dir), 'utf8')).filter(
        (spec) => !spec?.startsWith('./') || spec.includes('/..'),
      );
      expect(outside, `${name} imports`).toEqual([]);
    }
  });
});
