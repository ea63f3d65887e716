import { describe, expect, it } from 'vitest';
import { pingDatabase } from './health.ts';
import { isDatabaseUnavailable } from './pg-errors.ts';
import { createTestDb, testDriverName } from './testing.ts';

describe(`pingDatabase on ${testDriverName()}`, () => {
  it('resolves while the database answers, and throws an unavailable error once it is closed', async () => {
    const handle = await createTestDb({ migrate: false });
    await expect(pingDatabase(handle.db)).resolves.toBeUndefined();
    await handle.close();
    const error = await pingDatabase(handle.db).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeDefined();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
