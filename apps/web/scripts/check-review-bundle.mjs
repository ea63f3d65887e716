#!/usr/bin/env node
/**
 * Fails when the customer review page would load Mantine (or, for its hydration entry, anything
 * but Preact and the page), or grows past its budget.
 *
 * The page is rendered by the server and hydrated by its own entry (src/review-entry.tsx, a build
 * of its own: vite.review.config.ts, React aliased to Preact); the web app's /review route is its
 * fallback. The check reads the builds' chunk graphs (dist/.vite/manifest.json for the app,
 * dist/.vite/review-manifest.json for the entry), takes what each loads (the hydration entry and
 * its static imports; index.html's entry with the review route's chunks), and looks for Mantine in
 * two ways:
 *   1. the source modules of each chunk (dist/.vite/chunk-modules.json and
 *      review-chunk-modules.json, written by the builds);
 *   2. the text of each file (JS and CSS), with chunk file names blanked out first.
 * The hydration entry must hold no React DOM, router, query library, tRPC client, zod or contract
 * package other than its zod-free product rules (`@starloop/contract/rules`). It prints the
 * entry's size (raw, gzip -9 and brotli as the server sends it) and fails past the budget. Run
 * after `npm run build`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/**
 * The most the review page's script may weigh gzipped at level 9 (what a gzip-only client gets;
 * brotli, as the server sends it, is smaller), before this check fails (override:
 * REVIEW_BUDGET_KB). The whole page's budget is 70 KB gzip with its HTML (bench/web.mjs measures
 * that); the script was 10.9 KB with Preact when this was set, 62.6 KB with React DOM.
 */
const BUDGET_KB = Number(process.env.REVIEW_BUDGET_KB ?? 16);
/** The server-rendered page's hydration entry (its key in its build's manifest). */
const REVIEW_ENTRY = 'src/review-entry.tsx';
const REVIEW_MANIFEST = '.vite/review-manifest.json';
/**
 * Nothing of these may reach the hydration entry: it is Preact and the page only, with the
 * contract's zod-free rules (packages/contract/src/rules) and nothing else of the contract.
 */
const NOT_IN_ENTRY =
  /[\\/](?:@mantine|@tanstack|@trpc|zod|recharts|react-dom|react)[\\/]|[\\/]packages[\\/]contract[\\/](?!src[\\/]rules[\\/])/;
/** The entry must really be hydrated by Preact (the alias of vite.review.config.ts took effect). */
const PREACT_MODULE = /[\\/]preact[\\/]/;
/** Route files of the review page; the first one must exist in the build. */
const REVIEW_ROUTES = ['src/routes/review/$code.tsx', 'src/routes/review/index.tsx'];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const MANTINE_TEXT = /mantine/i;
const MANTINE_MODULE = /[\\/]@mantine[\\/]/;
// A chunk may name another chunk's file (preload lists), and a file name may contain "Mantine".
const CHUNK_FILE_NAME = /assets\/[\w.$-]+\.(?:js|css)/g;

function fail(message) {
  console.error(`check:bundle FAILED: ${message}`);
  process.exit(1);
}

function readJson(relative) {
  const file = path.join(dist, relative);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8'));
}

const manifest = readJson('.vite/manifest.json');
if (!manifest)
  fail(`no ${path.join(dist, '.vite/manifest.json')}: run "npm run build" first (build.manifest must be on)`);
const appModules = readJson('.vite/chunk-modules.json');
if (!appModules)
  fail('no dist/.vite/chunk-modules.json: the chunk-modules plugin in vite.config.ts did not run');
const reviewManifest = readJson(REVIEW_MANIFEST);
if (!reviewManifest)
  fail(`no dist/${REVIEW_MANIFEST}: the review entry's build (vite.review.config.ts) did not run`);
const reviewModules = readJson('.vite/review-chunk-modules.json');
if (!reviewModules)
  fail(
    'no dist/.vite/review-chunk-modules.json: the chunk-modules plugin in vite.review.config.ts did not run',
  );
// File names are hashed, so the two builds' files never share a name.
const chunkModules = { ...appModules, ...reviewModules };

const entryKeys = ['index.html'];
for (const key of entryKeys) {
  if (!manifest[key]?.isEntry) fail(`no entry ${key} in the manifest`);
}
if (!reviewManifest[REVIEW_ENTRY]?.isEntry) fail(`no entry ${REVIEW_ENTRY} in ${REVIEW_MANIFEST}`);

/** Manifest keys of a route file's chunks (the file itself and its ?tsr-split=... parts). */
const chunksOf = (routeFile) => Object.keys(manifest).filter((key) => key.split('?')[0] === routeFile);
const reviewKeys = REVIEW_ROUTES.flatMap(chunksOf);
if (chunksOf(REVIEW_ROUTES[0]).length === 0) {
  fail(
    `no chunk for ${REVIEW_ROUTES[0]} in the manifest: was the route renamed or code splitting turned off?`,
  );
}

