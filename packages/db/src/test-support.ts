import { afterAll, beforeAll, expect } from 'vitest';
import type { TDb, TDbHandle } from './client.ts';
import type { TNewAdmin } from './database.ts';
import { insertPerson } from './repositories/accounts.ts';
import { insertAdmin, type TAdminPublic } from './repositories/admins.ts';
import { insertOwner, type TNewBusiness, type TOwnerPublic } from './repositories/owners.ts';
import type { TPage, TPageRequest } from './repositories/paging.ts';
import { createTestDb } from './testing.ts';

/** Helpers for this package's tests (not exported: the server has its own). */

/**
 * A test database for the enclosing describe block: opened (and migrated, unless told not to)
 * before its tests, closed and dropped after them.
 */
export function useTestDb(options: { migrate?: boolean } = {}): {
  readonly handle: TDbHandle;
  readonly db: TDb;
} {
  let handle: TDbHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDb(options);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const opened = () => {
    if (!handle) throw new Error('useTestDb: the database opens in beforeAll');
    return handle;
  };
  return {
    get handle() {
      return opened();
    },
    get db() {
      return opened().db;
    },
  };
}

let ownerSeq = 0;

/** An owner with its own phone, code and names (`5…` phones, `test-owner-N` codes); override any field. */
export function insertTestOwner(db: TDb, overrides: Partial<TNewBusiness> = {}): Promise<TOwnerPublic> {
  ownerSeq += 1;
  return insertOwner(db, {
    name: `Owner ${ownerSeq}`,
    businessName: `Business ${ownerSeq}`,
    contactNumber: `5${String(ownerSeq).padStart(9, '0')}`,
    code: `test-owner-${ownerSeq}`,
    registrationSource: 'website',
    ...overrides,
  });
}

let adminSeq = 0;

/** An admin (role admin) with its own name and email (`admin-N@starloop.test`); override any field. */
export function insertTestAdmin(db: TDb, overrides: Partial<TNewAdmin> = {}): Promise<TAdminPublic> {
  adminSeq += 1;
  return insertAdmin(db, {
    name: `Admin ${adminSeq}`,
    email: `admin-${adminSeq}@starloop.test`,
    passwordHash: 'h',
    role: 'admin',
    ...overrides,
  });
}

/** A row the tests of a describe block share: its id, read inside the tests. */
export interface TSeeded {
  readonly id: number;
}

/** Registers a beforeAll that inserts a row with `insert` and answers its id once inserted. */
function useSeeded(insert: () => Promise<{ id: number }>): TSeeded {
  let id: number | undefined;
  beforeAll(async () => {
    id = (await insert()).id;
  });
  return {
    get id() {
      if (id === undefined) throw new Error('the seeded row is inserted in beforeAll: read its id in a test');
      return id;
    },
  };
}

let personSeq = 0;

/** A person who signs in (`6…` phones), in no account yet. */
export function useTestPerson(handle: { readonly db: TDb }): TSeeded {
  return useSeeded(() => {
    personSeq += 1;
    return insertPerson(handle.db, {
      name: `Person ${personSeq}`,
      phone: `6${String(personSeq).padStart(9, '0')}`,
    });
  });
}

/** An owner (insertTestOwner) the enclosing describe block's tests share; call it after useTestDb. */
export function useTestOwner(handle: { readonly db: TDb }): TSeeded {
  return useSeeded(() => insertTestOwner(handle.db));
}

/** An admin (insertTestAdmin) the enclosing describe block's tests share; call it after useTestDb. */
export function useTestAdmin(handle: { readonly db: TDb }): TSeeded {
  return useSeeded(() => insertTestAdmin(handle.db));
}

/** In a row's expected shape: null where the row holds null, else `matcher` (a nullable column). */
export const nullOr = (value: unknown, matcher: unknown): unknown => (value === null ? null : matcher);

/**
 * Reads every page of a list at several page sizes and checks each against the same slice of the
 * whole list read at once: the pages past the middle are read from the end, so this proves that
 * reading backwards returns exactly the rows (and order) reading forwards would.
 */
export async function expectPagesMatchWholeList<Row extends { id: number }>(
  list: (request: TPageRequest) => Promise<TPage<Row>>,
  expectedTotal: number,
): Promise<void> {
  const whole = await list({ page: 1, limit: 100 });
  expect(whole.total).toBe(expectedTotal);
  expect(whole.rows).toHaveLength(Math.min(expectedTotal, 100));
  const ids = whole.rows.map((r) => r.id);
  for (const limit of [1, 2, 3, 7]) {
    for (let page = 1; page <= Math.ceil(expectedTotal / limit) + 1; page++) {
      const { rows, total } = await list({ page, limit });
      expect(total).toBe(expectedTotal);
      expect(
        rows.map((r) => r.id),
        `page ${page} of ${limit}`,
      ).toEqual(ids.slice((page - 1) * limit, page * limit));
    }
  }
}

/** The error a statement throws (fails the test when it does not throw). */
export async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}
