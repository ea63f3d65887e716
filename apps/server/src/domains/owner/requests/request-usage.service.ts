import {
  istMonth,
  REQUEST_LIMITS,
  REQUEST_TEXTS,
  resolveRegistrationPlan,
  type TRequestSummary,
  type TRequestUsage,
} from '@starloop/contract';
import {
  addRequestUsage,
  getOwnerReviewStats,
  getRequestUsage,
  ownerRequestTotals,
  type TDb,
  type TOwnerPublic,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';

/**
 * The plan's monthly quota of review requests (docs/decisions.md, "Review requests"): the month's
 * usage (an IST month), what a send or a campaign may still take, the usage given back by requests
 * that will never go, and the dashboard's figures from requests.
 */

export const requestLimit = (owner: Pick<TOwnerPublic, 'plan'>) =>
  REQUEST_LIMITS[owner.plan] ?? REQUEST_LIMITS.essential;

/** Refuses what the plan's month cannot take (inside the transaction holding the owner's lock). */
export async function assertQuota(
  trx: TDb,
  owner: TOwnerPublic,
  month: string,
  needed: number,
): Promise<void> {
  const limit = requestLimit(owner);
  const used = await getRequestUsage(trx, owner.id, month);
  if (used + needed <= limit) return;
  const plan = resolveRegistrationPlan(owner.plan).name;
  const message =
    used >= limit
      ? REQUEST_TEXTS.quotaReached(limit, plan)
      : REQUEST_TEXTS.quotaTooSmall(needed, limit - used);
  throw new AppError('FORBIDDEN', message);
}

/** Gives back the month's usage of requests that will never go. */
export async function giveBackUsage(trx: TDb, cancelled: { ownerId: number; sendAt: Date }[]): Promise<void> {
  const counts = new Map<string, { ownerId: number; month: string; n: number }>();
  for (const r of cancelled) {
    const key = `${r.ownerId}|${istMonth(r.sendAt)}`;
    const entry = counts.get(key) ?? { ownerId: r.ownerId, month: istMonth(r.sendAt), n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  }
  for (const { ownerId, month, n } of counts.values()) await addRequestUsage(trx, ownerId, month, -n);
}

export async function requestUsageOf(
  deps: Pick<TDeps, 'db' | 'now'>,
  owner: TOwnerPublic,
): Promise<TRequestUsage> {
  const month = istMonth(deps.now());
  return { month, used: await getRequestUsage(deps.db, owner.id, month), limit: requestLimit(owner) };
}

/** The dashboard's "Reviews from requests" beside the QR reviews. */
export async function getRequestSummary(deps: TDeps, owner: TOwnerPublic): Promise<TRequestSummary> {
  const [totals, stats, usage] = await Promise.all([
    ownerRequestTotals(deps.db, owner.id),
    getOwnerReviewStats(deps.db, owner.id),
    requestUsageOf(deps, owner),
  ]);
  return {
    reviewsFromRequests: totals.reviewed,
    averageFromRequests: totals.reviewed === 0 ? null : totals.ratingSum / totals.reviewed,
    qrReviews: Math.max(0, stats.reviewCount - totals.reviewed),
    requestsSent: totals.sent,
    usage,
  };
}
