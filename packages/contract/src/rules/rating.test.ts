import { describe, expect, it } from 'vitest';
import {
  isLowRating,
  isPositiveRating,
  LOW_RATING_MAX,
  NEGATIVE_RATING_MAX,
  POSITIVE_RATING_MIN,
  RATING_MAX,
  RATING_MIN,
  ratingSentiment,
} from './rating.ts';

const STARS = [1, 2, 3, 4, 5];

describe('rating rules', () => {
  it('ratings run from 1 to 5 stars; 4 and up is positive (spec section 9)', () => {
    expect([RATING_MIN, RATING_MAX, POSITIVE_RATING_MIN, LOW_RATING_MAX, NEGATIVE_RATING_MAX]).toEqual([
      1, 5, 4, 3, 2,
    ]);
  });

  it('1 to 3 stars are low, 4 and 5 positive, and every rating is exactly one of the two', () => {
    expect(STARS.filter(isLowRating)).toEqual([1, 2, 3]);
    expect(STARS.filter(isPositiveRating)).toEqual([4, 5]);
    for (const stars of STARS) expect(isLowRating(stars)).toBe(!isPositiveRating(stars));
    // Split after 3 stars, as the submit schema always did (a fraction only comes in refused input).
    expect([isLowRating(3.5), isPositiveRating(3.5)]).toEqual([false, true]);
  });

  it('a rating alone reads 1-2 negative, 3 neutral, 4-5 positive', () => {
    expect(STARS.map(ratingSentiment)).toEqual(['negative', 'negative', 'neutral', 'positive', 'positive']);
  });
});
