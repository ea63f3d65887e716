import path from 'node:path';
import { defineConfig } from 'vite';
import {
  chunkModulesReport,
  PREACT_ALIASES,
  precompressAssets,
  REVIEW_ENTRY,
  REVIEW_MANIFEST,
} from './vite-plugins.ts';

/**
 * The server-rendered review page's hydration entry, built on its own after the app (`npm run
 * build`): the same component as everywhere, with React's modules aliased to Preact (the review
 * page's whole script is then ~15 KB gzip instead of ~70 KB). A build of its own because an alias
 * applies to a whole build, and the app keeps React. It writes into the app's dist (its hashed
 * files beside the app's, never emptying the directory) with a manifest of its own, where the
 * server finds the entry's script, chunks and CSS.
 */
export default defineConfig({
  resolve: { alias: PREACT_ALIASES },
  plugins: [chunkModulesReport('.vite/review-chunk-modules.json'), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: REVIEW_MANIFEST,
    rolldownOptions: {
      input: { review: path.resolve(import.meta.dirname, REVIEW_ENTRY) },
    },
  },
});
