import type { ViteUserConfig } from 'vitest/config';

/**
 * The vitest settings every package with database tests shares (this one and the server):
 * timeouts for a real database, two files at a time on a 2-core machine, and `*.pg.test.ts`
 * (several PostgreSQL connections or server processes) only in the PostgreSQL pass
 * (STARLOOP_TEST_DATABASE_URL). Under CI a failed test is run once more (these suites drive real
 * servers, processes and timers on a shared machine) and the results are also written as JSON, so
 * `.ci/run` names every failure and every test that passed only on its retry at the end of its log.
 */
export function databaseTestSettings(exclude: string[] = []): NonNullable<ViteUserConfig['test']> {
  const onPostgres = Boolean(process.env.STARLOOP_TEST_DATABASE_URL);
  return {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    ...(process.env.CI
      ? {
          retry: 1,
          reporters: [
            'default',
            ['json', { outputFile: `test-results/vitest-${onPostgres ? 'postgres' : 'pglite'}.json` }],
          ],
        }
      : {}),
    exclude: ['**/node_modules/**', ...exclude, ...(onPostgres ? [] : ['src/**/*.pg.test.ts'])],
  };
}
