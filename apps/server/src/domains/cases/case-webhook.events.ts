import { findCasesByIds, findOwnersSubscribedTo, type TDb } from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { emitOwnerEvent } from '../owner/integrations/webhook.events.ts';
import { toCase } from './cases.service.ts';

/*
 * The owners' webhooks hear of cases (issue 33 item 8): `case.created` when a case opens (in the
 * review's or the Google import's transaction) and `case.resolved` when someone resolves one
 * (owner.cases.update). Both are written in the change's own transaction through the outbox of
 * every outbound event (webhook_deliveries rows and their `webhook-deliver` jobs), so an event
 * exists if and only if the change commits. The payload is the case as GET /api/v1/cases/{id}
 * answers it, without its timeline.
 */

export type TCaseEventType = 'case.created' | 'case.resolved';
type TEventDeps = Pick<TDeps, 'db' | 'jobs' | 'log' | 'now'>;

/** Which owners have an endpoint subscribed to the type: a read, or a remembered answer. */
export type TSubscriberLoader = (
  db: TDb,
  ownerIds: readonly number[],
  type: TCaseEventType,
) => Promise<Set<number>>;

/** How long an owner's "subscribed or not" is reused by the review writer before it is read again. */
export const CASE_SUBSCRIBERS_CACHE_MS = 60_000;

/**
 * The owners subscribed to a case event, remembered for CASE_SUBSCRIBERS_CACHE_MS: the review writer
 * opens cases in most batches, and a read of the endpoints in each would cost the review page's
 * throughput as the targets' read did. A new endpoint hears of new cases within a minute; a removed
 * one never does (emitOwnerEvent reads the live endpoints again in the transaction).
 */
export function cachedSubscriberLoader(now: () => number = Date.now): TSubscriberLoader {
  const cache = new Map<string, { subscribed: boolean; until: number }>();
  return async (db, ownerIds, type) => {
    const at = now();
    const subscribed = new Set<number>();
    const missing: number[] = [];
    for (const id of ownerIds) {
      const hit = cache.get(`${type}:${id}`);
      if (hit && hit.until > at) {
        if (hit.subscribed) subscribed.add(id);
      } else missing.push(id);
    }
    if (missing.length === 0) return subscribed;
    const found = await findOwnersSubscribedTo(db, missing, type);
    for (const id of missing) {
      cache.set(`${type}:${id}`, { subscribed: found.has(id), until: at + CASE_SUBSCRIBERS_CACHE_MS });
      if (found.has(id)) subscribed.add(id);
    }
    // Bounded: a busy day touches a few thousand businesses at most.
    if (cache.size > 100_000) cache.clear();
    return subscribed;
  };
}

/**
 * Emits `type` for each of these cases whose business has an endpoint subscribed, inside `trx`
 * (the caller's transaction). A throw fails the caller's transaction: the case and its event go
 * together or not at all.
 */
export async function emitCaseEvents(
  deps: TEventDeps,
  trx: TDb,
  type: TCaseEventType,
  cases: readonly { caseId: number; ownerId: number }[],
  loadSubscribers: TSubscriberLoader = findOwnersSubscribedTo,
): Promise<number> {
  if (cases.length === 0) return 0;
  const owners = await loadSubscribers(trx, [...new Set(cases.map((c) => c.ownerId))], type);
  const ids = cases.filter((c) => owners.has(c.ownerId)).map((c) => c.caseId);
  if (ids.length === 0) return 0;
  const now = deps.now();
  let emitted = 0;
  for (const row of await findCasesByIds(trx, ids)) {
    const event = await emitOwnerEvent(deps, Number(row.ownerId), type, toCase(row, now), { trx });
    if (event) emitted += 1;
  }
  return emitted;
}
