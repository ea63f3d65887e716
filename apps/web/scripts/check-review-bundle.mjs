#!/usr/bin/env node
/**
 * Fails when the customer review page (/review/$code) would load Mantine, or grows past its budget.
 *
 * It reads the build's chunk graph (dist/.vite/manifest.json), takes what the page loads before it
 * can render (index.html's entry chunk, the review route's chunks and all their static imports,
 * plus their CSS), and looks for Mantine in two ways:
 *   1. the source modules of each chunk (dist/.vite/chunk-modules.json, written by vite.config.ts);
 *   2. the text of each file (JS and CSS), with chunk file names blanked out first.
 * It also prints the page's size, raw and gzip. Run after `npm run build`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The most the review page may load, gzip, before this check fails (override: REVIEW_BUDGET_KB). */
const BUDGET_KB = Number(process.env.REVIEW_BUDGET_KB ?? 150);
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
const chunkModules = readJson('.vite/chunk-modules.json');
if (!chunkModules)
  fail('no dist/.vite/chunk-modules.json: the chunk-modules plugin in vite.config.ts did not run');

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length !== 1) fail(`expected one entry chunk in the manifest, found ${entryKeys.length}`);

/** Manifest keys of a route file's chunks (the file itself and its ?tsr-split=... parts). */
const chunksOf = (routeFile) => Object.keys(manifest).filter((key) => key.split('?')[0] === routeFile);
const reviewKeys = REVIEW_ROUTES.flatMap(chunksOf);
if (chunksOf(REVIEW_ROUTES[0]).length === 0) {
  fail(
    `no chunk for ${REVIEW_ROUTES[0]} in the manifest: was the route renamed or code splitting turned off?`,
  );
}

/** Every manifest entry reachable through static imports, and the CSS files they bring. */
function staticClosure(startKeys) {
  const keys = new Set();
  const css = new Set();
  const queue = [...startKeys];
  while (queue.length > 0) {
    const key = queue.shift();
    if (keys.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) fail(`manifest entry ${key} is missing`);
    keys.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    queue.push(...(chunk.imports ?? []));
  }
  return { files: [...keys].map((key) => manifest[key].file), css: [...css] };
}

// Mantine check: everything the review routes (with and without a code) load.
const loaded = staticClosure([...entryKeys, ...reviewKeys]);
const files = [...new Set([...loaded.files, ...loaded.css])];

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
const mantineElsewhere = Object.values(chunkModules).some((modules) =>
  Object.keys(modules).some((id) => MANTINE_MODULE.test(id)),
);
if (!mantineElsewhere) {
  problems.push(
    'no chunk of the build contains Mantine at all: the check cannot tell it works (is chunk-modules.json stale?)',
  );
}

// Size: what a customer's browser fetches to show /review/{code}.
const codePage = staticClosure([...entryKeys, ...chunksOf(REVIEW_ROUTES[0])]);
const rows = ['index.html', ...new Set([...codePage.files, ...codePage.css])].map((file) => {
  const content = readFileSync(path.join(dist, file));
  return { file, raw: content.length, gzip: gzipSync(content).length };
});
const rawTotal = rows.reduce((sum, row) => sum + row.raw, 0);
const gzipTotal = rows.reduce((sum, row) => sum + row.gzip, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;
const line = (name, raw, gzip) =>
  `  ${name.padEnd(40)} ${kb(raw).padStart(11)}   gzip ${kb(gzip).padStart(10)}`;
console.log('What /review/$code loads:');
for (const row of rows) console.log(line(row.file, row.raw, row.gzip));
console.log(line('total', rawTotal, gzipTotal));

if (gzipTotal / 1024 > BUDGET_KB) {
  problems.push(`the review page loads ${kb(gzipTotal)} gzip, over its ${BUDGET_KB} KiB budget`);
}

if (problems.length > 0) fail(`\n  - ${problems.join('\n  - ')}`);
console.log(
  `check:bundle OK: no Mantine in the ${files.length} files the review pages load (budget ${BUDGET_KB} KiB gzip).`,
);
