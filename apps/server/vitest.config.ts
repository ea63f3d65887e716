import { defineConfig } from 'vitest/config';

/**
 * `*.pg.test.ts` need a PostgreSQL server of their own to act on: the fault suite (real server
 * processes whose database is cut, stalled or signalled) and the tests of several instances on one
 * database. They run in the PostgreSQL pass only (STARLOOP_TEST_DATABASE_URL).
 */
const onPostgres = Boolean(process.env.STARLOOP_TEST_DATABASE_URL);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    include: ['src/**/*.test.ts'],
    // The cluster test runs built instances behind nginx: `npm run test:cluster` (vitest.cluster.config.ts).
    exclude: [
      '**/node_modules/**',
      'src/**/*.cluster.test.ts',
      ...(onPostgres ? [] : ['src/**/*.pg.test.ts']),
    ],
  },
});
