import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { callProcedure } from '../../../test/admin-auth-cases.ts';
import { emptyAdminListsContract } from '../../../test/admin-list-contract.ts';
import { createTestAdmin } from '../../../test/test-server.ts';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Every REST route of admin part 1 (overview, users, reviews, payments, manual payments, admins). */
const ROUTES = [
  { method: 'GET', url: '/api/admin/stats/' },
  { method: 'GET', url: '/api/admin/activity/' },
  { method: 'GET', url: '/api/admin/users/?page=1&limit=10' },
  {
    method: 'PUT',
    url: '/api/admin/users/1',
    body: { name: 'X', businessName: 'Y', contactNumber: '9000000000', code: 'xyz' },
  },
  { method: 'DELETE', url: '/api/admin/users/1' },
  { method: 'GET', url: '/api/admin/reviews/?sortBy=rating' },
  { method: 'GET', url: '/api/admin/payments' },
  { method: 'GET', url: '/api/admin/manual-payments' },
  { method: 'GET', url: '/api/admin/admins' },
  {
    method: 'POST',
    url: '/api/admin/admins',
    body: { name: 'New', email: 'new@starloop.test', password: 'secret-pass', role: 'admin' },
  },
  { method: 'PUT', url: '/api/admin/admins/1', body: { status: 'disabled' } },
] as const;

const PROCEDURES = [
  { path: 'admin.overview.stats', kind: 'query' },
  { path: 'admin.overview.activity', kind: 'query', input: { page: 1, limit: 10 } },
  { path: 'admin.users.list', kind: 'query', input: {} },
  {
    path: 'admin.users.update',
    kind: 'mutation',
    input: { id: 1, name: 'X', businessName: 'Y', contactNumber: '9000000000', code: 'xyz' },
  },
  { path: 'admin.users.delete', kind: 'mutation', input: { id: 1 } },
  { path: 'admin.reviews.list', kind: 'query', input: {} },
  { path: 'admin.payments.list', kind: 'query', input: {} },
  { path: 'admin.manualPayments.list', kind: 'query', input: {} },
  { path: 'admin.admins.list', kind: 'query' },
  {
    path: 'admin.admins.create',
    kind: 'mutation',
    input: { name: 'New', email: 'new@starloop.test', password: 'secret-pass', role: 'admin' },
  },
  { path: 'admin.admins.update', kind: 'mutation', input: { id: 1, status: 'disabled' } },
] as const;

