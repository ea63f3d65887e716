import { findOwnerByCode, type TDb, type TOwnerPublic } from '@starloop/db';
import { LRUCache } from 'lru-cache';

export interface TReviewPageCache {
  /** The owner behind a business code (undefined when unknown), at most `ttlMs` old. */
  find(code: string): Promise<TOwnerPublic | undefined>;
  /** Forget everything; call after a change to any owner has committed. */
  clear(): void;
}

/** Default age limit: what another server process may lag behind an owner change. */
export const REVIEW_PAGE_CACHE_MS = 5000;

/**
 * The review page's owner lookup, cached briefly. Every table's QR code opens this page, so a
 * Saturday-night rush asks for the same few codes thousands of times; one query per code per few
 * seconds serves them all, and concurrent misses for one code share a single query. Owner changes
 * made by this process clear the cache at once (status, deletion, review link, review flow); other
 * processes see them within `ttlMs`. Unknown codes are cached too, so random codes cannot flood the
 * database. `ttlMs: 0` turns the cache off.
 */
export function createReviewPageCache(
  db: TDb,
  options: { ttlMs?: number; max?: number } = {},
): TReviewPageCache {
  const ttl = options.ttlMs ?? REVIEW_PAGE_CACHE_MS;
  const normalise = (code: string) => code.trim().toLowerCase();
  if (ttl <= 0) {
    return { find: (code) => findOwnerByCode(db, normalise(code)), clear: () => {} };
  }
  const cache = new LRUCache<string, { owner: TOwnerPublic | null }>({
    max: options.max ?? 20_000,
    ttl,
    fetchMethod: async (code) => ({ owner: (await findOwnerByCode(db, code)) ?? null }),
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
    clear: () => cache.clear(),
  };
}
