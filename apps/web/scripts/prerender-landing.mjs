#!/usr/bin/env node
/**
 * Renders the landing page (/) at build time into dist/landing.html, which the server sends for `/`
 * (apps/server/src/plugins/web.ts); every other path keeps dist/index.html. Run by `npm run build`
 * after the app's build, whose manifest it reads.
 *
 * The page is the app's own tree (src/prerender.tsx, built for Node here and thrown away after),
 * rendered as a signed-out visitor's first render draws it, so it paints from its HTML and CSS
 * alone: no script stands between the visitor and the first paint. It then becomes the app as
 * before: main.tsx hydrates it (a signed-in owner's page is drawn afresh).
 *
 * Compared with index.html, landing.html:
 *   - has the markup in #root (data-prerendered="/") and the route's title;
 *   - links the stylesheets of the landing route's chunks (Mantine's and the page's CSS modules),
 *     so nothing is restyled when the code arrives;
 *   - loads the app's script only after the first paint, through a small deferred loader
 *     (assets/after-paint-loader-<hash>.js, page-assets.mjs: no inline script, the app's CSP stays as it is) that adds
 *     the entry and `modulepreload`s for every chunk the landing route needs, fetched in parallel.
 *     On a slow phone the script then never competes with the HTML and CSS for the first paint.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { installBrowserGlobals } from '../src/ssr/browser-globals.ts';
import { chunkClosure, routeChunkKeys, writeAfterPaintLoader } from './page-assets.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules/.prerender');
/** The route files whose chunks draw the landing page (any of their ?tsr-split parts). */
const LANDING_ROUTES = ['src/routes/_app.tsx', 'src/routes/_app/index.tsx'];
/** Texts the signed-out landing page must show (spec section 2): a render that lacks them is wrong. */
const MUST_SHOW = [
  'Get Started Now',
  'Recent Reviews',
  'Limited Time Launch Offer',
  'Join the Review Revolution',
];

const fail = (message) => {
  console.error(`prerender-landing: ${message}`);
  process.exit(1);
};
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = manifest['index.html'];
if (!entry?.isEntry) fail('the build has no index.html entry');
const routeKeys = routeChunkKeys(manifest, LANDING_ROUTES, fail);
const landing = chunkClosure(manifest, ['index.html', ...routeKeys], fail);
const entryFile = `/${entry.file}`;

// The app's tree for Node (the router, Mantine and the landing page as the browser gets them).
await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
  // The router as the browser runs it: its server build renders differently (scroll-restoration
  // scripts, no Suspense around the matches), which the browser's first render would not match.
  ssr: { noExternal: [/^@tanstack\//], resolve: { conditions: ['browser', 'module', 'import', 'default'] } },
});
// The browser's router needs a window (it reads and listens to it); memory history drives it.
const browserWindow = installBrowserGlobals();
let page;
try {
  const { prerender } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
  page = await prerender('/');
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
  await browserWindow.happyDOM.close();
}
for (const text of MUST_SHOW) {
  if (!page.html.includes(text)) fail(`the rendered landing page lacks "${text}"`);
}
if (!page.title) fail('the landing route sets no title');
// The title goes into <head>; React finds it there when hydrating (a <title> is hoisted).
const markup = page.html.replace(/<title>[^<]*<\/title>/g, '');

const loaderName = writeAfterPaintLoader(dist);

const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const linked = new Set([...index.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]));
const stylesheets = landing.css
  .filter((href) => !linked.has(href))
  .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
const preload = landing.files.filter((file) => file !== entryFile);
const loader = `<script defer src="/${loaderName}" data-entry="${entryFile}" data-preload="${preload.join(' ')}"></script>`;

let html = index
  .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
  // The app's script and its preloads come through the loader, after the first paint.
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  // The page reads without JavaScript.
  .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
  .replace('</head>', `  ${[...stylesheets, loader].join('\n    ')}\n  </head>`)
  .replace('<div id="root"></div>', `<div id="root" data-prerendered="/">${markup}</div>`);
if (!html.includes('data-prerendered="/"')) fail('index.html has no empty <div id="root"></div>');
if (/<script type="module"/.test(html)) fail('a module script was left in landing.html');
html = html.replace(/\n\s*\n/g, '\n');
writeFileSync(path.join(dist, 'landing.html'), html);
console.log(
  `prerender-landing: dist/landing.html (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB, ${stylesheets.length} stylesheets linked, ${preload.length + 1} scripts after the first paint)`,
);
