import { AUDIT_ACTIONS, AUDIT_TEXTS } from '@starloop/contract';
import { insertLead, issueOneTimeToken, recordAudit, type TAuditLogRow } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { adminListContract, expectedMeta, type TListRow } from '../../../test/admin-list-contract.ts';
import { createTestAdmin, createTestOwner, ownerPersonId } from '../../../test/test-server.ts';

const WORDS = ['amber', 'basil', 'cedar', 'dune', 'ember', 'fern', 'garnet', 'hazel', 'iris', 'jade'];

describe(`the audit trail on ${testDriverName()}`, () => {
  const api = adminApi();
  let superAdmin: Awaited<ReturnType<typeof createTestAdmin>>;
  let superAuth: { authorization: string };

  /** An admin's call from a known address: the trail must name it. */
  const fromIp = (headers: { authorization: string }, ip: string) => ({ ...headers, 'x-forwarded-for': ip });
  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, ip: string, body?: unknown) =>
    api.as(fromIp(api.auth.admin, ip)).send(method, url, body);
  /** The rows of one action, oldest first. */
  const rowsOf = (action: string) =>
    api.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id').execute();
  const lastOf = async (action: string) => (await rowsOf(action)).at(-1);

  beforeAll(async () => {
    superAdmin = await createTestAdmin(api.server, {
      role: 'super_admin',
      email: 'audit.super@starloop.test',
    });
    superAuth = await api.bearer(superAdmin.id);
  });

  describe('every change an admin makes, and every owner sign-in, leaves a row', () => {
    const byAdmin = (ip: string) => ({ actorKind: 'admin', actorId: api.auth.adminId, ip });

    it('an owner signs in (and a failed sign-in leaves none)', async () => {
      const owner = await createTestOwner(api.server, { password: 'chai-point-pass' });
      const signIn = (password: string) =>
        api
          .as({ 'x-forwarded-for': '10.60.0.1' })
          .send('POST', '/api/users/login', { contactNumber: owner.contactNumber, password });
      expect((await signIn('wrong-pass-1')).statusCode).toBe(401);
      expect(await rowsOf('owner.sign_in')).toEqual([]);
      expect((await signIn('chai-point-pass')).statusCode).toBe(200);
      // The person signs in (tokens name people since accounts, migration 0021).
      const person = await ownerPersonId(api.server, owner.id);
      expect(await rowsOf('owner.sign_in')).toEqual([
        expect.objectContaining({
          actorKind: 'owner',
          actorId: person,
          targetTable: 'persons',
          targetId: person,
          ip: '10.60.0.1',
          details: { via: 'password' },
          createdAt: expect.any(Date),
        }),
      ]);
    });

    it('an owner signs in through a set-password link', async () => {
      const owner = await createTestOwner(api.server);
      const link = {
        personId: await ownerPersonId(api.server, owner.id),
        kind: 'set_password',
        ttlSeconds: 3600,
      } as const;
      const { token } = await issueOneTimeToken(api.db, link);
      const res = await api
        .as({ 'x-forwarded-for': '10.60.0.20' })
        .send('POST', '/api/users/set-password', { token, password: 'my-own-pass-77' });
      expect(res.statusCode, res.body).toBe(200);
      const row = (await rowsOf('owner.sign_in')).find((r) => r.actorId === link.personId);
      expect(row).toMatchObject({ actorKind: 'owner', ip: '10.60.0.20', details: { via: 'password_link' } });
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it('user edit and delete; a refused edit leaves nothing (same transaction)', async () => {
      const owner = await createTestOwner(api.server);
      const other = await createTestOwner(api.server);
      const edit = (contactNumber: string) =>
        send('PUT', `/api/admin/users/${owner.id}`, '10.60.0.2', {
          name: 'Renamed Owner',
          businessName: owner.businessName,
          contactNumber,
          code: owner.code,
          status: 'pending',
        });
      expect((await edit(other.contactNumber)).statusCode).toBe(409);
      expect(await rowsOf('user.update')).toEqual([]);
      expect((await edit(owner.contactNumber)).statusCode).toBe(200);
      expect(await lastOf('user.update')).toMatchObject({
        ...byAdmin('10.60.0.2'),
        targetTable: 'owners',
        targetId: owner.id,
        details: {
          fields: ['name', 'businessName', 'contactNumber', 'code', 'status'],
          status: ['active', 'pending'],
        },
      });
      expect((await send('DELETE', `/api/admin/users/${owner.id}`, '10.60.0.3')).statusCode).toBe(200);
      expect(await lastOf('user.delete')).toMatchObject({
        ...byAdmin('10.60.0.3'),
        targetTable: 'owners',
        targetId: owner.id,
        details: { code: owner.code },
      });
    });

    it('lead edit and delete', async () => {
      const lead = await insertLead(api.db, {
        name: 'Lead Person',
        email: 'lead@example.in',
        contactNumber: '9876543210',
        subject: 'demo',
        message: 'Call me',
        source: 'organic',
      });
      const edit = await send('PUT', `/api/admin//leads/${lead.id}`, '10.60.0.4', {
        name: 'Lead Person',
        email: 'lead@example.in',
        contactNumber: '9876543210',
        bussiness: '',
        subject: 'demo',
        message: 'Called back',
        source: 'organic',
        status: 'contacted',
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await lastOf('lead.update')).toMatchObject({
        ...byAdmin('10.60.0.4'),
        targetTable: 'leads',
        targetId: lead.id,
        details: { fields: ['message', 'status'], status: ['new', 'contacted'] },
      });
      expect((await send('DELETE', `/api/admin//leads/${lead.id}`, '10.60.0.5')).statusCode).toBe(200);
      expect(await lastOf('lead.delete')).toMatchObject({
        ...byAdmin('10.60.0.5'),
        targetTable: 'leads',
        targetId: lead.id,
      });
    });

    it('agent create, edit and delete', async () => {
      const created = await send('POST', '/api/admin/agents', '10.60.0.6', {
        name: 'Audit Agent',
        phone: '9822222222',
        email: 'audit.agent@agents.in',
      });
      expect(created.statusCode, created.body).toBe(201);
      const agent = created.json().agent;
      expect(await lastOf('agent.create')).toMatchObject({
        ...byAdmin('10.60.0.6'),
        targetTable: 'agents',
        targetId: agent.id,
        details: { code: agent.code },
      });
      const edited = await send('PUT', `/api/admin/agents/${agent.id}`, '10.60.0.7', {
        name: 'Audit Agent',
        phone: '9822222222',
        email: 'audit.agent@agents.in',
        status: 'inactive',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await lastOf('agent.update')).toMatchObject({
        ...byAdmin('10.60.0.7'),
        targetId: agent.id,
        details: { fields: ['status'], status: ['active', 'inactive'] },
      });
      expect((await send('DELETE', `/api/admin/agents/${agent.id}`, '10.60.0.8')).statusCode).toBe(200);
      expect(await lastOf('agent.delete')).toMatchObject({
        ...byAdmin('10.60.0.8'),
        targetId: agent.id,
        details: { code: agent.code, ownersMadeDirect: 0 },
      });
    });

    it('onboarding', async () => {
      const res = await send('POST', '/api/admin/onboard', '10.60.0.9', {
        branches: [
          {
            name: 'Audit Branch',
            contactNumber: '7012345678',
            businessName: 'Audit Branch Cafe',
            code: 'audit-branch',
            reviewLink: 'https://g.page/r/audit-branch/review',
            state: 'Maharashtra',
            city: 'Pune',
            subscriptionDuration: 1,
          },
        ],
        payment: { amount: 12000, paymentMethod: 'cash', email: 'audit@chain.in', notes: 'Launch price' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { users, manualPaymentId } = res.json();
      const row = await lastOf('onboarding.complete');
      expect(row).toMatchObject({
        ...byAdmin('10.60.0.9'),
        targetTable: 'manual_payments',
        targetId: manualPaymentId,
        details: {
          ownerIds: [users[0].id],
          codes: ['audit-branch'],
          amount: 12000,
          paymentMethod: 'cash',
        },
      });
      // The set-password link is a secret: it is not in the trail.
      expect(JSON.stringify(row)).not.toContain('set-password');
    });

    it('admin create, role and status changes (never the password)', async () => {
      const create = await api.as(fromIp(superAuth, '10.60.0.10')).send('POST', '/api/admin/admins', {
        name: 'Audited Admin',
        email: 'audited@starloop.test',
        password: 'audited-pass-42',
        role: 'admin',
      });
      expect(create.statusCode, create.body).toBe(201);
      const id = create.json().admin.id;
      const created = await lastOf('admin.create');
      expect(created).toMatchObject({
        actorKind: 'admin',
        actorId: superAdmin.id,
        ip: '10.60.0.10',
        targetTable: 'admins',
        targetId: id,
        details: { email: 'audited@starloop.test', role: 'admin' },
      });
      expect(JSON.stringify(created)).not.toContain('audited-pass-42');
      const change = (body: unknown) =>
        api.as(fromIp(superAuth, '10.60.0.11')).send('PUT', `/api/admin/admins/${id}`, body);
      expect((await change({ role: 'super_admin' })).statusCode).toBe(200);
      expect((await change({ status: 'disabled' })).statusCode).toBe(200);
      const [role, status] = (await rowsOf('admin.update')).slice(-2);
      expect(role).toMatchObject({
        actorId: superAdmin.id,
        targetId: id,
        details: { role: ['admin', 'super_admin'] },
      });
      expect(status).toMatchObject({ targetId: id, details: { status: ['active', 'disabled'] } });
    });

    it('report export, with its recipient', async () => {
      const res = await send('GET', '/api/reports/?type=payments&email=cfo@chain.in', '10.60.0.12');
      expect(res.statusCode, res.body).toBe(200);
      expect(await lastOf('report.export')).toMatchObject({
        ...byAdmin('10.60.0.12'),
        targetTable: null,
        targetId: null,
        details: { type: 'payments', recipient: 'cfo@chain.in' },
      });
    });
  });

  describe('append-only in the database', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of audit_log, whoever asks', async () => {
      const before = await api.db.selectFrom('auditLog').selectAll().orderBy('id').execute();
      expect(before.length).toBeGreaterThan(5);
      const target = before[0]!.id;
      await expect(
        sql`update audit_log set action = 'tampered' where id = ${target}`.execute(api.db),
      ).rejects.toThrow(/audit_log is append-only: UPDATE is not allowed/);
      await expect(
        api.db
          .updateTable('auditLog')
          .set({ ip: null } as never)
          .where('id', '=', target)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(api.db.deleteFrom('auditLog').where('id', '=', target).execute()).rejects.toThrow(
        /audit_log is append-only: DELETE is not allowed/,
      );
      await expect(sql`delete from audit_log`.execute(api.db)).rejects.toThrow(/append-only/);
      await expect(sql`truncate audit_log`.execute(api.db)).rejects.toThrow(
        /audit_log is append-only: TRUNCATE is not allowed/,
      );
      const after = await api.db.selectFrom('auditLog').selectAll().orderBy('id').execute();
      expect(after).toEqual(before);
    });
  });

  describe('who may read it', () => {
    // The 401 matrix is part of the list contract below.
    it('a plain admin gets 403 over REST and tRPC; a super admin reads it', async () => {
      const rest = await api.send('GET', '/api/admin/audit');
      expect(rest.statusCode).toBe(403);
      expect(rest.json().message).toBe('You do not have permission to do that.');
      const trpc = await api.query('admin.audit.list', {});
      expect(trpc.statusCode).toBe(403);
      expect(trpc.json().error.data.code).toBe('FORBIDDEN');
      const ok = await api.as(superAuth).send('GET', '/api/admin/audit');
      expect(ok.statusCode).toBe(200);
      // Reading the trail is not a change: it adds nothing to it.
      expect(ok.json().meta.total).toBe(
        (await api.as(superAuth).send('GET', '/api/admin/audit')).json().meta.total,
      );
    });
  });
});

describe(`the audit list (admin.audit.list, GET /api/admin/audit) on ${testDriverName()}`, () => {
  // The list contract reads as a super admin; the plain admin's 403 is tested above.
  const api = adminApi({ role: 'super_admin' });
  let ownerId: number;

  /** Every row, as the list answers them by default: newest first, ties by id. */
  const allRows = async () =>
    (
      await api.db
        .selectFrom('auditLog')
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => ({ ...row, details: row.details as Record<string, string> }));

  beforeAll(async () => {
    ownerId = (await createTestOwner(api.server)).id;
    for (let i = 0; i < 25; i++) {
      const byOwner = i % 5 === 4;
      await recordAudit(api.db, {
        actorKind: byOwner ? 'owner' : 'admin',
        actorId: byOwner ? ownerId : api.auth.adminId,
        action: byOwner ? 'owner.sign_in' : AUDIT_ACTIONS[(i % 12) + 1]!,
        targetTable: byOwner ? 'owners' : 'agents',
        targetId: byOwner ? ownerId : 100 + i,
        ip: `10.70.0.${i}`,
        details: { note: WORDS[i % WORDS.length]!, n: i },
      });
    }
  });

  type TSeedRow = Awaited<ReturnType<typeof allRows>>[number];
  adminListContract<TSeedRow>({
    rest: '/api/admin/audit',
    trpc: 'admin.audit.list',
    rowsKey: 'entries',
    context: api.context,
    rows: allRows,
    pageSizes: [7],
    search: {
      finds: {
        ember: (row) => row.details.note === 'ember',
        'agent.': (row) => row.action.startsWith('agent.'),
        '10.70.0.1': (row) => row.ip?.includes('10.70.0.1') ?? false,
      },
      findsNothing: ['nothing-like-this', '100%'],
    },
  });

  const list = async (query: string) => {
    const res = await api.send('GET', `/api/admin/audit?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { entries: TListRow[]; meta: unknown };
  };
  const ids = (rows: readonly TListRow[]) => rows.map((row) => row.id as number);

  it('answers each entry with who (named), what, where and when', async () => {
    const [row] = (await list('limit=1')).entries;
    const newest = (await allRows())[0]!;
    expect(row).toEqual({
      id: newest.id,
      actorKind: newest.actorKind,
      actorId: newest.actorId,
      actorName: newest.actorKind === 'owner' ? 'Test Business' : 'Test Admin',
      action: newest.action,
      targetTable: newest.targetTable,
      targetId: newest.targetId,
      ip: newest.ip,
      details: newest.details,
      createdAt: newest.createdAt.toISOString(),
    });
  });

  it('filters by action, by who and by what, alone or with a search', async () => {
    const rows = await allRows();
    const keep = (pick: (row: TAuditLogRow) => boolean) => ids(rows.filter(pick));
    expect(ids((await list('action=owner.sign_in&limit=100')).entries)).toEqual(
      keep((r) => r.action === 'owner.sign_in'),
    );
    expect(ids((await list(`actorKind=owner&actorId=${ownerId}&limit=100`)).entries)).toEqual(
      keep((r) => r.actorKind === 'owner'),
    );
    expect(ids((await list(`actorKind=admin&actorId=${api.auth.adminId}&limit=100`)).entries)).toEqual(
      keep((r) => r.actorKind === 'admin'),
    );
    expect(ids((await list('targetTable=agents&targetId=103')).entries)).toEqual(
      keep((r) => r.targetTable === 'agents' && r.targetId === 103),
    );
    expect(ids((await list('actorKind=owner&search=ember&limit=100')).entries)).toEqual(
      keep((r) => r.actorKind === 'owner' && (r.details as { note: string }).note === 'ember'),
    );
    // Empty values mean "not given" (a form's cleared select).
    expect((await list('action=&actorKind=&targetTable=&from=&to=')).meta).toEqual(
      expectedMeta(rows.length, 1, 10),
    );
  });

  it('filters by whole UTC days, both ends included', async () => {
    const at = (iso: string, n: number) =>
      api.db
        .insertInto('auditLog')
        .values({
          actorKind: 'system',
          actorId: null,
          action: 'admin.create',
          details: JSON.stringify({ n }),
          createdAt: iso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const early = await at('2026-01-05T00:00:00.000Z', 1);
    const late = await at('2026-01-05T23:59:59.999Z', 2);
    await at('2026-01-06T00:00:00.000Z', 3);
    await at('2026-01-04T23:59:59.999Z', 4);
    const day = await list('from=2026-01-05&to=2026-01-05');
    expect(ids(day.entries)).toEqual([late.id, early.id]);
    expect((await list('from=2026-01-04&to=2026-01-06')).entries).toHaveLength(4);
  });

  it('refuses unknown filters and bad dates with their messages', async () => {
    const refused = async (query: string, field: string, message: string) => {
      const res = await api.send('GET', `/api/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
      const input = Object.fromEntries(new URLSearchParams(query));
      const trpc = await api.query('admin.audit.list', input);
      expect(trpc.json().error).toMatchObject({ message, data: { field } });
    };
    await refused('action=user.hack', 'action', AUDIT_TEXTS.actionInvalid);
    await refused('actorKind=robot', 'actorKind', AUDIT_TEXTS.actorKindInvalid);
    await refused('targetTable=passwords', 'targetTable', AUDIT_TEXTS.targetTableInvalid);
    await refused('actorId=abc', 'actorId', AUDIT_TEXTS.idInvalid);
    await refused('from=yesterday', 'from', AUDIT_TEXTS.dateInvalid);
    await refused('from=2026-02-30', 'from', AUDIT_TEXTS.dateInvalid);
    await refused('from=2026-02-03&to=2026-02-01', 'to', AUDIT_TEXTS.datesReversed);
  });

  it('a sign-in through the API lands in the list at once', async () => {
    const owner = await createTestOwner(api.server, { password: 'masala-dosa-9' });
    const signIn = { contactNumber: owner.contactNumber, password: 'masala-dosa-9' };
    const res = await api.as({}).send('POST', '/api/users/login', signIn);
    expect(res.statusCode).toBe(200);
    const [newest] = (await list(`action=owner.sign_in&actorId=${owner.id}`)).entries;
    expect(newest).toMatchObject({ actorKind: 'owner', actorId: owner.id, actorName: 'Test Business' });
  });
});
