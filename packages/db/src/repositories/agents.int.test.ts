import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TAgent, TNewAgent } from '../database.ts';
import { insertTestOwner, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import {
  countAgentsByStatus,
  deleteAgent,
  findAgentByCodeOrName,
  findAgentById,
  findAgentConflicts,
  findAgentWithUsers,
  insertAgent,
  isAgentCodeTaken,
  listAgentsPage,
  pickFreeAgentCode,
  updateAgent,
} from './agents.ts';
import { findOwnerById, softDeleteOwner } from './owners.ts';

const expectAgentShape = (row: TAgent | undefined) => {
  expect(row).toEqual({
    id: expect.any(Number),
    code: expect.any(String),
    name: expect.any(String),
    email: expect.any(String),
    phone: expect.any(String),
    status: expect.stringMatching(/^(active|inactive)$/),
    createdAt: expect.any(Date),
    updatedAt: expect.any(Date),
  });
};

describe(`agents repository on ${testDriverName()}`, () => {
  const handle = useTestDb();
  /** Agent number `n`: code AG-0nn and phone 98000000nn unless `fields` say otherwise. */
  const newAgent = (n: number, fields: Pick<TNewAgent, 'name' | 'email'> & Partial<TNewAgent>) =>
    insertAgent(handle.db, {
      code: `AG-${String(n).padStart(3, '0')}`,
      phone: `98000000${String(n).padStart(2, '0')}`,
      ...fields,
    });

  describe('insertAgent and findAgentById', () => {
    it('lower-cases the email, defaults the status and returns numbers and Dates', async () => {
      const agent = await newAgent(1, { name: 'Ravi Kumar', email: 'Ravi.Kumar@Example.COM' });
      expectAgentShape(agent);
      expect(agent).toMatchObject({ code: 'AG-001', email: 'ravi.kumar@example.com', status: 'active' });
      expect(await findAgentById(handle.db, agent.id)).toEqual(agent);
      expect(await findAgentById(handle.db, 987_654_321)).toBeUndefined();
    });

    it('accepts an explicit status', async () => {
      const agent = await newAgent(2, {
        name: 'Inactive Agent',
        email: 'inactive@example.com',
        status: 'inactive',
      });
      expect(agent.status).toBe('inactive');
    });

    it('rejects a duplicate email, whatever its case', async () => {
      await expect(newAgent(3, { name: 'Other', email: 'RAVI.KUMAR@example.com' })).rejects.toMatchObject({
        code: '23505',
      });
      // The unique index is on lower(email), so even a row written around insertAgent collides.
      await expect(
        handle.db
          .insertInto('agents')
          .values({ code: 'AG-004', name: 'Raw', email: 'Ravi.Kumar@Example.com', phone: '9800000004' })
          .execute(),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('rejects a duplicate phone and a duplicate code', async () => {
      await expect(
        newAgent(5, { name: 'Other', email: 'other5@example.com', phone: '9800000001' }),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(
        newAgent(1, { name: 'Other', email: 'other6@example.com', phone: '9800000006' }),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('rejects an unknown status', async () => {
      await expect(
        newAgent(7, { name: 'Bad', email: 'bad@example.com', status: 'retired' as never }),
      ).rejects.toMatchObject({ code: '23514' });
    });
  });

  describe('findAgentByCodeOrName', () => {
    it('matches the code case-insensitively', async () => {
      const agent = await findAgentByCodeOrName(handle.db, 'ag-001');
      expectAgentShape(agent);
      expect(agent!.code).toBe('AG-001');
      expect((await findAgentByCodeOrName(handle.db, '  AG-001  '))!.code).toBe('AG-001');
    });

    it('matches the name case-insensitively after trimming', async () => {
      expect((await findAgentByCodeOrName(handle.db, '  RAVI kumar '))!.code).toBe('AG-001');
    });

    it('matches whole values only, and returns undefined for blank text', async () => {
      expect(await findAgentByCodeOrName(handle.db, 'Ravi')).toBeUndefined();
      expect(await findAgentByCodeOrName(handle.db, 'AG-00')).toBeUndefined();
      expect(await findAgentByCodeOrName(handle.db, '')).toBeUndefined();
      expect(await findAgentByCodeOrName(handle.db, '   ')).toBeUndefined();
    });

    it('prefers the oldest agent when several match', async () => {
      const first = await newAgent(10, { name: 'Same Name', email: 'same1@example.com' });
      await newAgent(11, { name: 'same name', email: 'same2@example.com' });
      expect((await findAgentByCodeOrName(handle.db, 'SAME NAME'))!.id).toBe(first.id);
    });
  });

  describe('isAgentCodeTaken', () => {
    it('reports whether a code exists', async () => {
      expect(await isAgentCodeTaken(handle.db, 'AG-001')).toBe(true);
      expect(await isAgentCodeTaken(handle.db, 'AG-999')).toBe(false);
    });
  });

  describe('updateAgent', () => {
    it('applies the patch, lower-cases a new email and bumps updatedAt', async () => {
      const agent = await newAgent(20, { name: 'Before', email: 'before@example.com' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const updated = await updateAgent(handle.db, agent.id, {
        name: 'After',
        email: 'After@Example.com',
        phone: '9800000021',
        status: 'inactive',
      });
      expectAgentShape(updated);
      expect(updated).toMatchObject({
        id: agent.id,
        code: 'AG-020',
        name: 'After',
        email: 'after@example.com',
        phone: '9800000021',
        status: 'inactive',
        createdAt: agent.createdAt,
      });
      expect(updated!.updatedAt.getTime()).toBeGreaterThan(agent.updatedAt.getTime());
    });

    it('leaves the email alone when the patch has none', async () => {
      const agent = await newAgent(30, { name: 'Keep', email: 'keep@example.com' });
      const updated = await updateAgent(handle.db, agent.id, { name: 'Kept' });
      expect(updated).toMatchObject({ name: 'Kept', email: 'keep@example.com' });
    });

    it('rejects an email or phone another agent holds', async () => {
      const agent = await newAgent(40, { name: 'X', email: 'x40@example.com' });
      await expect(
        updateAgent(handle.db, agent.id, { email: 'RAVI.KUMAR@EXAMPLE.COM' }),
      ).rejects.toMatchObject({
        code: '23505',
      });
      await expect(updateAgent(handle.db, agent.id, { phone: '9800000001' })).rejects.toMatchObject({
        code: '23505',
      });
    });

    it('returns undefined for an unknown agent', async () => {
      expect(await updateAgent(handle.db, 987_654_321, { name: 'x' })).toBeUndefined();
    });
  });

  describe('deleteAgent', () => {
    it('deletes once and detaches the agent from its owners', async () => {
      const agent = await newAgent(50, { name: 'Leaving', email: 'leaving@example.com' });
      const owner = await insertTestOwner(handle.db, { agentId: agent.id, salesRepName: 'AG-050' });
      expect(owner.agentId).toBe(agent.id);
      expect(await deleteAgent(handle.db, agent.id)).toBe(true);
      expect(await deleteAgent(handle.db, agent.id)).toBe(false);
      expect(await findAgentById(handle.db, agent.id)).toBeUndefined();
      const after = await findOwnerById(handle.db, owner.id);
      expect(after).toBeDefined();
      expect(after!.agentId).toBeNull();
      expect(after!.salesRepName).toBe('AG-050');
    });
  });
});

describe(`agents list, conflicts and codes on ${testDriverName()}`, () => {
  const t = useTestDb();

  it('lists with user counts (deleted owners excluded), search, status filter and stable paging', async () => {
    const a = await insertAgent(t.db, {
      code: 'AG1000',
      name: 'Asha',
      email: 'asha@x.in',
      phone: '9000000001',
    });
    const b = await insertAgent(t.db, {
      code: 'AG1001',
      name: 'Bala 100%',
      email: 'bala@x.in',
      phone: '9000000002',
      status: 'inactive',
    });
    await insertTestOwner(t.db, { agentId: a.id });
    await insertTestOwner(t.db, { agentId: a.id });
    const gone = await insertTestOwner(t.db, { agentId: a.id });
    await softDeleteOwner(t.db, gone.id);
    expect((await findAgentWithUsers(t.db, a.id))?.userCount).toBe(2);
    expect((await findAgentWithUsers(t.db, b.id))?.userCount).toBe(0);

    // The first page of 10 unless told otherwise.
    const list = (request: Partial<Parameters<typeof listAgentsPage>[1]>) =>
      listAgentsPage(t.db, { page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc', ...request });
    const byUsers = await list({ sortBy: 'users', sortOrder: 'desc' });
    expect(byUsers.rows.map((r) => [r.code, r.userCount])).toEqual([
      ['AG1000', 2],
      ['AG1001', 0],
    ]);
    expect(byUsers.total).toBe(2);
    const percent = await list({ search: '100%', sortBy: 'code' });
    expect(percent.rows.map((r) => r.id)).toEqual([b.id]);
    const inactive = await list({ status: 'inactive' });
    expect(inactive.rows.map((r) => r.id)).toEqual([b.id]);
    const second = await list({ page: 2, limit: 1 });
    expect(second).toMatchObject({ total: 2, rows: [{ id: b.id }] });
    expect(await countAgentsByStatus(t.db)).toEqual({ total: 2, active: 1, inactive: 1 });
  });

  it('finds phone and email conflicts, with or without +91, except the agent itself', async () => {
    const a = await insertAgent(t.db, {
      code: 'AG1002',
      name: 'Chitra',
      email: 'Chitra@X.in',
      phone: '9000000003',
    });
    expect(await findAgentConflicts(t.db, { phone: '+919000000003', email: 'new@x.in' })).toEqual({
      phone: true,
      email: false,
    });
    expect(await findAgentConflicts(t.db, { phone: '9111111111', email: 'CHITRA@x.in' })).toEqual({
      phone: false,
      email: true,
    });
    expect(
      await findAgentConflicts(t.db, { phone: '9000000003', email: 'chitra@x.in', exceptId: a.id }),
    ).toEqual({ phone: false, email: false });
  });

  it('picks a free AG code, and none when all 10,000 are taken', async () => {
    const free = await pickFreeAgentCode(t.db);
    expect(free).toMatch(/^AG\d{4}$/);
    expect(['AG1000', 'AG1001', 'AG1002']).not.toContain(free);
    await sql`insert into agents (code, name, email, phone)
      select 'AG' || lpad(n::text, 4, '0'), 'Bulk', 'bulk' || n || '@x.in', '6' || lpad(n::text, 9, '0')
      from generate_series(0, 9999) as n where n not in (1000, 1001, 1002, 7777)`.execute(t.db);
    expect(await pickFreeAgentCode(t.db)).toBe('AG7777');
    await insertAgent(t.db, { code: 'AG7777', name: 'Last', email: 'last@x.in', phone: '9000000077' });
    expect(await pickFreeAgentCode(t.db)).toBeUndefined();
    await t.db.deleteFrom('agents').where('name', '=', 'Bulk').execute();
  });
});
