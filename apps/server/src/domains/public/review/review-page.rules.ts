import { PUBLIC_TEXTS } from '@starloop/contract';
import type { TOwnerPublic } from '@starloop/db';
import { AppError, notFound } from '../../../lib/errors.ts';
import { isReviewPageOpen } from '../../payments/subscription.rules.ts';

/** What a review page address shows: the open page, or why not (404 unknown, 410 closed). */
export type TPageLookup =
  | { status: 200; owner: TOwnerPublic }
  | { status: 404; owner: undefined }
  | { status: 410; owner: TOwnerPublic };

/** The one rule for a review page: an unknown code is a 404, a closed page (isReviewPageOpen) a 410. */
export function reviewPageState(owner: TOwnerPublic | undefined, now: Date): TPageLookup {
  if (!owner) return { status: 404, owner: undefined };
  return isReviewPageOpen(owner, now) ? { status: 200, owner } : { status: 410, owner };
}

/** reviewPageState for the JSON paths: the open page's owner, or the 404 or 410 error. */
export function assertReviewPageOpen(owner: TOwnerPublic | undefined, now: Date): TOwnerPublic {
  const state = reviewPageState(owner, now);
  if (state.status === 404) throw notFound(PUBLIC_TEXTS.businessNotFound);
  if (state.status === 410) {
    throw new AppError(
      'GONE',
      state.owner.closedAt ? PUBLIC_TEXTS.reviewPageClosed : PUBLIC_TEXTS.reviewPageInactive,
    );
  }
  return state.owner;
}
