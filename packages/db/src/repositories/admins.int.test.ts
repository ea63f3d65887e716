import { describe, expect, it } from 'vitest';
import { nullOr, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import {
  ADMIN_PUBLIC_COLUMNS,
  countActiveSuperAdmins,
  findAdminByEmail,
  findAdminById,
  insertAdmin,
  listAdmins,
  lockActiveSuperAdmins,
  type TAdminPublic,
  touchAdminLastLogin,
  updateAdmin,
} from './admins.ts';

const PUBLIC_KEYS = [...ADMIN_PUBLIC_COLUMNS].sort();

const expectPublicAdminShape = (row: TAdminPublic | undefined) => {
  expect(row).toBeDefined();
  expect(Object.keys(row!).sort()).toEqual(PUBLIC_KEYS);
  expect(row).not.toHaveProperty('passwordHash');
  expect(row).toEqual({
    id: expect.any(Number),
    name: expect.any(String),
    email: expect.any(String),
    role: expect.stringMatching(/^(super_admin|admin)$/),
    status: expect.stringMatching(/^(active|disabled)$/),
    createdAt: expect.any(Date),
    lastLogin: nullOr(row!.lastLogin, expect.any(Date)),
  });
};

describe(`admins repository on ${testDriverName()}`, () => {
  const handle = useTestDb();

  describe('insertAdmin', () => {
    it('trims and lower-cases the email and never returns the hash', async () => {
      const admin = await insertAdmin(handle.db, {
        name: 'Root',
        email: '  Root@StarLoop.IN ',
        passwordHash: 'root-hash',
        role: 'super_admin',
      });
      expectPublicAdminShape(admin);
      expect(admin).toMatchObject({
        name: 'Root',
        email: 'root@starloop.in',
        role: 'super_admin',
        status: 'active',
        lastLogin: null,
      });
    });

    it('rejects a duplicate email whatever its case', async () => {
      await expect(
        insertAdmin(handle.db, { name: 'Copy', email: 'ROOT@starloop.in', passwordHash: 'h', role: 'admin' }),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(
        handle.db
          .insertInto('admins')
          .values({ name: 'Raw', email: 'Root@StarLoop.in', passwordHash: 'h', role: 'admin' })
          .execute(),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('rejects an unknown role', async () => {
      await expect(
        insertAdmin(handle.db, {
          name: 'X',
          email: 'x@starloop.in',
          passwordHash: 'h',
          role: 'owner' as never,
        }),
      ).rejects.toMatchObject({ code: '23514' });
    });
  });

  describe('finders', () => {
    it('findAdminByEmail normalises the email and includes the hash', async () => {
      const admin = await findAdminByEmail(handle.db, '  ROOT@starloop.in ');
      expect(admin).toEqual({
        id: expect.any(Number),
        name: 'Root',
        email: 'root@starloop.in',
        passwordHash: 'root-hash',
        role: 'super_admin',
        status: 'active',
        lastLogin: null,
        // The growing sign-in delay's state (migration 0010).
        failedSignIns: 0,
        signInBlockedUntil: null,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      });
      expect(await findAdminByEmail(handle.db, 'nobody@starloop.in')).toBeUndefined();
    });

    it('findAdminById returns the public shape only', async () => {
      const { id } = (await findAdminByEmail(handle.db, 'root@starloop.in'))!;
      const admin = await findAdminById(handle.db, id);
      expectPublicAdminShape(admin);
      expect(admin!.id).toBe(id);
      expect(await findAdminById(handle.db, 987_654_321)).toBeUndefined();
    });

    it('listAdmins returns every admin by id, never with the hash', async () => {
      const second = await insertAdmin(handle.db, {
        name: 'Second',
        email: 'second@starloop.in',
        passwordHash: 'h2',
        role: 'admin',
      });
      const admins = await listAdmins(handle.db);
      expect(admins.length).toBeGreaterThanOrEqual(2);
      for (const admin of admins) expectPublicAdminShape(admin);
      const ids = admins.map((a) => a.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids).toContain(second.id);
    });
  });

  describe('countActiveSuperAdmins', () => {
    it('counts only active super admins, as a number', async () => {
      const before = await countActiveSuperAdmins(handle.db);
      expect(typeof before).toBe('number');
      const a = await insertAdmin(handle.db, {
        name: 'S1',
        email: 's1@starloop.in',
        passwordHash: 'h',
        role: 'super_admin',
      });
      await insertAdmin(handle.db, {
        name: 'S2',
        email: 's2@starloop.in',
        passwordHash: 'h',
        role: 'super_admin',
        status: 'disabled',
      });
      await insertAdmin(handle.db, { name: 'A1', email: 'a1@starloop.in', passwordHash: 'h', role: 'admin' });
      expect(await countActiveSuperAdmins(handle.db)).toBe(before + 1);
      await updateAdmin(handle.db, a.id, { status: 'disabled' });
      expect(await countActiveSuperAdmins(handle.db)).toBe(before);
    });
  });

  describe('updateAdmin', () => {
    it('changes role, status and name and returns the public shape', async () => {
      const admin = await insertAdmin(handle.db, {
        name: 'Edit Me',
        email: 'edit@starloop.in',
        passwordHash: 'h',
        role: 'admin',
      });
      const updated = await updateAdmin(handle.db, admin.id, {
        role: 'super_admin',
        status: 'disabled',
        name: 'Edited',
      });
      expectPublicAdminShape(updated);
      expect(updated).toMatchObject({
        id: admin.id,
        role: 'super_admin',
        status: 'disabled',
        name: 'Edited',
        email: 'edit@starloop.in',
      });
    });

    it('changes the password hash without returning it, and bumps updatedAt', async () => {
      const admin = await insertAdmin(handle.db, {
        name: 'Pw',
        email: 'pw@starloop.in',
        passwordHash: 'old',
        role: 'admin',
      });
      const before = (await findAdminByEmail(handle.db, 'pw@starloop.in'))!;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const updated = await updateAdmin(handle.db, admin.id, { passwordHash: 'new' });
      expectPublicAdminShape(updated);
      const after = (await findAdminByEmail(handle.db, 'pw@starloop.in'))!;
      expect(after.passwordHash).toBe('new');
      expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    });

    it('returns undefined for an unknown admin', async () => {
      expect(await updateAdmin(handle.db, 987_654_321, { name: 'x' })).toBeUndefined();
    });
  });

  describe('touchAdminLastLogin', () => {
    it('records the given time as a Date', async () => {
      const admin = await insertAdmin(handle.db, {
        name: 'Login',
        email: 'login@starloop.in',
        passwordHash: 'h',
        role: 'admin',
      });
      const at = new Date('2026-11-22T08:15:30.123Z');
      await touchAdminLastLogin(handle.db, admin.id, at);
      const found = await findAdminById(handle.db, admin.id);
      expectPublicAdminShape(found);
      expect(found!.lastLogin).toEqual(at);
    });

    it('defaults to the current time', async () => {
      const admin = await insertAdmin(handle.db, {
        name: 'Now',
        email: 'now@starloop.in',
        passwordHash: 'h',
        role: 'admin',
      });
      const start = Date.now();
      await touchAdminLastLogin(handle.db, admin.id);
      const found = await findAdminById(handle.db, admin.id);
      expect(found!.lastLogin).toBeInstanceOf(Date);
      expect(found!.lastLogin!.getTime()).toBeGreaterThanOrEqual(start);
      expect(found!.lastLogin!.getTime()).toBeLessThanOrEqual(Date.now());
    });
  });
});

describe(`super admin lock on ${testDriverName()}`, () => {
  const t = useTestDb();

  it('locks the active super admins in a transaction', async () => {
    const db = t.db;
    const s = await insertAdmin(db, { name: 'S', email: 's@x.in', passwordHash: 'x', role: 'super_admin' });
    await insertAdmin(db, { name: 'P', email: 'p@x.in', passwordHash: 'x', role: 'admin' });
    const ids = await db.transaction().execute((trx) => lockActiveSuperAdmins(trx));
    expect(ids).toEqual([s.id]);
  });
});
