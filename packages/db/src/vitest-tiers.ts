/**
 * The vitest settings every package with database tests shares (this one and the server):
 * timeouts for a real database, two files at a time on a 2-core machine, and `*.pg.test.ts`
 * (several PostgreSQL connections or server processes) only in the PostgreSQL pass
 * (STARLOOP_TEST_DATABASE_URL).
 */
export function databaseTestSettings(exclude: string[] = []) {
  const onPostgres = Boolean(process.env.STARLOOP_TEST_DATABASE_URL);
  return {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    exclude: ['**/node_modules/**', ...exclude, ...(onPostgres ? [] : ['src/**/*.pg.test.ts'])],
  };
}
