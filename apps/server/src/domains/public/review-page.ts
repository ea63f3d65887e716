import { SUBSCRIPTION_GRACE_DAYS } from '@starloop/contract';
import type { TOwnerPublic } from '@starloop/db';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Active, not deleted, and within the subscription plus the 7-day grace period. */
export function isReviewPageOpen(owner: TOwnerPublic, now: Date): boolean {
  if (owner.deletedAt || owner.status !== 'active') return false;
  if (!owner.subscriptionEnd) return true;
  return owner.subscriptionEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS >= now.getTime();
}
