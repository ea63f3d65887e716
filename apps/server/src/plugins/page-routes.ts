import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The web app's page paths, as its build lists them beside Vite's manifest: the full path of
 * every route of the router (apps/web/route-paths.ts, written by the build's `routePathsFile()`),
 * `$name` for a parameter. Same name as ROUTE_PATHS_FILE there.
 */
export const PAGE_ROUTES_FILE = '.vite/route-paths.json';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One segment of a route path as a regular expression (with its leading slash), the way the
 * router matches it: `$name` one segment, `$` (or `{$}`) the rest of the path, `{-$name}` an
 * optional segment, `{$name}` a parameter between a prefix and a suffix, anything else itself.
 */
function segmentPattern(segment: string): string {
  if (segment === '$' || segment === '{$}') return '(?:/.*)?';
  if (/^\$[^/{}]+$/.test(segment)) return '/[^/]+';
  if (/^\{-\$[^/{}]+\}$/.test(segment)) return '(?:/[^/]+)?';
  const braced = /^(.*?)\{(-?)\$([^{}]*)\}(.*)$/.exec(segment);
  if (braced) {
    const [, prefix = '', optional, name, suffix = ''] = braced;
    const value = name === '' ? '.*' : optional ? '[^/]*' : '[^/]+';
    return `/${escapeRegExp(prefix)}${value}${escapeRegExp(suffix)}`;
  }
  return `/${escapeRegExp(segment)}`;
}

/**
 * Whether a request path (without its query) is one of the routes: trailing slashes ignored,
 * static segments compared without case (the router's default, `caseSensitive: false`), each
 * parameter one segment.
 */
export function pageRouteMatcher(routes: readonly string[]): (pathname: string) => boolean {
  const patterns = routes.map((route) => {
    const segments = route.split('/').filter(Boolean);
    return new RegExp(`^${segments.map(segmentPattern).join('') || '/'}$`, 'i');
  });
  return (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return false;
    }
    const trimmed = decoded.replace(/\/+$/, '') || '/';
    return patterns.some((pattern) => pattern.test(trimmed));
  };
}

export type TPageRoutes = {
  /**
   * True for a page of the web app, false for an unknown path; undefined when the build has no
   * list (a build made before the list existed): the caller decides.
   */
  isPage(pathname: string): Promise<boolean | undefined>;
};

/**
 * The web build's page paths, read from `distDir` and read again whenever the file changes, so a
 * rebuild (a new route file) is served without a restart.
 */
export function readPageRoutes(
  distDir: string,
  log: { error(details: object, message: string): void },
): TPageRoutes {
  const file = path.join(distDir, PAGE_ROUTES_FILE);
  let cached: { mtimeMs: number; matches: ((pathname: string) => boolean) | undefined } | undefined;
  return {
    async isPage(pathname) {
      let mtimeMs: number;
      try {
        ({ mtimeMs } = await stat(file));
      } catch {
        return undefined;
      }
      if (!cached || cached.mtimeMs !== mtimeMs) {
        let matches: ((pathname: string) => boolean) | undefined;
        try {
          const routes: unknown = JSON.parse(await readFile(file, 'utf8'));
          if (!Array.isArray(routes) || !routes.every((route) => typeof route === 'string')) {
            throw new Error('not a list of paths');
          }
          matches = pageRouteMatcher(routes);
        } catch (error) {
          log.error({ err: error, file }, 'the web build lists its pages in a file that cannot be read');
        }
        cached = { mtimeMs, matches };
      }
      return cached.matches?.(pathname);
    },
  };
}
