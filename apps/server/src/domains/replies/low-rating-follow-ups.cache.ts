import { LRUCache } from 'lru-cache';
import type { TLowRatingFollowUps } from '../../context.ts';

/** How far ahead a follow-up must be for a new low rating to rely on it. */
const SAFETY_MS = 60_000;

/**
 * A follow-up job at the close of an owner's 10-minute window lists every low rating stored before
 * it runs. While one is queued, the replies' review listener queues no alert job per batch for that
 * owner (on a busy evening that was a job per batch, each locking the owner's window only to find
 * it still closed). Kept per process, so an instance that does not know of the follow-up simply
 * queues a job, as before; a job is skipped only while the follow-up is at least a minute away, so
 * a review committed now is always in its list.
 */
export function createLowRatingFollowUps(
  now: () => Date,
  options: { maxOwners?: number } = {},
): TLowRatingFollowUps {
  const followUps = new LRUCache<number, number>({ max: options.maxOwners ?? 100_000 });
  return {
    scheduled(ownerId, at) {
      const ms = at.getTime() - now().getTime();
      if (ms > SAFETY_MS) followUps.set(ownerId, at.getTime(), { ttl: ms });
    },
    covered(ownerId) {
      const at = followUps.get(ownerId);
      return at !== undefined && at - now().getTime() > SAFETY_MS;
    },
  };
}