describe(`admin accounts and the admin authorization matrix on ${testDriverName()}`, () => {
  const api = adminApi();
  let superA: Awaited<ReturnType<typeof createTestAdmin>>;
  let superB: Awaited<ReturnType<typeof createTestAdmin>>;
  let superAuth: { authorization: string };
  let plainAuth: { authorization: string };

  const { bearer } = api;
  const asSuper = api.as(() => superAuth);
  /** POST /api/admin/admins and PUT /api/admin/admins/{id}, as a super admin. */
  const createAdmin = (name: string, email: string, password: string, role = 'admin') =>
    asSuper.send('POST', '/api/admin/admins', { name, email, password, role });
  const updateAdmin = (id: number, change: object) => asSuper.send('PUT', `/api/admin/admins/${id}`, change);
  const adminCount = async () =>
    Number(
      (
        await api.db
          .selectFrom('admins')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    plainAuth = api.auth.admin;
    superA = await createTestAdmin(api.server, { email: 'super.a@starloop.test', role: 'super_admin' });
    superB = await createTestAdmin(api.server, { email: 'super.b@starloop.test', role: 'super_admin' });
    superAuth = await bearer(superA.id);
    // The platform is empty: authCases' owner is not needed.
    await api.db.deleteFrom('owners').execute();
  });

  describe('authorization matrix', () => {
    it('every REST route answers 401 with no, an expired, a tampered, a garbage or an owner token', async () => {
      const before = await adminCount();
      await api.expectAdminOnly([...ROUTES]);
      expect(await adminCount()).toBe(before);
    });

    it('every tRPC procedure answers 401 (UNAUTHORIZED) for the same tokens', async () => {
      await api.expectAdminOnly([], [...PROCEDURES]);
    });

    it('a revoked (logged out) token and a disabled admin are refused', async () => {
      const admin = await createTestAdmin(api.server, { role: 'admin' });
      const headers = await bearer(admin.id);
      expect((await api.as(headers).send('GET', '/api/admin/users')).statusCode).toBe(200);
      const logout = await api.as(headers).send('POST', '/api/admin/logout');
      expect(logout.statusCode).toBe(200);
      for (const route of ROUTES) {
        const res = await api
          .as(headers)
          .send(route.method, route.url, 'body' in route ? route.body : undefined);
        expect(res.statusCode, `${route.method} ${route.url} after logout`).toBe(401);
      }
      const disabled = await createTestAdmin(api.server, { role: 'admin', status: 'disabled' });
      const disabledHeaders = await bearer(disabled.id);
      expect((await api.as(disabledHeaders).send('GET', '/api/admin/stats')).statusCode).toBe(401);
    });

    it('a plain admin may read every list but gets 403 managing admins', async () => {
      for (const route of ROUTES.filter((r) => r.method === 'GET')) {
        const res = await api.as(plainAuth).send('GET', route.url);
        expect(res.statusCode, route.url).toBe(200);
      }
      const before = await adminCount();
      const sneaky = {
        name: 'Sneaky',
        email: 'sneaky@starloop.test',
        password: 'secret-pass',
        role: 'super_admin',
      };
      const create = await api.as(plainAuth).send('POST', '/api/admin/admins', sneaky);
      expect(create.statusCode).toBe(403);
      expect(create.json().message).toBe('You do not have permission to do that.');
      const update = await api.as(plainAuth).send('PUT', `/api/admin/admins/${api.auth.adminId}`, {
        role: 'super_admin',
      });
      expect(update.statusCode).toBe(403);
      for (const call of PROCEDURES.filter(
        (p) => p.path.startsWith('admin.admins.') && p.kind === 'mutation',
      )) {
        const res = await callProcedure(api.server, call, plainAuth);
        expect(res.statusCode, call.path).toBe(403);
        expect(res.json().error.data.code).toBe('FORBIDDEN');
      }
      expect(await adminCount()).toBe(before);
      const self = await api.db
        .selectFrom('admins')
        .select('role')
        .where('id', '=', api.auth.adminId)
        .executeTakeFirst();
      expect(self?.role).toBe('admin');
    });
  });

  describe('an empty platform', () => {
    const zero = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, 0]));
    emptyAdminListsContract(api.context, [
      {
        rest: '/api/admin/users',
        trpc: 'admin.users.list',
        rowsKey: 'users',
        answer: {
          success: true,
          ...zero('activeUsers', 'pendingUsers', 'deletedUsers'),
          counts: zero(
            'total',
            'newThisMonth',
            'withReviews',
            'referred',
            'active',
            'pending',
            'inactive',
            'deleted',
            'manualOnboarded',
          ),
        },
      },
      {
        rest: '/api/admin/reviews',
        trpc: 'admin.reviews.list',
        rowsKey: 'reviews',
        answer: { success: true, ...zero('avgRating', 'totalReviews') },
      },
      {
        rest: '/api/admin/payments',
        trpc: 'admin.payments.list',
        rowsKey: 'payments',
        answer: {
          success: true,
          totalRevenue: 0,
          paymentStatusCounts: zero('pending', 'failed', 'captured'),
        },
      },
      {
        rest: '/api/admin/manual-payments',
        trpc: 'admin.manualPayments.list',
        rowsKey: 'payments',
        answer: {
          success: true,
          totalRevenue: 0,
          paymentMethodCounts: ['cash', 'cheque', 'razorpay', 'bank_transfer', 'upi'].map(
            (paymentMethod) => ({
              paymentMethod,
              count: 0,
            }),
          ),
        },
      },
      {
        rest: '/api/admin/agents',
        trpc: 'admin.agents.list',
        rowsKey: 'agents',
        answer: { success: true, counts: zero('total', 'active', 'inactive') },
      },
      {
        rest: '/api/admin/leads',
        trpc: 'admin.leads.list',
        rowsKey: 'leads',
        answer: {
          counts: zero('totalLeads', 'newLeads', 'contactedLeads', 'convertedLeads', 'thisMonthLeads'),
        },
      },
      {
        rest: '/api/admin/activity',
        trpc: 'admin.overview.activity',
        rowsKey: 'activities',
        answer: { success: true },
      },
    ]);

    it('answers zero stat cards', async () => {
      const res = await api.as(plainAuth).send('GET', '/api/admin/stats/');
      expect(res.json().stats).toMatchObject({
        totalUsers: 0,
        revenue: { total: 0, razorpay: 0, manual: 0 },
        totalReviews: 0,
        averageRating: 0,
        lowRatingCount: 0,
        highRatingCount: 0,
        manualOnboardedUsers: 0,
      });
    });
  });

  describe('admin accounts', () => {
    it('GET /api/admin/admins lists every admin with the documented fields and never a hash', async () => {
      const res = await api.as(plainAuth).send('GET', '/api/admin/admins');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['admins']);
      const rows = await api.db.selectFrom('admins').selectAll().orderBy('id').execute();
      expect(body.admins.map((a: { id: number }) => a.id)).toEqual(rows.map((r) => r.id));
      const a = body.admins.find((x: { id: number }) => x.id === superA.id);
      expect(a).toEqual({
        id: superA.id,
        name: 'Test Admin',
        email: 'super.a@starloop.test',
        role: 'super_admin',
        status: 'active',
        createdAt: expect.stringMatching(ISO),
        lastLogin: null,
      });
      expect(res.body).not.toContain('argon2');
      expect(res.body).not.toContain('passwordHash');
    });

    it('a super_admin creates an admin who can then sign in; a taken email is a 409', async () => {
      const res = await createAdmin('Pooja Iyer', 'Pooja@StarLoop.test', 'pooja-pass');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        admin: {
          id: expect.any(Number),
          name: 'Pooja Iyer',
          email: 'pooja@starloop.test',
          role: 'admin',
          status: 'active',
          createdAt: expect.stringMatching(ISO),
          lastLogin: null,
        },
      });
      const signIn = { email: 'pooja@starloop.test', password: 'pooja-pass' };
      const login = await api.as({}).send('POST', '/api/admin/login', signIn);
      expect(login.statusCode).toBe(200);
      const again = await createAdmin('Other', 'POOJA@starloop.test', 'other-pass');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: 'An admin with this email already exists',
        field: 'email',
      });
      const bad = await asSuper.mutate('admin.admins.create', {
        name: 'X',
        email: 'x@y.z',
        password: '123',
        role: 'admin',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Password must be at least 6 characters');
      const badRole = await createAdmin('X', 'x@y.z', '123456', 'owner');
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().message).toBe('Role must be super_admin or admin');
    });

    it('a super_admin disables another admin, whose token stops working at once', async () => {
      const target = await createTestAdmin(api.server, { role: 'admin' });
      const targetAuth = await bearer(target.id);
      const res = await updateAdmin(target.id, { status: 'disabled' });
      expect(res.statusCode).toBe(200);
      expect(res.json().admin).toMatchObject({ id: target.id, status: 'disabled', role: 'admin' });
      expect((await api.as(targetAuth).send('GET', '/api/admin/users')).statusCode).toBe(401);
      const sessions = await api.sessionsOf('admin', target.id);
      expect(sessions.every((s) => s.revokedAt instanceof Date)).toBe(true);
      const back = await asSuper.mutate('admin.admins.update', {
        id: target.id,
        status: 'active',
        role: 'super_admin',
      });
      expect(back.statusCode).toBe(200);
      expect(back.json().result.data.admin).toMatchObject({ status: 'active', role: 'super_admin' });
      // Put it back so the super admin count below is known.
      await api.db.updateTable('admins').set({ role: 'admin' }).where('id', '=', target.id).execute();
    });

    it('nobody disables themselves', async () => {
      const res = await updateAdmin(superA.id, { status: 'disabled' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'You cannot disable your own account', field: 'status' });
      const row = await api.db
        .selectFrom('admins')
        .select('status')
        .where('id', '=', superA.id)
        .executeTakeFirst();
      expect(row?.status).toBe('active');
    });

    it('the last active super_admin can be neither demoted nor disabled', async () => {
      // Two super admins: A demotes B, which leaves A as the last one.
      const demoteB = await updateAdmin(superB.id, { role: 'admin' });
      expect(demoteB.statusCode).toBe(200);
      const demoteSelf = await updateAdmin(superA.id, { role: 'admin' });
      expect(demoteSelf.statusCode).toBe(409);
      expect(demoteSelf.json()).toMatchObject({
        message: 'There must always be at least one active super admin',
        field: 'role',
      });
      // B, now a plain admin, cannot do anything about it.
      const byB = await api.as(await bearer(superB.id)).send('PUT', `/api/admin/admins/${superA.id}`, {
        status: 'disabled',
      });
      expect(byB.statusCode).toBe(403);
      const supers = await api.db
        .selectFrom('admins')
        .select('id')
        .where('role', '=', 'super_admin')
        .where('status', '=', 'active')
        .execute();
      expect(supers.map((s) => s.id)).toEqual([superA.id]);
      // With B a super admin again, A may step down.
      expect((await updateAdmin(superB.id, { role: 'super_admin' })).statusCode).toBe(200);
      const stepDown = await updateAdmin(superA.id, { role: 'admin' });
      expect(stepDown.statusCode).toBe(200);
      // Now B is the last: A (a plain admin now) gets 403, and B cannot demote itself.
      expect((await updateAdmin(superB.id, { role: 'admin' })).statusCode).toBe(403);
      const bSelf = await api.as(await bearer(superB.id)).mutate('admin.admins.update', {
        id: superB.id,
        role: 'admin',
      });
      expect(bSelf.statusCode).toBe(409);
    });

    it('answers 404 for an unknown admin and 400 when nothing is asked', async () => {
      const headers = await bearer(superB.id);
      const missing = await api.as(headers).send('PUT', '/api/admin/admins/999999', { role: 'admin' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Admin not found');
      const nothing = await api.as(headers).send('PUT', `/api/admin/admins/${superA.id}`, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().message).toBe('Say what to change: role or status');
    });
  });
});
