import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDbHandle } from '../client.ts';
import type { TAgent } from '../database.ts';
import { createTestDb, testDriverName } from '../testing.ts';
import {
  deleteAgent,
  findAgentByCodeOrName,
  findAgentById,
  insertAgent,
  isAgentCodeTaken,
  updateAgent,
} from './agents.ts';
import { findOwnerById, insertOwner } from './owners.ts';

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
  let handle: TDbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe('insertAgent and findAgentById', () => {
    it('lower-cases the email, defaults the status and returns numbers and Dates', async () => {
      const agent = await insertAgent(handle.db, {
        code: 'AG-001',
        name: 'Ravi Kumar',
        email: 'Ravi.Kumar@Example.COM',
        phone: '9800000001',
      });
      expectAgentShape(agent);
      expect(agent).toMatchObject({ code: 'AG-001', email: 'ravi.kumar@example.com', status: 'active' });
      expect(await findAgentById(handle.db, agent.id)).toEqual(agent);
      expect(await findAgentById(handle.db, 987_654_321)).toBeUndefined();
    });

    it('accepts an explicit status', async () => {
      const agent = await insertAgent(handle.db, {
        code: 'AG-002',
        name: 'Inactive Agent',
        email: 'inactive@example.com',
        phone: '9800000002',
        status: 'inactive',
      });
      expect(agent.status).toBe('inactive');
    });

    it('rejects a duplicate email, whatever its case', async () => {
      await expect(
        insertAgent(handle.db, {
          code: 'AG-003',
          name: 'Other',
          email: 'RAVI.KUMAR@example.com',
          phone: '9800000003',
        }),
      ).rejects.toMatchObject({ code: '23505' });
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
        insertAgent(handle.db, {
          code: 'AG-005',
          name: 'Other',
          email: 'other5@example.com',
          phone: '9800000001',
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(
        insertAgent(handle.db, {
          code: 'AG-001',
          name: 'Other',
          email: 'other6@example.com',
          phone: '9800000006',
        }),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('rejects an unknown status', async () => {
      await expect(
        insertAgent(handle.db, {
          code: 'AG-007',
          name: 'Bad',
          email: 'bad@example.com',
          phone: '9800000007',
          status: 'retired' as never,
        }),
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
      const first = await insertAgent(handle.db, {
        code: 'AG-010',
        name: 'Same Name',
        email: 'same1@example.com',
        phone: '9800000010',
      });
      await insertAgent(handle.db, {
        code: 'AG-011',
        name: 'same name',
        email: 'same2@example.com',
        phone: '9800000011',
      });
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
      const agent = await insertAgent(handle.db, {
        code: 'AG-020',
        name: 'Before',
        email: 'before@example.com',
        phone: '9800000020',
      });
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
      const agent = await insertAgent(handle.db, {
        code: 'AG-030',
        name: 'Keep',
        email: 'keep@example.com',
        phone: '9800000030',
      });
      const updated = await updateAgent(handle.db, agent.id, { name: 'Kept' });
      expect(updated).toMatchObject({ name: 'Kept', email: 'keep@example.com' });
    });

    it('rejects an email or phone another agent holds', async () => {
      const agent = await insertAgent(handle.db, {
        code: 'AG-040',
        name: 'X',
        email: 'x40@example.com',
        phone: '9800000040',
      });
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
      const agent = await insertAgent(handle.db, {
        code: 'AG-050',
        name: 'Leaving',
        email: 'leaving@example.com',
        phone: '9800000050',
      });
      const owner = await insertOwner(handle.db, {
        name: 'Owner',
        businessName: 'Shop',
        contactNumber: '9100000050',
        code: 'agent-owner',
        registrationSource: 'website',
        agentId: agent.id,
        salesRepName: 'AG-050',
      });
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
