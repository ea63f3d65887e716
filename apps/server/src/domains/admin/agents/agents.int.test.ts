import { findOwnerById } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { adminListContract } from '../../../test/admin-list-contract.ts';
import { createTestOwner } from '../../../test/test-server.ts';

const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'sierra',
  'tango',
  'uniform',
  'victor',
  'whiskey',
  'xray',
  'yankee',
];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** The phone of the agent named WORDS[i]. */
const phoneOf = (i: number) => `9${String(100_000_000 + i * 7919)}`.slice(0, 10);

interface TAgentBody {
  id: number;
  code: string;
  name: string;
  email: string;
  phone: string;
  status: 'active' | 'inactive';
  createdAt: string;
  updatedAt: string;
  _count: { users: number };
}

describe(`admin agents API on ${testDriverName()}`, () => {
  const api = adminApi();
  const created: TAgentBody[] = [];

  const list = async (query: string) => {
    const { status, body } = await api.get(`/api/admin/agents?${query}`);
    expect(status, query).toBe(200);
    return body as {
      success: true;
      agents: TAgentBody[];
      meta: Record<string, unknown>;
      counts: { total: number; active: number; inactive: number };
    };
  };

  beforeAll(async () => {
    // Inserted in a shuffled order, so creation order differs from name order.
    for (let k = 0; k < WORDS.length; k++) {
      const i = (k * 7) % WORDS.length;
      const word = WORDS[i]!;
      const res = await api.send('POST', '/api/admin/agents', {
        name: `  Agent ${word[0]!.toUpperCase()}${word.slice(1)} `,
        phone: phoneOf(i),
        email: ` ${word.toUpperCase()}@Agents.Example.in `,
      });
      expect(res.statusCode, word).toBe(201);
      created.push(res.json().agent);
    }
    // Six of them get inactive, and some get owners (for the Users column and its sort).
    for (const agent of created.slice(0, 6)) {
      await api.db.updateTable('agents').set({ status: 'inactive' }).where('id', '=', agent.id).execute();
    }
    for (const [index, agent] of created.slice(6, 10).entries()) {
      for (let n = 0; n <= index; n++) await createTestOwner(api.server, { agentId: agent.id });
    }
  });

  const bravo = (a: TAgentBody) => a.email.startsWith('bravo@');
  adminListContract({
    rest: '/api/admin/agents',
    trpc: 'admin.agents.list',
    rowsKey: 'agents',
    context: api.context,
    rows: () => [...created].reverse(),
    search: {
      // Code (a test of its own below), name, email and phone.
      finds: {
        ' BRAVO ': bravo,
        [phoneOf(1)]: bravo,
        'bravo@agents': bravo,
        'Agent Bravo': bravo,
        'agents.example.in': () => true,
      },
      findsNothing: ['no-such-agent', '%', '_'],
    },
    sorts: {
      code: (a) => a.code,
      name: (a) => a.name.toLowerCase(),
      email: (a) => a.email.toLowerCase(),
      phone: (a) => a.phone,
      status: (a) => a.status,
      users: (a) => a._count.users,
      createdAt: (a) => a.createdAt,
    },
    totals: ['counts'],
    trpcWithoutInput: 'refused',
  });

  describe('POST /api/admin/agents', () => {
    it('answers {success, agent} with a generated AG + 4 digits code and the normalised fields', async () => {
      const res = await api.send('POST', '/api/admin/agents', {
        name: '  Ravi Kumar ',
        phone: '+91 98765 43210',
        email: '  Ravi.Kumar@Example.COM ',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['agent', 'success']);
      expect(body.success).toBe(true);
      expect(body.agent).toEqual({
        id: expect.any(Number),
        code: expect.stringMatching(/^AG\d{4}$/),
        name: 'Ravi Kumar',
        email: 'ravi.kumar@example.com',
        phone: '9876543210',
        status: 'active',
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        _count: { users: 0 },
      });
      const activity = await api.db
        .selectFrom('activityEvents')
        .selectAll()
        .where('type', '=', 'agent')
        .where('code', '=', body.agent.code)
        .execute();
      expect(activity).toHaveLength(1);
      expect(activity[0]!.message).toContain('created');
      expect(activity[0]!.adminId).toBe(api.auth.adminId);
    });

    it('gives every agent a different code', () => {
      const codes = created.map((a) => a.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(code).toMatch(/^AG\d{4}$/);
    });

    it.each([
      [{ name: '', phone: '9876500001', email: 'a@b.in' }, 'Name is required', 'name'],
      [{ name: 'R', phone: '9876500001', email: 'a@b.in' }, 'Name must be at least 2 characters', 'name'],
      [{ name: 'Ravi', phone: '', email: 'a@b.in' }, 'Phone number is required', 'phone'],
      [{ name: 'Ravi', phone: '5876500001', email: 'a@b.in' }, 'Enter valid phone number', 'phone'],
      [{ name: 'Ravi', phone: '98765000011', email: 'a@b.in' }, 'Enter valid phone number', 'phone'],
      [{ name: 'Ravi', phone: '9876500001', email: '' }, 'Email is required', 'email'],
      [{ name: 'Ravi', phone: '9876500001', email: 'not-an-email' }, 'Enter valid email address', 'email'],
      [{ phone: '9876500001', email: 'a@b.in' }, 'Name is required', 'name'],
    ])('rejects %j with "%s" (400) and creates nothing', async (payload, message, field) => {
      const before = (await list('limit=1')).counts.total;
      const res = await api.send('POST', '/api/admin/agents', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, field });
      expect((await list('limit=1')).counts.total).toBe(before);
    });

    it('refuses a phone or email another agent has with a 409 naming the field', async () => {
      const first = created[0]!;
      const phone = await api.send('POST', '/api/admin/agents', {
        name: 'Copy Cat',
        phone: `+91 ${first.phone}`,
        email: 'copy.cat@example.in',
      });
      expect(phone.statusCode).toBe(409);
      expect(phone.json()).toMatchObject({
        message: 'An agent with this phone number already exists',
        field: 'phone',
      });
      const email = await api.send('POST', '/api/admin/agents', {
        name: 'Copy Cat',
        phone: '6000000001',
        email: first.email.toUpperCase(),
      });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toMatchObject({
        message: 'An agent with this email already exists',
        field: 'email',
      });
    });
  });

  describe('GET /api/admin/agents', () => {
    it('answers success, agents, meta and counts, field by field', async () => {
      const body = await list('page=1&limit=10');
      expect(Object.keys(body).sort()).toEqual(['agents', 'counts', 'meta', 'success']);
      expect(body.success).toBe(true);
      expect(body.agents).toHaveLength(10);
      for (const agent of body.agents) {
        expect(Object.keys(agent).sort()).toEqual([
          '_count',
          'code',
          'createdAt',
          'email',
          'id',
          'name',
          'phone',
          'status',
          'updatedAt',
        ]);
        expect(agent.createdAt).toMatch(ISO);
      }
      // Default order: newest first.
      const newest = body.agents[0]!;
      expect(newest.createdAt >= body.agents[9]!.createdAt).toBe(true);
      const known = created.find((a) => a.id === created[7]!.id)!;
      const row = (await list(`search=${known.code}`)).agents[0]!;
      expect(row).toEqual({ ...known, _count: { users: 2 } });
    });

    it('counts total, active and inactive over all agents, whatever the search', async () => {
      const all = await list('limit=100');
      const active = all.agents.filter((a) => a.status === 'active').length;
      const expected = { total: all.agents.length, active, inactive: all.agents.length - active };
      expect(all.counts).toEqual(expected);
      expect(expected.inactive).toBe(6);
    });

    it('finds an agent by its generated code, in any case', async () => {
      const target = created.find((a) => a.email.startsWith('bravo@'))!;
      for (const term of [target.code.toLowerCase(), target.code]) {
        const body = await list(`search=${term}`);
        expect(
          body.agents.map((a) => a.id),
          term,
        ).toEqual([target.id]);
        expect(body.meta).toMatchObject({ total: 1, totalPages: 1, hasNextPage: false });
      }
    });
  });

  describe('PUT /api/admin/agents/{id}', () => {
    it('edits name, email, phone and status and answers {success, agent}', async () => {
      const target = created[12]!;
      const res = await api.send('PUT', `/api/admin/agents/${target.id}`, {
        name: ' Renamed Agent ',
        email: 'Renamed@Example.in',
        phone: '7000000012',
        status: 'inactive',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['agent', 'success']);
      expect(body.agent).toEqual({
        ...target,
        name: 'Renamed Agent',
        email: 'renamed@example.in',
        phone: '7000000012',
        status: 'inactive',
        updatedAt: expect.stringMatching(ISO),
        _count: { users: 0 },
      });
      expect(body.agent.updatedAt > target.updatedAt).toBe(true);
      // And back to active.
      const back = await api.send('PUT', `/api/admin/agents/${target.id}`, {
        name: 'Renamed Agent',
        email: 'renamed@example.in',
        phone: '7000000012',
        status: 'active',
      });
      expect(back.json().agent.status).toBe('active');
    });

    it('requires name, email, phone and status', async () => {
      const target = created[13]!;
      const cases: [Record<string, unknown>, string][] = [
        [{ email: 'x@y.in', phone: '7000000013', status: 'active' }, 'Name is required'],
        [{ name: 'Xy', phone: '7000000013', status: 'active' }, 'Email is required'],
        [{ name: 'Xy', email: 'x@y.in', status: 'active' }, 'Phone number is required'],
        [{ name: 'Xy', email: 'x@y.in', phone: '7000000013', status: 'paused' }, 'Please select a status'],
      ];
      for (const [payload, message] of cases) {
        const res = await api.send('PUT', `/api/admin/agents/${target.id}`, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const unchanged = (await list(`search=${target.code}`)).agents[0];
      expect(unchanged?.name).toBe(target.name);
    });

    it("refuses another agent's phone (409) but keeps its own", async () => {
      const [a, b] = [created[14]!, created[15]!];
      const clash = await api.send('PUT', `/api/admin/agents/${a.id}`, {
        name: a.name,
        email: a.email,
        phone: b.phone,
        status: a.status,
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().field).toBe('phone');
      const same = await api.send('PUT', `/api/admin/agents/${a.id}`, {
        name: a.name,
        email: a.email,
        phone: a.phone,
        status: a.status,
      });
      expect(same.statusCode).toBe(200);
    });

    it('answers 404 for an unknown agent and 400 for a bad id', async () => {
      const payload = { name: 'Xy', email: 'x@y.in', phone: '7000000099', status: 'active' };
      const missing = await api.send('PUT', '/api/admin/agents/987654321', payload);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Agent not found');
      const bad = await api.send('PUT', '/api/admin/agents/abc', payload);
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('DELETE /api/admin/agents/{id}', () => {
    it("deletes the agent; its owners keep their data and become 'Direct'", async () => {
      const target = created[9]!; // has 4 owners
      const owners = await api.db
        .selectFrom('owners')
        .select('id')
        .where('agentId', '=', target.id)
        .execute();
      expect(owners).toHaveLength(4);
      const res = await api.send('DELETE', `/api/admin/agents/${target.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Agent deleted successfully' });
      for (const { id } of owners) {
        const owner = await findOwnerById(api.db, id);
        expect(owner).toBeDefined();
        expect(owner?.agentId).toBeNull();
      }
      expect((await list(`search=${target.code}`)).agents).toEqual([]);
      const again = await api.send('DELETE', `/api/admin/agents/${target.id}`);
      expect(again.statusCode).toBe(404);
      const activity = await api.db
        .selectFrom('activityEvents')
        .select('message')
        .where('code', '=', target.code)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect(activity?.message).toContain('deleted');
    });
  });

  describe('tRPC admin.agents.*', () => {
    it('creates, updates and deletes with the same rules and answers', async () => {
      const create = await api.mutate('admin.agents.create', {
        name: 'Trpc Agent',
        phone: '8000000001',
        email: 'trpc@agents.in',
      });
      expect(create.statusCode).toBe(200);
      const agent = create.json().result.data.agent as TAgentBody;
      expect(agent.code).toMatch(/^AG\d{4}$/);
      const dup = await api.mutate('admin.agents.create', {
        name: 'Other',
        phone: '8000000001',
        email: 'o@agents.in',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.data).toMatchObject({ httpStatus: 409, field: 'phone' });
      expect(dup.json().error.message).toBe('An agent with this phone number already exists');
      const update = await api.mutate('admin.agents.update', {
        id: agent.id,
        name: 'Trpc Agent 2',
        phone: '8000000001',
        email: 'trpc@agents.in',
        status: 'inactive',
      });
      expect(update.json().result.data.agent).toMatchObject({ name: 'Trpc Agent 2', status: 'inactive' });
      const remove = await api.mutate('admin.agents.delete', { id: agent.id });
      expect(remove.json().result.data).toEqual({ success: true, message: 'Agent deleted successfully' });
    });
  });

  describe('authorization', () => {
    it('answers 401 to no token, an expired or tampered token and an owner token, and changes nothing', async () => {
      const target = created[20]!;
      const create = { name: 'Xy', phone: '9000000077', email: 'x@z.in' };
      const hack = { name: 'Hacked', phone: '9000000077', email: 'x@z.in', status: 'inactive' };
      await api.expectAdminOnly(
        [
          { method: 'POST', url: '/api/admin/agents', body: create },
          { method: 'PUT', url: `/api/admin/agents/${target.id}`, body: hack },
          { method: 'DELETE', url: `/api/admin/agents/${target.id}` },
        ],
        [
          { path: 'admin.agents.create', kind: 'mutation', input: create },
          { path: 'admin.agents.update', kind: 'mutation', input: { id: target.id, ...hack } },
          { path: 'admin.agents.delete', kind: 'mutation', input: { id: target.id } },
        ],
      );
      const after = (await list(`search=${target.code}`)).agents;
      expect(after).toEqual([{ ...target, _count: { users: 0 } }]);
    });
  });

  describe('code generation', () => {
    it('finds the one free code when all others are taken (retries past collisions)', async () => {
      await api.db.deleteFrom('agents').execute();
      await sql`insert into agents (code, name, email, phone)
        select 'AG' || lpad(n::text, 4, '0'), 'Bulk ' || n, 'bulk' || n || '@agents.in', '6' || lpad(n::text, 9, '0')
        from generate_series(0, 9999) as n where n <> 4321`.execute(api.db);
      const res = await api.send('POST', '/api/admin/agents', {
        name: 'Last One',
        phone: '9999900000',
        email: 'last@agents.in',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().agent.code).toBe('AG4321');
      const full = await api.send('POST', '/api/admin/agents', {
        name: 'One Too Many',
        phone: '9999900001',
        email: 'toomany@agents.in',
      });
      expect(full.statusCode).toBe(503);
      expect(full.json().message).toBe('No free agent code is left. Please contact support.');
    });
  });
});
