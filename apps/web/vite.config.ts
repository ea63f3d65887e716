import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import {
  appShellScrollClassNames,
  chunkModulesReport,
  PREACT_ALIASES,
  precompressAssets,
  routePathsFile,
} from './vite-plugins.ts';

/** Tests of the review page's hydration entry: they run with Preact, as the entry is built. */
const PREACT_TESTS = ['src/features/review/review-hydration.test.tsx'];

/**
 * Web tests that each need a fresh module graph and window (`isolate: true`): they mock modules
 * (vi.mock stays registered for the worker's later files), set window globals or history by hand,
 * or depend on the app's route chunks loading for the first time. Every other web test file shares
 * its worker's modules and happy-dom window with the files before it (`isolate: false`): React,
 * Mantine and the app are imported once per worker instead of once per file, which was about half
 * of the suite's CPU time. setup.ts empties the DOM, storage and toasts after every test.
 */
const ISOLATED_TESTS = [
  // vi.mock
  'src/features/admin/login/admin-login-page.test.tsx',
  'src/features/owner/placements/placements-section.test.tsx',
  'src/features/owner/plan/plan-screen.test.tsx',
  'src/features/owner/profile/profile-screen.test.tsx',
  'src/features/owner/requests/requests-screen.test.tsx',
  'src/features/register/register-page.test.tsx',
  // window globals, history or timing of first loads
  'src/app-routes.test.tsx',
  'src/components/data-table/use-paged-list.test.tsx',
  'src/components/not-found/not-found.test.tsx',
  'src/features/owner/branches/all-branches-screen.test.tsx',
  'src/features/owner/cases/inbox-screen/inbox-phone.test.tsx',
  'src/features/register/payment-gateway.test.tsx',
  'src/features/review/review-page.test.tsx',
  'src/lib/owner-i18n/owner-messages.test.tsx',
  'src/lib/owner-page-session.test.ts',
  'src/lib/trpc.test.tsx',
  'src/ssr/owner-page-render.test.tsx',
];

export default defineConfig(({ mode }) => {
  // The API server in development; STARLOOP_API_PROXY overrides it (e.g. when PORT is not 3000).
  const apiTarget = loadEnv(mode, '.', 'STARLOOP_').STARLOOP_API_PROXY ?? 'http://localhost:3000';
  const proxy = { '/trpc': apiTarget, '/api': apiTarget };

  return {
    // The router plugin must come before the React plugin (it rewrites route files for code splitting).
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      appShellScrollClassNames(),
      chunkModulesReport('.vite/chunk-modules.json'),
      // dist/.vite/route-paths.json: the pages the server answers 200 (route-paths.ts).
      routePathsFile(),
      precompressAssets(),
    ],
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Every browser the owner area supports preloads modules itself (Safari since 17): where one
      // does not, a chunk is fetched when imported instead of ahead. Not worth 0.6 KB in every entry.
      modulePreload: { polyfill: false },
      // dist/.vite/manifest.json: the chunk graph that check:bundle follows. The review page's
      // hydration entry is a build of its own (vite.review.config.ts: Preact, not React).
      manifest: true,
      rolldownOptions: {
        input: { index: path.resolve(import.meta.dirname, 'index.html') },
        // @trpc/client's package.json does not say it is free of side effects, so its WebSocket
        // link (a class with a static counter) stayed in every page's entry though the app only
        // sends HTTP batches: 2 KB gzip of the owner's first view (issue 34 item 7).
        treeshake: {
          moduleSideEffects: [{ test: /node_modules[\\/]@trpc[\\/]client[\\/]/, sideEffects: false }],
        },
        output: {
          // Left alone, the bundler split Mantine's styling core and hooks, and the router, into dozens
          // of files of a few hundred bytes, each a request (six at a time on a phone's HTTP/1.1
          // connection): every page needs them, so each is one file (issue 34 item 7).
          codeSplitting: {
            groups: [
              {
                name: 'mantine-base',
                test: (id: string) =>
                  /node_modules[\\/](@mantine[\\/](core[\\/]esm[\\/]core|hooks)|clsx|react|react-dom)[\\/]/.test(
                    id,
                  ) &&
                  !/node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-drag|use-collapse|use-long-press|use-focus-trap|use-focus-return|use-clipboard)[\\/]/.test(
                    id,
                  ),
              },
              {
                name: 'router',
                test: /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'happy-dom',
      // CSS is not processed in tests: Mantine's stylesheet imports are empty and CSS modules
      // give stable placeholder class names (e.g. `_page_a2acca`), which is all tests need.
      css: false,
      restoreMocks: true,
      unstubGlobals: true,
      // Screens render and type through a whole Mantine tree: on a busy 2-core CI machine a user
      // flow can pass 5 s without anything being wrong.
      testTimeout: 15_000,
      // vitest runs cores - 1 files at once by default: one on a 2-core machine, which left a core
      // idle (the suite took 186 s there with one worker, 108 s with two).
      maxWorkers: 2,
      // Under CI a failed test runs once more and the results are written as JSON: the end of the
      // CI log names every failure and every test that passed only on its retry
      // (.ci/test-failures.mjs), as for the database and server suites.
      ...(process.env.CI
        ? { retry: 1, reporters: ['default', ['json', { outputFile: 'test-results/vitest-web.json' }]] }
        : {}),
      projects: [
        // Each project names its own files and setup (with `extends`, arrays would add up).
        {
          extends: true,
          test: {
            name: 'web',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: [...PREACT_TESTS, ...ISOLATED_TESTS],
            setupFiles: ['./src/test/setup.ts'],
            isolate: false,
          },
        },
        {
          extends: true,
          test: { name: 'web-isolated', include: ISOLATED_TESTS, setupFiles: ['./src/test/setup.ts'] },
        },
        {
          extends: true,
          resolve: { alias: PREACT_ALIASES },
          test: { name: 'review-entry', include: PREACT_TESTS, setupFiles: ['./src/test/setup-preact.ts'] },
        },
      ],
    },
  };
});
