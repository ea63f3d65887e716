import { describe, expect, it } from 'vitest';
import type { TActivityEvent } from '../database.ts';
import { insertTestOwner, nullOr, useTestAdmin, useTestDb, useTestOwner } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { listActivity, recordActivity } from './activity.ts';

const expectEventShape = (row: TActivityEvent | undefined) => {
  expect(row).toEqual({
    id: expect.any(Number),
    type: expect.any(String),
    message: expect.any(String),
    code: nullOr(row?.code, expect.any(String)),
    ownerId: nullOr(row?.ownerId, expect.any(Number)),
    adminId: nullOr(row?.adminId, expect.any(Number)),
    meta: nullOr(row?.meta, expect.any(Object)),
    createdAt: expect.any(Date),
  });
};

describe(`activity repository on ${testDriverName()}`, () => {
  const handle = useTestDb();
  const owner = useTestOwner(handle);
  const admin = useTestAdmin(handle);

  it('lists nothing with a zero total on an empty log', async () => {
    expect(await listActivity(handle.db, { page: 1, limit: 10 })).toEqual({ rows: [], total: 0 });
  });

  it('records an event with every field and reads meta back as an object', async () => {
    const event = {
      type: 'owner.registered',
      message: 'Shop registered',
      code: 'act-shop',
      ownerId: owner.id,
      adminId: admin.id,
      meta: { plan: 'professional', amount: 149_900, nested: { ok: true, list: [1, 'two'] } },
    };
    await recordActivity(handle.db, event);
    const { rows, total } = await listActivity(handle.db, { page: 1, limit: 1 });
    expect(total).toBe(1);
    expect(typeof total).toBe('number');
    expectEventShape(rows[0]);
    expect(rows[0]).toEqual({ id: expect.any(Number), ...event, createdAt: expect.any(Date) });
  });

  it('stores missing optional fields as null', async () => {
    await recordActivity(handle.db, { type: 'system.note', message: 'Bare' });
    const { rows } = await listActivity(handle.db, { page: 1, limit: 1 });
    expectEventShape(rows[0]);
    expect(rows[0]).toMatchObject({
      type: 'system.note',
      code: null,
      ownerId: null,
      adminId: null,
      meta: null,
    });
  });

  it('pages newest first with the overall total', async () => {
    const before = (await listActivity(handle.db, { page: 1, limit: 1 })).total;
    for (let i = 1; i <= 5; i += 1) await recordActivity(handle.db, { type: 'bulk', message: `event ${i}` });
    const page1 = await listActivity(handle.db, { page: 1, limit: 2 });
    const page2 = await listActivity(handle.db, { page: 2, limit: 2 });
    const page3 = await listActivity(handle.db, { page: 3, limit: 2 });
    expect(page1.total).toBe(before + 5);
    expect(page2.total).toBe(before + 5);
    expect(page1.rows.map((r) => r.message)).toEqual(['event 5', 'event 4']);
    expect(page2.rows.map((r) => r.message)).toEqual(['event 3', 'event 2']);
    expect(page3.rows.map((r) => r.message)[0]).toBe('event 1');
    for (const row of [...page1.rows, ...page2.rows, ...page3.rows]) expectEventShape(row);
    const farPage = await listActivity(handle.db, { page: 100, limit: 2 });
    expect(farPage.rows).toEqual([]);
    expect(farPage.total).toBe(before + 5);
  });

  it('rejects an unknown owner or admin', async () => {
    const record = (ids: { ownerId?: number; adminId?: number }) =>
      recordActivity(handle.db, { type: 't', message: 'm', ...ids });
    await expect(record({ ownerId: 987_654_321 })).rejects.toMatchObject({ code: '23503' });
    await expect(record({ adminId: 987_654_321 })).rejects.toMatchObject({ code: '23503' });
  });

  it('keeps the event but nulls ownerId when the owner is deleted', async () => {
    const temp = await insertTestOwner(handle.db, { code: 'act-temp', registrationSource: 'manual' });
    await recordActivity(handle.db, {
      type: 'owner.deleted',
      message: 'Temp gone',
      code: 'act-temp',
      ownerId: temp.id,
    });
    await handle.db.deleteFrom('owners').where('id', '=', temp.id).execute();
    const { rows } = await listActivity(handle.db, { page: 1, limit: 1 });
    expect(rows[0]).toMatchObject({ type: 'owner.deleted', code: 'act-temp', ownerId: null });
  });
});
