import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDbHandle } from '../client.ts';
import { createTestDb, testDriverName } from '../testing.ts';
import {
  countAgentsByStatus,
  countLeadsByStatus,
  countReportRows,
  findAgentConflicts,
  findAgentWithUsers,
  listAgentsPage,
  listLeadsPage,
  pickFreeAgentCode,
  readReportPage,
} from './admin-ops.ts';
import { insertAgent } from './agents.ts';
import { insertLead } from './leads.ts';
import { insertManualPayment } from './manual-payments.ts';
import { insertOwner, softDeleteOwner } from './owners.ts';
import { insertReview } from './reviews.ts';

describe(`admin-ops repository on ${testDriverName()}`, () => {
  let handle: TDbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const owner = (n: number, agentId: number | null = null) =>
    insertOwner(handle.db, {
      name: `Owner ${n}`,
      businessName: `Biz ${n}`,
      contactNumber: `91000000${String(n).padStart(2, '0')}`,
      code: `ops-biz-${n}`,
      registrationSource: 'website',
      agentId,
    });

  describe('agents', () => {
    it('lists with user counts (deleted owners excluded), search, status filter and stable paging', async () => {
      const a = await insertAgent(handle.db, {
        code: 'AG1000',
        name: 'Asha',
        email: 'asha@x.in',
        phone: '9000000001',
      });
      const b = await insertAgent(handle.db, {
        code: 'AG1001',
        name: 'Bala 100%',
        email: 'bala@x.in',
        phone: '9000000002',
        status: 'inactive',
      });
      await owner(1, a.id);
      await owner(2, a.id);
      const gone = await owner(3, a.id);
      await softDeleteOwner(handle.db, gone.id);
      expect((await findAgentWithUsers(handle.db, a.id))?.userCount).toBe(2);
      expect((await findAgentWithUsers(handle.db, b.id))?.userCount).toBe(0);

      const byUsers = await listAgentsPage(handle.db, {
        page: 1,
        limit: 10,
        sortBy: 'users',
        sortOrder: 'desc',
      });
      expect(byUsers.rows.map((r) => [r.code, r.userCount])).toEqual([
        ['AG1000', 2],
        ['AG1001', 0],
      ]);
      expect(byUsers.total).toBe(2);
      const percent = await listAgentsPage(handle.db, {
        page: 1,
        limit: 10,
        search: '100%',
        sortBy: 'code',
        sortOrder: 'asc',
      });
      expect(percent.rows.map((r) => r.id)).toEqual([b.id]);
      const inactive = await listAgentsPage(handle.db, {
        page: 1,
        limit: 10,
        sortBy: 'name',
        sortOrder: 'asc',
        status: 'inactive',
      });
      expect(inactive.rows.map((r) => r.id)).toEqual([b.id]);
      const second = await listAgentsPage(handle.db, { page: 2, limit: 1, sortBy: 'name', sortOrder: 'asc' });
      expect(second).toMatchObject({ total: 2, rows: [{ id: b.id }] });
      expect(await countAgentsByStatus(handle.db)).toEqual({ total: 2, active: 1, inactive: 1 });
    });

    it('finds phone and email conflicts, with or without +91, except the agent itself', async () => {
      const a = await insertAgent(handle.db, {
        code: 'AG1002',
        name: 'Chitra',
        email: 'Chitra@X.in',
        phone: '9000000003',
      });
      expect(await findAgentConflicts(handle.db, { phone: '+919000000003', email: 'new@x.in' })).toEqual({
        phone: true,
        email: false,
      });
      expect(await findAgentConflicts(handle.db, { phone: '9111111111', email: 'CHITRA@x.in' })).toEqual({
        phone: false,
        email: true,
      });
      expect(
        await findAgentConflicts(handle.db, { phone: '9000000003', email: 'chitra@x.in', exceptId: a.id }),
      ).toEqual({ phone: false, email: false });
    });

    it('picks a free AG code, and none when all 10,000 are taken', async () => {
      const free = await pickFreeAgentCode(handle.db);
      expect(free).toMatch(/^AG\d{4}$/);
      expect(['AG1000', 'AG1001', 'AG1002']).not.toContain(free);
      await sql`insert into agents (code, name, email, phone)
        select 'AG' || lpad(n::text, 4, '0'), 'Bulk', 'bulk' || n || '@x.in', '6' || lpad(n::text, 9, '0')
        from generate_series(0, 9999) as n where n not in (1000, 1001, 1002, 7777)`.execute(handle.db);
      expect(await pickFreeAgentCode(handle.db)).toBe('AG7777');
      await insertAgent(handle.db, { code: 'AG7777', name: 'Last', email: 'last@x.in', phone: '9000000077' });
      expect(await pickFreeAgentCode(handle.db)).toBeUndefined();
      await handle.db.deleteFrom('agents').where('name', '=', 'Bulk').execute();
    });
  });

  describe('leads', () => {
    it('searches every text column, sorts with an id tie-break and counts the cards', async () => {
      const now = new Date('2026-11-15T12:00:00Z');
      const rows = [];
      for (const [i, status] of (['new', 'new', 'contacted', 'converted', 'closed'] as const).entries()) {
        rows.push(
          await insertLead(handle.db, {
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
      expect(await countLeadsByStatus(handle.db, now)).toEqual({
        totalLeads: 5,
        newLeads: 2,
        contactedLeads: 1,
        convertedLeads: 1,
        thisMonthLeads: 4,
      });
      const underscore = await listLeadsPage(handle.db, {
        page: 1,
        limit: 10,
        search: 'under_',
        sortBy: 'id',
        sortOrder: 'asc',
      });
      expect(underscore.rows.map((r) => r.id)).toEqual([rows[3]!.id]);
      const same = await listLeadsPage(handle.db, { page: 1, limit: 10, sortBy: 'name', sortOrder: 'desc' });
      const sameIds = same.rows.filter((r) => r.name === 'Same Name').map((r) => r.id);
      expect(sameIds).toEqual([rows[3]!.id, rows[1]!.id]);
      const filtered = await listLeadsPage(handle.db, {
        page: 1,
        limit: 10,
        sortBy: 'createdAt',
        sortOrder: 'asc',
        status: 'new',
      });
      expect(filtered).toMatchObject({ total: 2, rows: [{ id: rows[1]!.id }, { id: rows[0]!.id }] });
    });
  });

  describe('report readers', () => {
    it('page every type newest first by keyset, with the joined columns', async () => {
      const o = await owner(20);
      for (let i = 0; i < 7; i++)
        await insertReview(handle.db, { ownerId: o.id, rating: 5, message: `r${i}` });
      await insertManualPayment(handle.db, { amount: 500, paymentMethod: 'cheque' }, [o.id]);
      const first = await readReportPage(handle.db, 'reviews', { limit: 3 });
      const second = await readReportPage(handle.db, 'reviews', { limit: 3, beforeId: first[2]!.id });
      const third = await readReportPage(handle.db, 'reviews', { limit: 3, beforeId: second[2]!.id });
      const ids = [...first, ...second, ...third].map((r) => r.id);
      expect(ids).toHaveLength(7);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      expect(first[0]).toMatchObject({
        businessName: 'Biz 20',
        code: 'ops-biz-20',
        message: 'r6',
        rating: 5,
      });
      const users = await readReportPage(handle.db, 'users', { limit: 100 });
      expect(users.find((u) => u.id === o.id)).toMatchObject({
        reviewCount: 7,
        averageRating: 5,
        agentName: null,
      });
      const manual = await readReportPage(handle.db, 'manual-payments', { limit: 1 });
      expect(manual[0]).toMatchObject({ amount: 500, customers: 'Biz 20 (ops-biz-20)' });
      expect(await countReportRows(handle.db, 'reviews')).toBe(7);
      expect(await countReportRows(handle.db, 'manual-payments')).toBe(1);
      expect(await readReportPage(handle.db, 'payments', { limit: 10 })).toEqual([]);
    });
  });
});
