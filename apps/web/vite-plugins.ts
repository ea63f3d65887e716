/*
 * What the two Vite builds share: the app (vite.config.ts) and the review page's hydration entry
 * (vite.review.config.ts, Preact in place of React).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Alias, Plugin } from 'vite';
import { ROUTE_PATHS_FILE, readRoutePaths } from './route-paths.ts';

/** The server-rendered review page's hydration entry (its key in the review build's manifest). */
export const REVIEW_ENTRY = 'src/review-entry.tsx';
/** The review build's manifest (the server reads the entry's hashed files from it). */
export const REVIEW_MANIFEST = '.vite/review-manifest.json';

/**
 * React's modules as the review entry sees them: Preact with its compat layer (about 10 KB gzip
 * instead of React DOM's 62 KB). The page's component is written against React's API, which the
 * server renders with react-dom/server and the web app's fallback route with React. Exact matches
 * only: react-dom/server is never aliased (the entry does not load it; tests render with React).
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/** Browser builds only: not the landing page's build-time render (scripts/prerender-landing.mjs). */
const browserBuild = (config: { build?: { ssr?: unknown } }, env: { command: string }) =>
  env.command === 'build' && !config.build?.ssr;

const APP_SHELL_REMOVE_SCROLL = '\0starloop:app-shell-remove-scroll';

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll for one class name
 * (`RemoveScroll.classNames.zeroRight`, which keeps them clear of the scrollbar a modal hides):
 * that import put the whole scroll lock (4 KB gzip) in every owner page's first view (issue 34
 * item 7). Those three files get the class names alone, from the package's own constants;
 * modals and drawers still import the real component. `src/components/area-shell/app-shell-scroll.test.ts` holds the names
 * to the real component's.
 */
export function appShellScrollClassNames(): Plugin {
  return {
    name: 'starloop:app-shell-remove-scroll',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-remove-scroll' || !importer) return null;
      return /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/.test(importer)
        ? APP_SHELL_REMOVE_SCROLL
        : null;
    },
    load(id) {
      if (id !== APP_SHELL_REMOVE_SCROLL) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
      ].join('\n');
    },
  };
}

/**
 * Writes `fileName` (under the output directory) next to Vite's manifest: for every emitted chunk,
 * the source modules it contains and their rendered size in bytes (before minification).
 * `scripts/check-review-bundle.mjs` uses it to prove, module by module, that the customer review
 * page ships no Mantine and no React DOM (the manifest only lists chunk files); it also answers
 * "what makes this chunk big?".
 */
export function chunkModulesReport(fileName: string): Plugin {
  return {
    name: 'starloop:chunk-modules',
    apply: browserBuild,
    generateBundle(_options, bundle) {
      const report: Record<string, Record<string, number>> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        report[item.fileName] = Object.fromEntries(
          item.moduleIds.map((id) => [id, item.modules[id]?.renderedLength ?? 0]),
        );
      }
      this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(report, null, 2)}\n` });
    },
  };
}

/**
 * Writes the router's page paths (route-paths.ts) to `.vite/route-paths.json`, beside Vite's
 * manifest: the server answers those paths 200 and any other page path 404. Read from the route
 * files as the build starts, so the list is the route tree this build bundles.
 */
export function routePathsFile(): Plugin {
  let root: string | undefined;
  let paths: Promise<string[]> | undefined;
  return {
    name: 'starloop:route-paths',
    apply: browserBuild,
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      paths = readRoutePaths(root);
      // Awaited in generateBundle; a failure there fails the build.
      paths.catch(() => {});
    },
    async generateBundle() {
      const source = `${JSON.stringify(await (paths ?? readRoutePaths(root)), null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: ROUTE_PATHS_FILE, source });
    },
  };
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every hashed asset of this build worth
 * compressing; the server sends them as they are (@fastify/static `preCompressed`). Compressing
 * once at build time costs nothing per request and is ~15% smaller on the wire than the server's
 * on-the-fly brotli at quality 4.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'starloop:precompress',
    apply: browserBuild,
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        // Only this build's own files: the review build writes into the app's dist as well.
        if (!/^assets\/.+\.(?:js|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
