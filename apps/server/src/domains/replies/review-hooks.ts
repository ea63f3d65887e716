import type { TSentimentLabel } from '@starloop/contract';
import type { TDb, TOwnerPublic, TReview } from '@starloop/db';
import type { TDeps } from '../../context.ts';

/**
 * Sentiment of a review, computed locally when it is stored. Null when the engine is not
 * available yet (issue 8 fills this in).
 */
export function sentimentFor(
  _message: string,
  _rating: number,
): { label: TSentimentLabel; score: number } | null {
  return null;
}

/** Runs inside the review's transaction: queue the reply and notification jobs there. */
export async function afterReviewInserted(
  _deps: TDeps,
  _trx: TDb,
  _review: TReview,
  _owner: TOwnerPublic,
): Promise<void> {}
