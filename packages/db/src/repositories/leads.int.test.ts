import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDbHandle } from '../client.ts';
import type { TLead, TNewLead } from '../database.ts';
import { createTestDb, testDriverName } from '../testing.ts';
import { deleteLead, findLeadById, insertLead, updateLead } from './leads.ts';

const expectLeadShape = (row: TLead | undefined) => {
  expect(row).toEqual({
    id: expect.any(Number),
    name: expect.any(String),
    email: expect.any(String),
    contactNumber: expect.any(String),
    bussiness: expect.any(String),
    subject: expect.any(String),
    message: expect.any(String),
    source: expect.any(String),
    status: expect.any(String),
    createdAt: expect.any(Date),
    updatedAt: expect.any(Date),
  });
};

const lead = (overrides: Partial<TNewLead> = {}): TNewLead => ({
  name: 'Asha',
  email: 'asha@example.com',
  subject: 'demo',
  message: 'Please call me',
  source: 'website',
  ...overrides,
});

describe(`leads repository on ${testDriverName()}`, () => {
  let handle: TDbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('inserts with defaults and finds the lead by id', async () => {
    const row = await insertLead(handle.db, lead());
    expectLeadShape(row);
    expect(row).toMatchObject({ contactNumber: '', bussiness: '', status: 'new', source: 'website' });
    expect(await findLeadById(handle.db, row.id)).toEqual(row);
    expect(await findLeadById(handle.db, 987_654_321)).toBeUndefined();
  });

  it('stores every provided field', async () => {
    const row = await insertLead(
      handle.db,
      lead({ contactNumber: '9876543210', bussiness: 'Cafe', source: 'referral', status: 'contacted' }),
    );
    expectLeadShape(row);
    expect(row).toMatchObject({
      contactNumber: '9876543210',
      bussiness: 'Cafe',
      source: 'referral',
      status: 'contacted',
    });
  });

  it('rejects an unknown source or status and an over-long message', async () => {
    await expect(insertLead(handle.db, lead({ source: 'tv' as never }))).rejects.toMatchObject({
      code: '23514',
    });
    await expect(insertLead(handle.db, lead({ status: 'won' as never }))).rejects.toMatchObject({
      code: '23514',
    });
    await expect(insertLead(handle.db, lead({ message: 'x'.repeat(2001) }))).rejects.toMatchObject({
      code: '23514',
    });
    const ok = await insertLead(handle.db, lead({ message: 'x'.repeat(2000) }));
    expect(ok.message).toHaveLength(2000);
  });

  it('updates a lead, bumping updatedAt and keeping createdAt', async () => {
    const row = await insertLead(handle.db, lead());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await updateLead(handle.db, row.id, { status: 'converted', bussiness: 'Bakery' });
    expectLeadShape(updated);
    expect(updated).toMatchObject({
      id: row.id,
      status: 'converted',
      bussiness: 'Bakery',
      createdAt: row.createdAt,
    });
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect(await findLeadById(handle.db, row.id)).toEqual(updated);
  });

  it('returns undefined when updating an unknown lead', async () => {
    expect(await updateLead(handle.db, 987_654_321, { status: 'closed' })).toBeUndefined();
  });

  it('deletes a lead once', async () => {
    const row = await insertLead(handle.db, lead());
    expect(await deleteLead(handle.db, row.id)).toBe(true);
    expect(await deleteLead(handle.db, row.id)).toBe(false);
    expect(await findLeadById(handle.db, row.id)).toBeUndefined();
  });
});
