import { PUBLIC_TEXTS, SUBSCRIPTION_GRACE_DAYS } from '@starloop/contract';
import type { TOwnerPublic } from '@starloop/db';
import { AppError, notFound } from '../../../lib/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Active, not deleted, and within the subscription plus the 7-day grace period. */
export function isReviewPageOpen(owner: TOwnerPublic, now: Date): boolean {
  if (owner.deletedAt || owner.status !== 'active') return false;
  if (!owner.subscriptionEnd) return true;
  return owner.subscriptionEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS >= now.getTime();
}

/** The one rule for a review page: an unknown code is a 404, a closed page a 410. */
export function assertReviewPageOpen(owner: TOwnerPublic | undefined, now: Date): TOwnerPublic {
  if (!owner) throw notFound(PUBLIC_TEXTS.businessNotFound);
  if (!isReviewPageOpen(owner, now)) throw new AppError('GONE', PUBLIC_TEXTS.reviewPageInactive);
  return owner;
}
