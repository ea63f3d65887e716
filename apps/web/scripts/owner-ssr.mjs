#!/usr/bin/env node
/**
 * Builds the worker in which the server draws the owner's dashboard (src/ssr/owner-page-worker.ts)
 * into dist/.ssr/ (a dot-directory: the server's static files never serve it). Run by `npm run
 * build` after the app's build. Everything it imports is bundled (the production image installs
 * only the server's dependencies) except happy-dom, which the server depends on.
 */
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/ssr/owner-page-worker.ts',
    outDir: path.join(root, 'dist/.ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
  },
  // The router as the browser runs it (as scripts/prerender-landing.mjs): its server build renders
  // differently from the browser's first render.
  ssr: {
    noExternal: true,
    external: ['happy-dom'],
    resolve: { conditions: ['browser', 'module', 'import', 'default'] },
  },
});
console.log('owner-ssr: dist/.ssr/owner-page-worker.js');
