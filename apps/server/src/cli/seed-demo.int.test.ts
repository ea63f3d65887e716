import { countOwners, getPlatformReviewStats, type TDbHandle } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.ts';
import { DEMO_ADMIN, DEMO_OWNER_PASSWORD, seedDemo } from './seed-demo.ts';

describe(`db:seed --demo on ${testDriverName()}`, () => {
  let handle: TDbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('creates owners with a year of reviews, payments, agents, leads and an admin, and prints the sign-ins', async () => {
    const output = await seedDemo(handle.db);
    expect(output).toContain(`${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    expect(output).toContain('9800000001 / demo1234');
    const owners = await countOwners(handle.db);
    expect(owners).toMatchObject({ total: 4, active: 4, manualOnboarded: 1, referred: 2 });
    const reviews = await getPlatformReviewStats(handle.db);
    expect(reviews.reviewCount).toBe(335);
    const admin = await handle.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();
    expect(await verifyPassword(admin.passwordHash, DEMO_ADMIN.password)).toBe(true);
    const owner = await handle.db
      .selectFrom('persons')
      .selectAll()
      .where('phone', '=', '9800000001')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(owner.passwordHash, DEMO_OWNER_PASSWORD)).toBe(true);
    const leads = await handle.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(leads.n)).toBe(12);
  });

  it('is safe to run twice', async () => {
    const output = await seedDemo(handle.db);
    expect(output).toContain('already there');
    expect((await countOwners(handle.db)).total).toBe(4);
  });
});
