import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseTestSettings } from '@starloop/db/vitest-tiers';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that each need a fresh module graph (`isolate: true`): they add routes to the
 * REST registry (`routeRegistry`), which every later file in the worker would then document and
 * serve. Every other file shares its worker's modules with the files before it (`isolate: false`):
 * the server's code is imported once per worker instead of once per file, which was about 400 s of
 * CPU per pass (3.6 s per file) on the 2-core CI machine. The list is found, not kept by hand: a
 * file that calls defineRestRoute or registerOperationRoutes itself adds routes (a hand-kept list
 * missed define-route.test.ts, and api-map.test.ts then failed whenever it shared that worker).
 */
const SOURCE = join(import.meta.dirname, 'src');
const ISOLATED_TESTS = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) =>
    /\b(defineRestRoute|registerOperationRoutes)\(/.test(readFileSync(join(SOURCE, file), 'utf8')),
  )
  .map((file) => `src/${file.split('\\').join('/')}`);

/**
 * `*.pg.test.ts` need a PostgreSQL server of their own to act on: the fault suite (real server
 * processes whose database is cut, stalled or signalled) and the tests of several instances on one
 * database. They run in the PostgreSQL pass only (STARLOOP_TEST_DATABASE_URL).
 */
export default defineConfig({
  test: {
    ...databaseTestSettings([
      // The cluster test runs built instances behind nginx: `npm run test:cluster` (vitest.cluster.config.ts).
      'src/**/*.cluster.test.ts',
    ]),
    // Each project names its own files (with `extends`, arrays add up).
    projects: [
      {
        extends: true,
        test: { name: 'server', include: ['src/**/*.test.ts'], exclude: ISOLATED_TESTS, isolate: false },
      },
      { extends: true, test: { name: 'server-isolated', include: ISOLATED_TESTS } },
    ],
  },
});
