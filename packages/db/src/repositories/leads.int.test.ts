import { describe, expect, it } from 'vitest';
import type { TLead, TNewLead } from '../database.ts';
import { useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import {
  countLeadsByStatus,
  deleteLead,
  findLeadById,
  insertLead,
  listLeadsPage,
  updateLead,
} from './leads.ts';

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
  const handle = useTestDb();

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

describe(`leads list and cards on ${testDriverName()}`, () => {
  const t = useTestDb();

  it('searches every text column, sorts with an id tie-break and counts the cards', async () => {
    const now = new Date('2026-11-15T12:00:00Z');
    const rows = [];
    for (const [i, status] of (['new', 'new', 'contacted', 'converted', 'closed'] as const).entries()) {
      rows.push(
        await insertLead(t.db, {
          name: i % 2 ? 'Same Name' : `Lead ${i}`,
          email: `lead${i}@x.in`,
          contactNumber: `98000000${i}0`,
          bussiness: i === 3 ? 'Under_score Ltd' : '',
          subject: 'demo',
          message: `Hello ${i}`,
          source: 'website',
          status,
          createdAt: i === 4 ? new Date('2026-10-31T23:59:59Z') : new Date(now.getTime() - i * 1000),
        }),
      );
    }
    expect(await countLeadsByStatus(t.db, now)).toEqual({
      totalLeads: 5,
      newLeads: 2,
      contactedLeads: 1,
      convertedLeads: 1,
      thisMonthLeads: 4,
    });
    const underscore = await listLeadsPage(t.db, {
      page: 1,
      limit: 10,
      search: 'under_',
      sortBy: 'id',
      sortOrder: 'asc',
    });
    expect(underscore.rows.map((r) => r.id)).toEqual([rows[3]!.id]);
    const same = await listLeadsPage(t.db, { page: 1, limit: 10, sortBy: 'name', sortOrder: 'desc' });
    const sameIds = same.rows.filter((r) => r.name === 'Same Name').map((r) => r.id);
    expect(sameIds).toEqual([rows[3]!.id, rows[1]!.id]);
    const filtered = await listLeadsPage(t.db, {
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'asc',
      status: 'new',
    });
    expect(filtered).toMatchObject({ total: 2, rows: [{ id: rows[1]!.id }, { id: rows[0]!.id }] });
  });
});
