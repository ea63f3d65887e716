import { LOW_RATING_MAX, NEGATIVE_RATING_MAX, POSITIVE_RATING_MIN } from '@starloop/contract/rules';
import { type RawBuilder, sql } from 'kysely';

/*
 * The contract's rating rules (`@starloop/contract/rules`, rules/rating.ts) as SQL, for every
 * repository query that splits ratings: `.where(lowRating())`, `count(*) filter (where
 * ${positiveRating()})`. `column` is the rating column, qualified when the query joins
 * (`'reviews.rating'`). The bounds are written into the statement as literals.
 */

/** 1 to 3 stars (up to LOW_RATING_MAX): low ratings, the ones alerts and digests are about. */
export const lowRating = (column = 'rating'): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} <= ${sql.lit(LOW_RATING_MAX)}`;

/** 4 and 5 stars (from POSITIVE_RATING_MIN): positive ratings. */
export const positiveRating = (column = 'rating'): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} >= ${sql.lit(POSITIVE_RATING_MIN)}`;

/** 1 and 2 stars (up to NEGATIVE_RATING_MAX): negative by the stars alone, when no label says otherwise. */
export const negativeRating = (column = 'rating'): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} <= ${sql.lit(NEGATIVE_RATING_MAX)}`;
