import type { TReviewMessages } from './types.ts';

/**
 * A catalog as its JSON file (`<lang>.json`) holds it. JSON has no tuples, so the five rating words
 * arrive as a list; the catalog test checks there are five of them, different from each other.
 */
export type TCatalogJson = Omit<TReviewMessages, 'ratingWords'> & { ratingWords: readonly string[] };

/** One language's texts, read from its JSON file (every key of TReviewMessages is type-checked). */
export const asMessages = (json: TCatalogJson): TReviewMessages => json as TReviewMessages;
