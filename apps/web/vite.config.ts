import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes `.vite/chunk-modules.json` next to Vite's manifest: for every emitted chunk, the source
 * modules it contains and their rendered size in bytes (before minification). `scripts/check-review-bundle.mjs`
 * uses it to prove, module by module, that the customer review page ships no Mantine (the manifest
 * only lists chunk files); it also answers "what makes this chunk big?".
 */
function chunkModulesReport(): Plugin {
  return {
    name: 'starloop:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, Record<string, number>> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        report[item.fileName] = Object.fromEntries(
          item.moduleIds.map((id) => [id, item.modules[id]?.renderedLength ?? 0]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(report, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  // The API server in development; STARLOOP_API_PROXY overrides it (e.g. when PORT is not 3000).
  const apiTarget = loadEnv(mode, '.', 'STARLOOP_').STARLOOP_API_PROXY ?? 'http://localhost:3000';
  const proxy = { '/trpc': apiTarget, '/api': apiTarget };

  return {
    // The router plugin must come before the React plugin (it rewrites route files for code splitting).
    plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), chunkModulesReport()],
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: the chunk graph that check:bundle follows.
      manifest: true,
    },
    test: {
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // CSS is not processed in tests: Mantine's stylesheet imports are empty and CSS modules
      // give stable placeholder class names (e.g. `_page_a2acca`), which is all tests need.
      css: false,
      restoreMocks: true,
      unstubGlobals: true,
    },
  };
});
