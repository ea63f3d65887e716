import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './plural.ts';

describe('counted words', () => {
  it.each([
    [0, 'star', '0 stars'],
    [1, 'star', '1 star'],
    [2, 'star', '2 stars'],
    [5, 'star', '5 stars'],
    [1, 'review', '1 review'],
    [100000, 'review', '1,00,000 reviews'],
  ])('%i %s is "%s"', (count, one, text) => {
    expect(countOf(count, one)).toBe(text);
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'business', 'businesses')).toBe('1 business');
    expect(countOf(3, 'business', 'businesses')).toBe('3 businesses');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
    expect(pluralWord(1, 'case')).toBe('case');
    expect(pluralWord(0, 'case')).toBe('cases');
  });
});
