import { findOwnerByCode, type TDb, type TOwnerPublic } from '@starloop/db';
import { LRUCache } from 'lru-cache';
import type { TReviewPageCache } from '../../../context.ts';
import { CHANGE_TOPICS, type TChangeBus } from '../../../lib/change-bus.ts';

/** Default age limit: how far another instance may lag if it missed the change bus's notice. */
export const REVIEW_PAGE_CACHE_MS = 5000;

/**
 * The review page's owner lookup, cached briefly. Every table's QR code opens this page, so a
 * Saturday-night rush asks for the same few codes thousands of times; one query per code per few
 * seconds serves them all, and concurrent misses for one code share a single query. Owner changes
 * (status, deletion, review link, review flow) clear the cache at once in this process and, through
 * the change bus (LISTEN/NOTIFY), in every other instance within a moment; `ttlMs` is the safety
 * net if a notice is lost. Unknown codes are cached too, so random codes cannot flood the database.
 * `ttlMs: 0` turns the cache off.
 */
export function createReviewPageCache(
  db: TDb,
  options: { ttlMs?: number; max?: number; bus?: TChangeBus } = {},
): TReviewPageCache {
  const ttl = options.ttlMs ?? REVIEW_PAGE_CACHE_MS;
  const normalise = (code: string) => code.trim().toLowerCase();
  const clearListeners = new Set<() => void>();
  const cleared = () => {
    for (const listener of clearListeners) listener();
  };
  const onClear = (listener: () => void) => {
    clearListeners.add(listener);
  };
  if (ttl <= 0) {
    // Nothing cached, so nothing to purge: caches built on this one are off too (same ttl).
    return { find: (code) => findOwnerByCode(db, normalise(code)), clear: () => {}, onClear };
  }
  const cache = new LRUCache<string, { owner: TOwnerPublic | null }>({
    max: options.max ?? 20_000,
    ttl,
    fetchMethod: async (code) => ({ owner: (await findOwnerByCode(db, code)) ?? null }),
  });
  options.bus?.subscribe(CHANGE_TOPICS.ownerChanged, () => {
    cache.clear();
    cleared();
  });
  return {
    async find(code) {
      const key = normalise(code);
      try {
        return (await cache.fetch(key))?.owner ?? undefined;
      } catch {
        // clear() aborts lookups in flight (their answer may predate the change): ask again, uncached.
        return findOwnerByCode(db, key);
      }
    },
    onClear,
    clear() {
      cache.clear();
      cleared();
      options.bus?.publish(CHANGE_TOPICS.ownerChanged).catch(() => {
        // The other instances catch up at their cache's expiry.
      });
    },
  };
}
