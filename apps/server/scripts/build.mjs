// The production build: src/main.ts and src/cli.ts, with the internal packages (@starloop/*,
// which export TypeScript source, TSX for the review page), bundled into JavaScript under dist/
// with source maps. Every npm dependency stays external and is loaded from node_modules at run
// time, so native and wasm packages (argon2, PGlite) work as installed and the image needs no
// TypeScript tooling.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** Every dependency of the server and of the internal packages it bundles. */
function externals() {
  const names = new Set();
  const internal = [
    '../../packages/contract',
    '../../packages/db',
    '../../packages/config',
    '../../packages/review-page',
  ];
  for (const dir of ['.', ...internal]) {
    for (const name of Object.keys(manifest(path.join(root, dir)).dependencies ?? {})) {
      if (!name.startsWith('@starloop/')) names.add(name);
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

// `--outdir <dir>` (relative to apps/server, and inside it so node_modules resolve): the CLI test
// builds a copy of its own there rather than start the CLI through tsx for every command.
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag > 0 ? process.argv[outdirFlag + 1] : 'dist';
rmSync(path.join(root, outdir), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  // Source paths in stack traces stay readable (node --enable-source-maps).
  sourcesContent: false,
  external: externals(),
  // The review page (packages/review-page) is TSX rendered on the server with react-dom/server.
  jsx: 'automatic',
  // Chunks sit beside the entries: code that finds files from import.meta.url (the web build) sees
  // the same depth as in src/.
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`server build: ${outdir}/main.js, ${outdir}/cli.js (${(bytes / 1024).toFixed(0)} KB with maps)`);
