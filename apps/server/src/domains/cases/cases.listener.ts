import { addBusinessMinutes, DEFAULT_FIRST_RESPONSE_MINUTES, isLowRating } from '@starloop/contract';
import { findCaseIdsOfReviews, findCaseResponseMinutes, openCases, type TDb } from '@starloop/db';
import type { TDeps, TReviewListener, TWrittenReview } from '../../context.ts';
import { emitCaseEvents, type TSubscriberLoader } from './case-webhook.events.ts';

/**
 * Whether a new review opens a feedback case: every 1-3 star review, and a 4-5 star one whose text
 * reads negative when its branch asks for that (owners.cases_for_negative_high_ratings).
 */
export function opensCase({ review, owner }: TWrittenReview): boolean {
  return opensCaseFor(review, owner);
}

/** The same rule for any review, QR or Google: its stars, its sentiment and its branch's setting. */
export function opensCaseFor(
  review: { rating: number; sentimentLabel: string | null },
  owner: { casesForNegativeHighRatings: boolean | null | undefined },
): boolean {
  if (isLowRating(review.rating)) return true;
  return owner.casesForNegativeHighRatings === true && review.sentimentLabel === 'negative';
}

/**
 * Opens the cases of a batch in the reviews' own transaction, so a case exists if and only if its
 * review does; due at the account's first-response target counted in IST business hours from the
 * review's time. A review that already has a case keeps it (ON CONFLICT (review_id) DO NOTHING).
 */
export async function openReviewCases(
  trx: TDb,
  written: readonly TWrittenReview[],
  loadTargets: TTargetLoader = findCaseResponseMinutes,
): Promise<number> {
  const opening = written.filter(opensCase);
  if (opening.length === 0) return 0;
  const targets = await loadTargets(trx, [...new Set(opening.map(({ owner }) => owner.accountId))]);
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

type TTargetLoader = (db: TDb, accountIds: readonly number[]) => Promise<Map<number, number>>;

/** How long an account's first-response target is reused before it is read again. */
export const CASE_TARGET_CACHE_MS = 60_000;

/**
 * The accounts' targets, remembered for CASE_TARGET_CACHE_MS: reading them in every review batch's
 * transaction cost the review page ~14% of its submit throughput (bench:public), and a target
 * changes rarely (a change reaches new cases within a minute).
 */
export function cachedTargetLoader(now: () => number = Date.now): TTargetLoader {
  const cache = new Map<number, { minutes: number; until: number }>();
  return async (db, accountIds) => {
    const at = now();
    const targets = new Map<number, number>();
    const missing: number[] = [];
    for (const id of accountIds) {
      const hit = cache.get(id);
      if (hit && hit.until > at) targets.set(id, hit.minutes);
      else missing.push(id);
    }
    if (missing.length === 0) return targets;
    for (const [id, minutes] of await findCaseResponseMinutes(db, missing)) {
      cache.set(id, { minutes, until: at + CASE_TARGET_CACHE_MS });
      targets.set(id, minutes);
    }
    // Bounded: a busy day touches a few thousand accounts at most.
    if (cache.size > 50_000) cache.clear();
    return targets;
  };
}

/** Where the listener tells the owners' webhooks of new cases (`case.created`). */
export interface TCaseCreatedEvents {
  deps: Pick<TDeps, 'db' | 'jobs' | 'log' | 'now'>;
  loadSubscribers: TSubscriberLoader;
}

/**
 * `case.created` for the cases a batch just opened, in the same transaction. Every review of
 * `written` was inserted in this transaction, so each case of theirs is new.
 */
async function emitCasesCreated(trx: TDb, written: readonly TWrittenReview[], events: TCaseCreatedEvents) {
  const opening = written.filter(opensCase);
  const owners = [...new Set(opening.map(({ owner }) => owner.id))];
  const subscribed = await events.loadSubscribers(trx, owners, 'case.created');
  if (subscribed.size === 0) return;
  const cases = await findCaseIdsOfReviews(
    trx,
    opening.filter(({ owner }) => subscribed.has(owner.id)).map(({ review }) => review.id),
  );
  await emitCaseEvents(events.deps, trx, 'case.created', cases, async () => subscribed);
}

/** The feedback cases' reaction to a new review (runs after the replies listener decided its sentiment). */
export function casesReviewListener(
  loadTargets: TTargetLoader = cachedTargetLoader(),
  events?: TCaseCreatedEvents,
): TReviewListener {
  return {
    name: 'cases',
    written: async (trx, written) => {
      const opened = await openReviewCases(trx, written, loadTargets);
      if (opened > 0 && events) await emitCasesCreated(trx, written, events);
    },
  };
}
