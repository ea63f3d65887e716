/**
 * The star rating's product rules (spec section 9), in one place for every reader: the review page
 * (which ships to customers' phones, so this file imports nothing), the contract's schemas, the
 * server and the repositories' SQL (`packages/db`, `repositories/rating-sql.ts`).
 */

/** A rating is a whole number of stars from RATING_MIN to RATING_MAX. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A rating at or above this counts as positive (spec section 9); below it, as low. */
export const POSITIVE_RATING_MIN = 4;
/** The highest low rating: 3 stars. */
export const LOW_RATING_MAX = POSITIVE_RATING_MIN - 1;
/** A rating alone (no message) at or below this reads as negative; 3 stars as neutral. */
export const NEGATIVE_RATING_MAX = 2;

/*
 * Ratings are whole stars. The two tests below split at LOW_RATING_MAX, so a fraction between 3 and
 * 4 (only ever in input the schemas refuse) counts as positive, as the submit schema always read it.
 */
/** 1 to 3 stars: the customer is asked for private feedback, and the owner is alerted. */
export const isLowRating = (rating: number): boolean => rating <= LOW_RATING_MAX;
/** 4 or 5 stars: the customer is sent on to the public review site. */
export const isPositiveRating = (rating: number): boolean => rating > LOW_RATING_MAX;

/**
 * The sentiment a rating alone carries (an empty message): 1-2 negative, 3 (the highest low rating)
 * neutral, 4-5 positive.
 */
export function ratingSentiment(rating: number): 'negative' | 'neutral' | 'positive' {
  if (rating <= NEGATIVE_RATING_MAX) return 'negative';
  return rating === LOW_RATING_MAX ? 'neutral' : 'positive';
}
