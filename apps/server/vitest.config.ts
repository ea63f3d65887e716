import { databaseTestSettings } from '@starloop/db/vitest-tiers';
import { defineConfig } from 'vitest/config';

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
    include: ['src/**/*.test.ts'],
  },
});
