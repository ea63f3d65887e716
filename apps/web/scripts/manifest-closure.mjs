/**
 * The chunks a set of manifest entries needs (Vite's dist/.vite/manifest.json): their files and
 * those of their static imports, dependencies first (load order), and their stylesheets. Shared by
 * the build's page writers (prerender-landing.mjs, owner-html.mjs).
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
