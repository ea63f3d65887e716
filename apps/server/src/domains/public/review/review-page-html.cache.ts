import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TReviewPageCache } from '../../../context.ts';

/** One rendered page: what the server sends, and its ETag. */
export interface TRenderedPage {
  status: number;
  html: string;
  etag: string;
}

export interface TReviewPageHtmlCache {
  /** The page under `key` with this status, rendered by `render` when it is not cached (or caching is off). */
  get(key: string, status: number, render: () => string): TRenderedPage;
  /** Pages held now (tests, metrics). */
  size(): number;
}

/** A weak ETag of the page's bytes (weak: the compressed answers differ byte for byte). */
export const etagOf = (html: string) =>
  `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;

/**
 * The rendered review pages, keyed by everything that shapes them (web build, code, language,
 * placement). Built on the owner cache: whenever that is cleared (an owner changed, here or in
 * another instance through the change bus) every page goes too, and entries live no longer than
 * owner entries do (`ttlMs`, the same age limit), so a page is never older than the owner data it
 * shows. `ttlMs: 0` turns it off, as it turns the owner cache off.
 */
export function createReviewPageHtmlCache(
  ownerCache: Pick<TReviewPageCache, 'onClear'>,
  options: { ttlMs: number; max?: number },
): TReviewPageHtmlCache {
  const build = (status: number, render: () => string): TRenderedPage => {
    const html = render();
    return { status, html, etag: etagOf(html) };
  };
  if (options.ttlMs <= 0) {
    return { get: (_key, status, render) => build(status, render), size: () => 0 };
  }
  const pages = new LRUCache<string, TRenderedPage>({ max: options.max ?? 5_000, ttl: options.ttlMs });
  ownerCache.onClear(() => pages.clear());
  return {
    get(key, status, render) {
      const cached = pages.get(key);
      if (cached && cached.status === status) return cached;
      const page = build(status, render);
      pages.set(key, page);
      return page;
    },
    size: () => pages.size,
  };
}
