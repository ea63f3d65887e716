import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const importsOf = (file: string) =>
  [...readFileSync(path.join(here, file), 'utf8').matchAll(/^import[^;]*?from '([^']+)';/gms)].map(
    (match) => match[1]!,
  );

describe('the shape the code keeps', () => {
  it('context.ts owns the ports and imports nothing from domains/', () => {
    expect(importsOf('context.ts').filter((spec) => spec.includes('domains/'))).toEqual([]);
  });

  it('the review writer knows no feature that reacts to a review (they are listeners)', () => {
    const foreign = importsOf('domains/public/review/review-writer.service.ts').filter(
      (spec) => spec.startsWith('.') && /\/(replies|cases|owner|google|admin|payments)\//.test(spec),
    );
    expect(foreign).toEqual([]);
  });
});
