import { describe, expect, it } from 'vitest';
import { containsPattern } from './search.ts';

describe('containsPattern', () => {
  it('escapes LIKE metacharacters and lower-cases the term', () => {
    expect(containsPattern(' A%b_C\\ ')).toBe('%a\\%b\\_c\\\\%');
  });
});
