import type { TAdminRole, TAdminStatus } from '@starloop/contract';
import type { TDb } from '../client.ts';
import type { TAdmin, TNewAdmin } from '../database.ts';

/** Columns safe to return to any caller: never the hash. */
export const ADMIN_PUBLIC_COLUMNS = [
  'id',
  'name',
  'email',
  'role',
  'status',
  'createdAt',
  'lastLogin',
] as const;
export type TAdminPublic = Pick<TAdmin, (typeof ADMIN_PUBLIC_COLUMNS)[number]>;

export async function insertAdmin(db: TDb, admin: TNewAdmin): Promise<TAdminPublic> {
  return db
    .insertInto('admins')
    .values({ ...admin, email: admin.email.trim().toLowerCase() })
    .returning(ADMIN_PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findAdminByEmail(db: TDb, email: string): Promise<TAdmin | undefined> {
  return db
    .selectFrom('admins')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findAdminById(db: TDb, id: number): Promise<TAdminPublic | undefined> {
  return db.selectFrom('admins').select(ADMIN_PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function listAdmins(db: TDb): Promise<TAdminPublic[]> {
  return db.selectFrom('admins').select(ADMIN_PUBLIC_COLUMNS).orderBy('id', 'asc').execute();
}

export async function touchAdminLastLogin(db: TDb, id: number, at: Date = new Date()): Promise<void> {
  await db.updateTable('admins').set({ lastLogin: at }).where('id', '=', id).execute();
}

export async function updateAdmin(
  db: TDb,
  id: number,
  patch: { role?: TAdminRole; status?: TAdminStatus; name?: string; passwordHash?: string },
): Promise<TAdminPublic | undefined> {
  return db
    .updateTable('admins')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returning(ADMIN_PUBLIC_COLUMNS)
    .executeTakeFirst();
}

export async function countActiveSuperAdmins(db: TDb): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'super_admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Locks the active super admins' rows for the rest of the transaction, so two admins demoting or
 * disabling each other at the same moment cannot leave none.
 */
export async function lockActiveSuperAdmins(db: TDb): Promise<number[]> {
  const rows = await db
    .selectFrom('admins')
    .select('id')
    .where('role', '=', 'super_admin')
    .where('status', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}
