import { addBusinessMinutes, DEFAULT_FIRST_RESPONSE_MINUTES, isLowRating } from '@starloop/contract';
import { findCaseResponseMinutes, openCases, type TDb } from '@starloop/db';
import type { TReviewListener, TWrittenReview } from '../../context.ts';

/**
 * Whether a new review opens a feedback case: every 1-3 star review, and a 4-5 star one whose text
 * reads negative when its branch asks for that (owners.cases_for_negative_high_ratings).
 */
export function opensCase({ review, owner }: TWrittenReview): boolean {
  if (isLowRating(review.rating)) return true;
  return owner.casesForNegativeHighRatings === true && review.sentimentLabel === 'negative';
}

/**
 * Opens the cases of a batch in the reviews' own transaction, so a case exists if and only if its
 * review does; due at the account's first-response target counted in IST business hours from the
 * review's time. A review that already has a case keeps it (ON CONFLICT (review_id) DO NOTHING).
 */
export async function openReviewCases(trx: TDb, written: readonly TWrittenReview[]): Promise<number> {
  const opening = written.filter(opensCase);
  if (opening.length === 0) return 0;
  const targets = await findCaseResponseMinutes(trx, [
    ...new Set(opening.map(({ owner }) => owner.accountId)),
  ]);
  return openCases(
    trx,
    opening.map(({ review, owner }) => ({
      reviewId: review.id,
      ownerId: owner.id,
      rating: review.rating,
      createdAt: review.createdAt,
      dueAt: addBusinessMinutes(
        review.createdAt,
        targets.get(owner.accountId) ?? DEFAULT_FIRST_RESPONSE_MINUTES,
      ),
    })),
  );
}

/** The feedback cases' reaction to a new review (runs after the replies listener decided its sentiment). */
export function casesReviewListener(): TReviewListener {
  return {
    name: 'cases',
    written: async (trx, written) => {
      await openReviewCases(trx, written);
    },
  };
}
