#!/usr/bin/env node
/**
 * The owner area's pages (issue 34 item 7): dist/owner-dashboard.html, which the server sends for
 * /dashboard, and dist/owner.html for every other /dashboard/... page (apps/server/src/plugins/web.ts);
 * any other path keeps dist/index.html. Run by `npm run build` after the app's build.
 *
 * From index.html alone a phone found the owner's code one hop at a time (the entry, then the area
 * route's chunk, then the owner layout's, then the page's, each known only once the one before had
 * run) and painted nothing until the last. These pages differ from index.html in two ways:
 *   - every chunk of those routes is named up front, so the phone fetches them at once, beside the
 *     entry, through the landing page's loader (page-assets.mjs) once the frame has painted; the
 *     stylesheets are `preload`s (fetched at once, applied by the route's code before it draws);
 *   - #root holds the area's frame (the header; the bottom navigation on a phone, the sidebar
 *     otherwise; grey placeholders for the page) drawn by HTML and a few lines of CSS, so the owner
 *     sees the app at once instead of a white page. main.tsx draws the app over it once the route's
 *     code is in (`data-shell`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chunkClosure, routeChunkKeys, writeAfterPaintLoader } from './page-assets.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const fail = (message) => {
  console.error(`owner-html: ${message}`);
  process.exit(1);
};

/** The route files every owner page needs; the dashboard page adds its own. */
const AREA_ROUTES = ['src/routes/_app.tsx', 'src/routes/_app/dashboard.tsx'];
const DASHBOARD_ROUTES = [...AREA_ROUTES, 'src/routes/_app/dashboard/index.tsx'];

/**
 * The frame, as AreaShell lays it out (header 60 px; below 48em a 60 px bottom bar, above it a
 * 248 px sidebar): what is drawn later lands where the frame was. Colours are Mantine's defaults.
 */
const SHELL_CSS = [
  '.sl-shell{min-height:100vh;background:#f8f9fa;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}',
  '.sl-shell-header{position:fixed;inset:0 0 auto 0;height:60px;box-sizing:border-box;display:flex;align-items:center;padding:0 16px;background:#fff;border-bottom:1px solid #dee2e6;font-size:18px;font-weight:700;color:#4338ca}',
  '.sl-shell-side{position:fixed;top:60px;bottom:0;left:0;width:248px;box-sizing:border-box;background:#fff;border-right:1px solid #dee2e6}',
  '.sl-shell-main{box-sizing:border-box;padding:76px 16px 16px 264px}',
  '.sl-shell-block{height:160px;margin-bottom:16px;border-radius:8px;background:#e9ecef}',
  '.sl-shell-block+.sl-shell-block{height:320px}',
  '.sl-shell-foot{display:none}',
  // A dashboard drawn by the server takes no taps until the app has hydrated it (main.tsx): a tap
  // before would be lost, and a browser test would take the page for ready.
  '#root[data-drawn]{pointer-events:none}',
  '@media (max-width:47.99em){.sl-shell-side{display:none}.sl-shell-main{padding:76px 16px 76px}.sl-shell-foot{display:block;position:fixed;inset:auto 0 0 0;height:60px;background:#fff;border-top:1px solid #dee2e6}}',
].join('');
const SHELL = `<div class="sl-shell" aria-busy="true"><div class="sl-shell-header">StarLoop</div><div class="sl-shell-side"></div><div class="sl-shell-main"><div class="sl-shell-block"></div><div class="sl-shell-block"></div></div><div class="sl-shell-foot"></div></div>`;

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = manifest['index.html'];
if (!entry?.isEntry) fail('the build has no index.html entry');
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!index.includes('<div id="root"></div>')) fail('index.html has no empty <div id="root"></div>');
const linkedCss = new Set([...index.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]));
const entryFile = `/${entry.file}`;
const loaderName = writeAfterPaintLoader(dist);

function write(fileName, routeFiles) {
  const needed = chunkClosure(manifest, ['index.html', ...routeChunkKeys(manifest, routeFiles, fail)], fail);
  const links = [
    // Fetched now, applied by the route's code as it loads (Vite waits for them): as stylesheets
    // they held back the frame's first paint (Mantine's 30 KB) for nothing it draws.
    ...needed.css
      .filter((href) => !linkedCss.has(href))
      .map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    `<script defer src="/${loaderName}" data-entry="${entryFile}" data-preload="${needed.files.filter((file) => file !== entryFile).join(' ')}"></script>`,
    `<style>${SHELL_CSS}</style>`,
  ];
  const html = index
    // The app's script and its chunks come through the loader, after the frame has painted.
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
    // The markers say where the server may put the dashboard drawn for the person (the server's
    // domains/owner/page/owner-page-html.ts) instead of the frame.
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-shell="owner"><!--owner-frame-->${SHELL}<!--/owner-frame--></div>`,
    );
  if (/<script type="module"/.test(html)) fail(`a module script was left in ${fileName}`);
  checkFirstView(fileName, needed.files);
  writeFileSync(path.join(dist, fileName), html);
  console.log(
    `owner-html: dist/${fileName} (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB, ${needed.files.length} scripts after the first paint)`,
  );
}

/**
 * What an owner page's first-view chunks must never hold (issue 34 item 7): every other screen's
 * texts (owner-i18n/en.ts; the first view reads en-first.ts) and the modals' scroll lock (AppShell
 * gets its class names alone, vite-plugins.ts). One stray import would bring either back: the build
 * fails instead of the page growing unnoticed. (What loads lazily after the first render, such as
 * the toasts' container, bench:web measures.)
 */
const NOT_IN_FIRST_VIEW = ['src/lib/owner-i18n/en.ts', 'node_modules/react-remove-scroll/'];
const chunkModules = JSON.parse(readFileSync(path.join(dist, '.vite/chunk-modules.json'), 'utf8'));

function checkFirstView(fileName, files) {
  for (const file of files) {
    for (const id of Object.keys(chunkModules[file.replace(/^\//, '')] ?? {})) {
      const found = NOT_IN_FIRST_VIEW.find((part) => id.split(path.sep).join('/').includes(part));
      if (found) fail(`${fileName} loads ${found} in its first view (through ${file})`);
    }
  }
}

write('owner.html', AREA_ROUTES);
write('owner-dashboard.html', DASHBOARD_ROUTES);
