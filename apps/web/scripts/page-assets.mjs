/**
 * What the build's page writers (prerender-landing.mjs, owner-html.mjs) share: the chunks a page
 * needs, from Vite's manifest, and the loader that starts the app once the page has painted.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Same job as the review page's loader (apps/server/src/domains/public/review/review-page-document.render.ts):
 * after the first frame (or after a second in a tab that never paints), the entry and its chunks.
 * The entry goes first; the chunks' `modulepreload`s follow eight to a task: added all at once, the
 * sixty of the owner's dashboard held a cheap phone's main thread for 100-300 ms in one task.
 */
const LOADER =
  '(function(){var c=document.currentScript,d=document,e=c.getAttribute("data-entry"),p=(c.getAttribute("data-preload")||"").split(" "),f=0,n=0;function add(){for(var k=0;k<8&&n<p.length;n++)if(p[n]){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=p[n];d.head.appendChild(l);k++}if(n<p.length)setTimeout(add,0)}function go(){if(f)return;f=1;var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=e;d.head.appendChild(s);add()}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()\n';

/**
 * Writes the loader (dist/assets/after-paint-loader-<hash>.js; an external file, so the app's CSP
 * needs no inline script) and returns its path from the site's root, without the leading slash.
 */
export function writeAfterPaintLoader(dist) {
  const name = `assets/after-paint-loader-${createHash('sha256').update(LOADER).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(path.join(dist, name), LOADER);
  return name;
}

/**
 * The chunks a set of manifest entries needs (Vite's dist/.vite/manifest.json): their files and
 * those of their static imports, dependencies first (load order), and their stylesheets.
 */
export function chunkClosure(manifest, keys, fail) {
  const seen = new Set();
  const files = [];
  const css = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) fail(`manifest entry ${key} is missing`);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(`/${chunk.file}`);
    for (const file of chunk.css ?? []) if (!css.includes(`/${file}`)) css.push(`/${file}`);
  };
  for (const key of keys) visit(key);
  return { files, css };
}

/** The manifest keys of route files' chunks (any of their ?tsr-split parts); fails when one has none. */
export function routeChunkKeys(manifest, routeFiles, fail) {
  const keys = Object.keys(manifest).filter((key) => routeFiles.includes(key.split('?')[0]));
  for (const route of routeFiles) {
    if (!keys.some((key) => key.startsWith(route))) fail(`no chunk for ${route} in the manifest`);
  }
  return keys;
}