/** Every manifest entry reachable through static imports, and the CSS files they bring. */
function staticClosure(startKeys, graph) {
  const keys = new Set();
  const css = new Set();
  const queue = [...startKeys];
  while (queue.length > 0) {
    const key = queue.shift();
    if (keys.has(key)) continue;
    const chunk = graph[key];
    if (!chunk) fail(`manifest entry ${key} is missing`);
    keys.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    queue.push(...(chunk.imports ?? []));
  }
  return { files: [...keys].map((key) => graph[key].file), css: [...css] };
}

// Mantine check: everything the hydration entry and the fallback routes (with and without a code) load.
const loaded = staticClosure([...entryKeys, ...reviewKeys], manifest);
const hydration = staticClosure([REVIEW_ENTRY], reviewManifest);
const files = [...new Set([...loaded.files, ...loaded.css, ...hydration.files, ...hydration.css])];

const problems = [];
for (const file of files) {
  const text = readFileSync(path.join(dist, file), 'utf8');
  const mantineModules = Object.keys(chunkModules[file] ?? {}).filter((id) => MANTINE_MODULE.test(id));
  if (mantineModules.length > 0) {
    const shown = mantineModules.slice(0, 3).map((id) => id.replace(/^.*node_modules[\\/]/, ''));
    const more = mantineModules.length > 3 ? ` and ${mantineModules.length - 3} more` : '';
    problems.push(`${file} contains ${mantineModules.length} Mantine module(s): ${shown.join(', ')}${more}`);
  }
  const match = MANTINE_TEXT.exec(text.replace(CHUNK_FILE_NAME, ''));
  if (match) {
    const at = match.index;
    problems.push(`${file} mentions Mantine: ...${text.slice(Math.max(0, at - 60), at + 60)}...`);
  }
}

// The detector must see Mantine where it is expected, or the check would pass for the wrong reason.
const mantineElsewhere = Object.values(appModules).some((modules) =>
  Object.keys(modules).some((id) => MANTINE_MODULE.test(id)),
);
if (!mantineElsewhere) {
  problems.push(
    'no chunk of the build contains Mantine at all: the check cannot tell it works (is chunk-modules.json stale?)',
  );
}

// The hydration entry: Preact and the page, nothing of the app, not React.
for (const file of hydration.files) {
  const strangers = Object.keys(chunkModules[file] ?? {}).filter((id) => NOT_IN_ENTRY.test(id));
  if (strangers.length > 0) {
    const shown = strangers.slice(0, 3).map((id) => id.replace(/^.*node_modules[\\/]/, ''));
    problems.push(`the review page's hydration entry loads ${file} with ${shown.join(', ')}`);
  }
}
const hydrationModules = hydration.files.flatMap((file) => Object.keys(chunkModules[file] ?? {}));
if (!hydrationModules.some((id) => PREACT_MODULE.test(id))) {
  problems.push(
    "the review page's hydration entry holds no Preact: is the alias of vite.review.config.ts gone?",
  );
}

// Size: the scripts a customer's browser fetches for the server-rendered /review/{code} (its CSS
// is inlined into the HTML, counted there).
const rows = hydration.files.map((file) => {
  const content = readFileSync(path.join(dist, file));
  return {
    file,
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    br: brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
const line = (name, row) =>
  `  ${name.padEnd(40)} ${kb(row.raw).padStart(11)}   gzip ${kb(row.gzip).padStart(10)}   br ${kb(row.br).padStart(10)}`;
console.log('What the server-rendered /review/{code} loads besides its HTML:');
for (const row of rows) console.log(line(row.file, row));
console.log(line('total', { raw: sum('raw'), gzip: sum('gzip'), br: sum('br') }));
const css = hydration.css.map((file) => readFileSync(path.join(dist, file)));
console.log(
  `  (inlined into the HTML: ${hydration.css.join(', ')}, ${kb(css.reduce((t, c) => t + gzipSync(c).length, 0))} gzip)`,
);

if (sum('gzip') / 1024 > BUDGET_KB) {
  problems.push(`the review page's script is ${kb(sum('gzip'))} gzip, over its ${BUDGET_KB} KiB budget`);
}

if (problems.length > 0) fail(`\n  - ${problems.join('\n  - ')}`);
console.log(
  `check:bundle OK: no Mantine in the ${files.length} files the review pages load; the hydration entry is Preact and the page (${kb(sum('gzip'))} gzip, ${kb(sum('br'))} brotli, budget ${BUDGET_KB} KiB gzip).`,
);
