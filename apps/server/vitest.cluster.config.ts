import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: three built instances behind nginx on PostgreSQL (cluster.cluster.test.ts). */
export default defineConfig({
  test: {
    include: ['src/**/*.cluster.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
  },
});
