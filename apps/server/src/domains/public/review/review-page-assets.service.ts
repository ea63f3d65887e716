import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** The hydration entry's key in Vite's manifest (apps/web/src/review-entry.tsx). */
export const REVIEW_ENTRY_KEY = 'src/review-entry.tsx';
/**
 * The entry's own build (apps/web/vite.review.config.ts: the page hydrated with Preact, not React)
 * writes this manifest beside the app's.
 */
export const REVIEW_MANIFEST = '.vite/review-manifest.json';

export interface TReviewPageAssets {
  /** The entry's hashed script (`/assets/review-….js`); null without a web build. */
  script: string | null;
  /** The chunks it imports, preloaded beside it so the browser fetches them in parallel. */
  preload: string[];
  /** The page's stylesheet (minified by the web build), inlined into every page. */
  css: string;
  /** Changes with any of the above: part of the HTML cache's key and of every ETag. */
  version: string;
}

const NO_BUILD: TReviewPageAssets = { script: null, preload: [], css: '', version: 'no-build' };

interface TManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The entry, its static imports (in load order) and all their CSS, from the entry's manifest. */
export function readReviewPageAssets(distDir: string): TReviewPageAssets {
  const manifest = JSON.parse(readFileSync(path.join(distDir, REVIEW_MANIFEST), 'utf8')) as Record<
    string,
    TManifestChunk
  >;
  const entry = manifest[REVIEW_ENTRY_KEY];
  if (!entry?.isEntry) throw new Error(`the web build's manifest has no ${REVIEW_ENTRY_KEY} entry`);
  const seen = new Set<string>();
  const css = new Set<string>();
  const chunks: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the web build's manifest has no ${key}`);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (key !== REVIEW_ENTRY_KEY) chunks.push(`/${chunk.file}`);
  };
  visit(REVIEW_ENTRY_KEY);
  const styles = [...css].map((file) => readFileSync(path.join(distDir, file), 'utf8')).join('\n');
  const script = `/${entry.file}`;
  const version = createHash('sha256')
    .update(script)
    .update(chunks.join(','))
    .update(styles)
    .digest('base64url')
    .slice(0, 12);
  return { script, preload: chunks, css: styles, version };
}

/**
 * The review page's script and CSS, found in the web build's manifest at start-up and again
 * whenever the manifest changes (checked at most once a second), so a rebuild never leaves a
 * running server pointing at deleted files. Without a build the page is still rendered, with no
 * script and no styles (tests, a server started before `npm run build`).
 */
export function createReviewPageAssets(
  distDir: string,
  log: FastifyBaseLogger,
  options: { checkEveryMs?: number } = {},
): { get(): TReviewPageAssets } {
  const manifestFile = path.join(distDir, REVIEW_MANIFEST);
  const checkEveryMs = options.checkEveryMs ?? 1000;
  let current = NO_BUILD;
  let seenMtime: number | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;

  const get = (): TReviewPageAssets => {
    const now = performance.now();
    if (now - checkedAt < checkEveryMs) return current;
    checkedAt = now;
    let mtime: number;
    try {
      mtime = statSync(manifestFile).mtimeMs;
    } catch {
      if (seenMtime !== -1)
        log.warn({ manifestFile }, 'review page: no web build, pages are served unstyled');
      seenMtime = -1;
      current = NO_BUILD;
      return current;
    }
    if (mtime === seenMtime) return current;
    seenMtime = mtime;
    try {
      current = readReviewPageAssets(distDir);
    } catch (error) {
      log.error({ err: error, manifestFile }, 'review page: the web build cannot be read');
      current = NO_BUILD;
      // Perhaps caught mid-write: read it again at the next check.
      seenMtime = undefined;
    }
    return current;
  };
  get();
  return { get };
}
