import type { TAdminUser } from '@starloop/contract';
import {
  countOwners,
  insertAgent,
  insertPayment,
  insertReview,
  softDeleteOwner,
  type TAgent,
  type TOwnerPublic,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { adminListContract } from '../../../test/admin-list-contract.ts';
import { createTestOwner, issueOwnerToken } from '../../../test/test-server.ts';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const HOUR = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 5, 15, 12, 0, 0);

/** A row of the users list as the API answers it: the contract's type, never a copy. */
type TUserBody = TAdminUser;

/** 23 owners created an hour apart (index 0 newest); 2 of them deleted. */
const OWNER_COUNT = 23;
const DELETED = new Set([5, 11]);
const statusOf = (i: number) => (i % 4 === 1 ? 'pending' : i % 7 === 3 ? 'inactive' : 'active');
const businessOf = (i: number) => (i % 3 === 0 ? `Sharma Sweets ${i}` : `Mehta Cafe ${i}`);

describe(`admin users API on ${testDriverName()}`, () => {
  const api = adminApi();
  let agent: TAgent;
  const owners: TOwnerPublic[] = [];
  const live = () => owners.filter((_, i) => !DELETED.has(i));

  beforeAll(async () => {
    const { server, db } = api;
    // authCases made one owner; delete it so the fixture below is the whole live set.
    const before = await db.selectFrom('owners').select('id').execute();
    for (const row of before) await db.deleteFrom('owners').where('id', '=', row.id).execute();
    agent = await insertAgent(db, {
      code: 'AG4242',
      name: 'Vikram Rao',
      email: 'vikram@agents.test',
      phone: '9812345601',
    });
    for (let i = 0; i < OWNER_COUNT; i++) {
      const owner = await createTestOwner(server, {
        name: `Owner ${i}`,
        businessName: businessOf(i),
        contactNumber: `70000000${String(i).padStart(2, '0')}`,
        code: `biz-${i}`,
        email: `owner${i}@example.in`,
        status: statusOf(i),
        registrationSource: i % 5 === 2 ? 'manual' : 'website',
        agentId: i % 2 === 0 ? agent.id : null,
        salesRepName: i % 2 === 0 ? null : 'Direct',
        reviewLink: `https://g.page/r/biz-${i}`,
        state: 'Maharashtra',
        city: 'Pune',
        subscriptionStart: i === 0 ? new Date(BASE) : null,
        subscriptionEnd: i === 0 ? new Date(BASE + 365 * 24 * HOUR) : null,
        createdAt: new Date(BASE - i * HOUR),
      });
      owners.push(owner);
    }
    for (const i of DELETED) await softDeleteOwner(db, owners[i]!.id);
    for (const rating of [5, 4, 2]) await insertReview(db, { ownerId: owners[0]!.id, rating });
    for (const n of [1, 2]) {
      await insertPayment(db, {
        ownerId: owners[0]!.id,
        plan: 'essential',
        purpose: 'registration',
        provider: 'test',
        amount: 199900,
        status: 'captured',
        razorpayOrderId: `order_users_${n}`,
      });
    }
  });

  const sharma = (o: TOwnerPublic) => o.businessName.startsWith('Sharma');
  adminListContract({
    rest: '/api/admin/users',
    trpc: 'admin.users.list',
    rowsKey: 'users',
    context: api.context,
    rows: live,
    pageSizes: [3],
    search: {
      finds: {
        'SHARMA sweets': sharma,
        sharma,
        '7000000007': (o) => o.code === 'biz-7',
        'BIZ-13': (o) => o.code === 'biz-13',
        'owner14@': (o) => o.code === 'biz-14',
        'Owner 16': (o) => o.code === 'biz-16',
      },
      // A deleted owner is found only with status=deleted; LIKE wildcards are taken literally.
      findsNothing: ['no-such-business', 'biz-11', '%'],
    },
    totals: ['activeUsers', 'pendingUsers', 'deletedUsers', 'counts'],
  });

  it('answers every documented field of an owner, and never a hash', async () => {
    const { status, body } = await api.get('/api/admin/users/?page=1&limit=10');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ['activeUsers', 'counts', 'deletedUsers', 'meta', 'pendingUsers', 'success', 'users'].sort(),
    );
    expect(body.success).toBe(true);
    const first = body.users[0] as TUserBody;
    expect(Object.keys(first).sort()).toEqual(
      [
        '_count',
        'account',
        'agent',
        'agentName',
        'businessName',
        'city',
        'code',
        'contactNumber',
        'createdAt',
        'deletedAt',
        'email',
        'id',
        'name',
        'plan',
        'registrationSource',
        'reviewLink',
        'state',
        'status',
        'subscriptionEnd',
        'subscriptionStart',
      ].sort(),
    );
    expect(first).toMatchObject({
      id: owners[0]!.id,
      name: 'Owner 0',
      email: 'owner0@example.in',
      businessName: 'Sharma Sweets 0',
      contactNumber: '7000000000',
      code: 'biz-0',
      reviewLink: 'https://g.page/r/biz-0',
      status: 'active',
      plan: 'essential',
      registrationSource: 'website',
      state: 'Maharashtra',
      city: 'Pune',
      agentName: 'Vikram Rao',
      agent: { id: agent.id, name: 'Vikram Rao', phone: '9812345601' },
      deletedAt: null,
      _count: { reviews: 3, payments: 2 },
      // The account it belongs to: made with it, named after it, one branch.
      account: { id: owners[0]!.accountId, name: 'Sharma Sweets 0', branches: 1 },
      createdAt: new Date(BASE).toISOString(),
      subscriptionStart: new Date(BASE).toISOString(),
      subscriptionEnd: new Date(BASE + 365 * 24 * HOUR).toISOString(),
    });
    const direct = body.users[1] as TUserBody;
    expect(direct.agent).toBeNull();
    expect(direct.agentName).toBe('Direct');
    expect(direct._count).toEqual({ reviews: 0, payments: 0 });
    expect(direct.subscriptionStart).toBeNull();
    for (const u of body.users as TUserBody[]) expect(u.createdAt).toMatch(ISO);
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('answers the summary counts from the counters, equal to a count of the rows', async () => {
    const { body } = await api.get('/api/admin/users');
    const rows = live();
    expect(body.activeUsers).toBe(rows.filter((o) => o.status === 'active').length);
    expect(body.pendingUsers).toBe(rows.filter((o) => o.status === 'pending').length);
    expect(body.deletedUsers).toBe(2);
    expect(body.counts).toEqual(await countOwners(api.db, new Date()));
    expect(body.counts).toMatchObject({ total: 21, deleted: 2, withReviews: 1, active: body.activeUsers });
  });

  it('filters by status; deleted owners only with status=deleted', async () => {
    const pending = await api.get('/api/admin/users?status=pending');
    const expected = live().filter((o) => o.status === 'pending');
    expect(pending.body.users.map((u: TUserBody) => u.code)).toEqual(expected.map((o) => o.code));
    expect(pending.body.meta.total).toBe(expected.length);
    const inactive = await api.get('/api/admin/users?status=inactive&search=mehta');
    expect(inactive.body.users.map((u: TUserBody) => u.code)).toEqual(
      live()
        .filter((o) => o.status === 'inactive' && o.businessName.startsWith('Mehta'))
        .map((o) => o.code),
    );
    const deleted = await api.get('/api/admin/users?status=deleted');
    expect(deleted.body.users.map((u: TUserBody) => u.code)).toEqual(['biz-5', 'biz-11']);
    for (const u of deleted.body.users as TUserBody[]) expect(u.deletedAt).toMatch(ISO);
    expect(deleted.body.meta.total).toBe(2);
    const all = await api.get('/api/admin/users?status=');
    expect(all.body.meta.total).toBe(21);
    const bad = await api.get('/api/admin/users?status=banned');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be pending, active, inactive or deleted');
  });

  describe('PUT /api/admin/users/{id}', () => {
    const edit = (id: number, body: unknown) => api.send('PUT', `/api/admin/users/${id}`, body);
    const valid = {
      name: 'Asha Kulkarni',
      businessName: 'Chai Point Pune',
      contactNumber: '9876500001',
      code: 'Chai-Point',
      reviewLink: 'https://g.page/r/chai-point',
      status: 'active',
    };

    it('edits the owner and answers {success, user}; the change is recorded as activity', async () => {
      const target = owners[4]!;
      const res = await edit(target.id, { ...valid, email: 'Asha@Chai.in', agentId: agent.id });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['success', 'user']);
      expect(body.user).toMatchObject({
        id: target.id,
        name: 'Asha Kulkarni',
        businessName: 'Chai Point Pune',
        contactNumber: '9876500001',
        code: 'chai-point',
        reviewLink: 'https://g.page/r/chai-point',
        status: 'active',
        email: 'asha@chai.in',
        agent: { id: agent.id, name: 'Vikram Rao', phone: '9812345601' },
        agentName: 'Vikram Rao',
        deletedAt: null,
      });
      const listed = await api.get('/api/admin/users?search=chai-point');
      expect(listed.body.users).toEqual([body.user]);
      const activity = await api.db
        .selectFrom('activityEvents')
        .selectAll()
        .where('ownerId', '=', target.id)
        .execute();
      expect(activity.map((a) => a.message)).toContain(
        `Chai Point Pune was updated by ${api.auth.adminName}`,
      );
      expect(activity.at(-1)).toMatchObject({ type: 'user', code: 'chai-point', adminId: api.auth.adminId });
    });

    it('answers 409 naming the field when the phone or the code belongs to another owner', async () => {
      const target = owners[6]!;
      const phone = await edit(target.id, {
        ...valid,
        contactNumber: owners[7]!.contactNumber,
        code: 'fresh-code',
      });
      expect(phone.statusCode).toBe(409);
      expect(phone.json()).toMatchObject({
        message: 'This phone number is already registered',
        field: 'contactNumber',
      });
      const code = await edit(target.id, { ...valid, contactNumber: '9876500099', code: owners[7]!.code });
      expect(code.statusCode).toBe(409);
      expect(code.json()).toMatchObject({ message: 'This business code is taken', field: 'code' });
      // A deleted owner keeps its phone and code reserved.
      const reserved = await edit(target.id, {
        ...valid,
        contactNumber: '9876500098',
        code: owners[5]!.code,
      });
      expect(reserved.statusCode).toBe(409);
      const unchanged = await api.get(`/api/admin/users?search=${target.code}`);
      expect(unchanged.body.users[0]).toMatchObject({ businessName: target.businessName, code: target.code });
    });

    it('keeps its own phone and code without a conflict', async () => {
      const target = owners[8]!;
      const res = await edit(target.id, {
        name: 'Renamed',
        businessName: target.businessName,
        contactNumber: target.contactNumber,
        code: target.code,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ name: 'Renamed', code: target.code, status: target.status });
    });

    it('refuses bad input with the user-edit messages and changes nothing', async () => {
      const target = owners[9]!;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...valid, name: '  ' }, 'Name is required', 'name'],
        [{ ...valid, businessName: undefined }, 'Business name is required', 'businessName'],
        [{ ...valid, contactNumber: '' }, 'Contact number is required', 'contactNumber'],
        [{ ...valid, contactNumber: '12345' }, 'Enter a valid 10-digit phone number', 'contactNumber'],
        [{ ...valid, code: '' }, 'Business code is required', 'code'],
        [{ ...valid, reviewLink: 'not a url' }, 'Enter a valid URL', 'reviewLink'],
        [{ ...valid, status: 'deleted' }, 'Status must be pending, active or inactive', 'status'],
      ];
      for (const [body, message, field] of cases) {
        const res = await edit(target.id, body);
        expect(res.statusCode, message).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message, field });
      }
      const agentMissing = await edit(target.id, {
        ...valid,
        contactNumber: target.contactNumber,
        code: target.code,
        agentId: 999999,
      });
      expect(agentMissing.statusCode).toBe(400);
      expect(agentMissing.json().message).toBe('Agent not found');
      const after = await api.get(`/api/admin/users?search=${target.code}`);
      expect(after.body.users[0]).toMatchObject({ name: target.name, businessName: target.businessName });
    });

    it('answers 404 for an unknown or deleted owner and 400 for a bad id', async () => {
      expect((await edit(999999, valid)).statusCode).toBe(404);
      const deleted = await edit(owners[5]!.id, {
        ...valid,
        contactNumber: '9876500055',
        code: 'other-code',
      });
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json().message).toBe('User not found');
      const bad = await api.send('PUT', '/api/admin/users/abc', valid);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Invalid id');
    });

    it('clears the review link with an empty string, over tRPC too', async () => {
      const target = owners[10]!;
      const res = await api.mutate('admin.users.update', {
        id: target.id,
        name: target.name,
        businessName: target.businessName,
        contactNumber: target.contactNumber,
        code: target.code,
        reviewLink: '',
        status: 'pending',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.data.user).toMatchObject({ reviewLink: null, status: 'pending' });
    });
  });

  describe('DELETE /api/admin/users/{id}', () => {
    it('soft-deletes: counted as deleted, out of the list, sessions revoked, activity recorded', async () => {
      const target = await createTestOwner(api.server, {
        businessName: 'Doomed Dhaba',
        code: 'doomed-dhaba',
      });
      const { token } = await issueOwnerToken(api.server, target.id);
      const ownerAuth = { authorization: `Bearer ${token}` };
      expect((await api.as(ownerAuth).send('GET', '/api/users/me')).statusCode).toBe(200);
      const before = (await api.get('/api/admin/users')).body;

      const res = await api.send('DELETE', `/api/admin/users/${target.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'User deleted successfully!' });

      const after = (await api.get('/api/admin/users')).body;
      expect(after.deletedUsers).toBe(before.deletedUsers + 1);
      expect(after.meta.total).toBe(before.meta.total - 1);
      expect((await api.get('/api/admin/users?search=doomed')).body.users).toEqual([]);
      const deleted = (await api.get('/api/admin/users?status=deleted&search=doomed')).body.users;
      expect(deleted).toHaveLength(1);
      expect(deleted[0].deletedAt).toMatch(ISO);
      const session = (await api.sessionsOf('owner', target.id))[0]!;
      expect(session.revokedAt).toBeInstanceOf(Date);
      expect((await api.as(ownerAuth).send('GET', '/api/users/me')).statusCode).toBe(401);
      const activity = await api.db
        .selectFrom('activityEvents')
        .select(['type', 'message', 'code'])
        .where('ownerId', '=', target.id)
        .execute();
      expect(activity).toContainEqual({
        type: 'user',
        message: `Doomed Dhaba was deleted by ${api.auth.adminName}`,
        code: 'doomed-dhaba',
      });

      const again = await api.send('DELETE', `/api/admin/users/${target.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('User not found');
    });

    it('answers 404 for an unknown owner over REST and tRPC', async () => {
      const rest = await api.send('DELETE', '/api/admin/users/999999');
      expect(rest.statusCode).toBe(404);
      const trpc = await api.mutate('admin.users.delete', { id: 999999 });
      expect(trpc.statusCode).toBe(404);
      expect(trpc.json().error.message).toBe('User not found');
    });
  });
});
