import { defineConfig } from 'vitest/config';

/** `*.pg.test.ts` need PostgreSQL (several connections racing): the PostgreSQL pass only. */
const onPostgres = Boolean(process.env.STARLOOP_TEST_DATABASE_URL);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    exclude: ['**/node_modules/**', ...(onPostgres ? [] : ['src/**/*.pg.test.ts'])],
  },
});
