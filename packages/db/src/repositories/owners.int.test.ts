import { beforeAll, describe, expect, it } from 'vitest';
import { nullOr, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import {
  findPersonByPhone,
  findPersonCredentialsByPhone,
  findPersonPasswordHash,
  updatePerson,
} from './accounts.ts';
import { insertAgent } from './agents.ts';
import type { TNewBusiness } from './owners.ts';
import {
  countOwners,
  findOwnerByCode,
  findOwnerById,
  findOwnerByPhone,
  insertOwner,
  isBusinessCodeTaken,
  isPhoneTaken,
  OWNER_PUBLIC_COLUMNS,
  softDeleteOwner,
  type TOwnerPublic,
  updateOwner,
} from './owners.ts';
import { insertReview } from './reviews.ts';

const UNIQUE_VIOLATION = { code: '23505' };
const CHECK_VIOLATION = { code: '23514' };
const PUBLIC_KEYS = OWNER_PUBLIC_COLUMNS.map((c) => c.replace('owners.', '')).sort();

let seq = 0;
const ownerInput = (overrides: Partial<TNewBusiness> = {}): TNewBusiness => {
  seq += 1;
  return {
    name: `Owner ${seq}`,
    businessName: `Business ${seq}`,
    contactNumber: `90000${String(seq).padStart(5, '0')}`,
    code: `biz${seq}`,
    registrationSource: 'website',
    ...overrides,
  };
};

/** Every column of the public owner shape, with the JS type each driver must produce. */
const expectPublicOwnerShape = (row: TOwnerPublic | undefined) => {
  expect(row).toBeDefined();
  expect(Object.keys(row!).sort()).toEqual(PUBLIC_KEYS);
  expect(row).not.toHaveProperty('passwordHash');
  expect(row).not.toHaveProperty('searchText');
  expect(row).toEqual({
    id: expect.any(Number),
    name: expect.any(String),
    email: nullOr(row!.email, expect.any(String)),
    businessName: expect.any(String),
    contactNumber: expect.any(String),
    code: expect.any(String),
    reviewLink: nullOr(row!.reviewLink, expect.any(String)),
    state: nullOr(row!.state, expect.any(String)),
    city: nullOr(row!.city, expect.any(String)),
    salesRepName: nullOr(row!.salesRepName, expect.any(String)),
    agentId: nullOr(row!.agentId, expect.any(Number)),
    accountId: expect.any(Number),
    plan: expect.any(String),
    status: expect.any(String),
    registrationSource: expect.any(String),
    subscriptionStart: nullOr(row!.subscriptionStart, expect.any(Date)),
    subscriptionEnd: nullOr(row!.subscriptionEnd, expect.any(Date)),
    reviewFlow: expect.any(String),
    reviewPageLanguage: nullOr(row!.reviewPageLanguage, expect.any(String)),
    notifyLowRatings: expect.any(Boolean),
    dailyDigest: expect.any(Boolean),
    casesForNegativeHighRatings: expect.any(Boolean),
    deletedAt: nullOr(row!.deletedAt, expect.any(Date)),
    closedAt: nullOr(row!.closedAt, expect.any(Date)),
    createdAt: expect.any(Date),
    updatedAt: expect.any(Date),
  });
};

describe(`owners repository on ${testDriverName()}`, () => {
  const handle = useTestDb();

  describe('insertOwner', () => {
    it('lower-cases code and email, applies defaults and returns the public shape', async () => {
      const owner = await insertOwner(
        handle.db,
        ownerInput({ code: 'MixedCase1', email: 'Someone@Example.COM', passwordHash: 'hash-1' }),
      );
      expectPublicOwnerShape(owner);
      expect(owner.code).toBe('mixedcase1');
      expect(owner.email).toBe('someone@example.com');
      expect(owner).toMatchObject({
        plan: 'essential',
        status: 'pending',
        reviewFlow: 'smart',
        reviewPageLanguage: null,
        notifyLowRatings: true,
        dailyDigest: false,
        casesForNegativeHighRatings: false,
        agentId: null,
        deletedAt: null,
      });
    });

    it('keeps a missing email as null', async () => {
      const owner = await insertOwner(handle.db, ownerInput());
      expect(owner.email).toBeNull();
    });

    it('round-trips subscription timestamps as Date instances', async () => {
      const start = new Date('2026-01-01T00:00:00.000Z');
      const end = new Date('2027-01-01T00:00:00.000Z');
      const owner = await insertOwner(
        handle.db,
        ownerInput({ subscriptionStart: start, subscriptionEnd: end }),
      );
      expectPublicOwnerShape(owner);
      expect(owner.subscriptionStart).toEqual(start);
      expect(owner.subscriptionEnd).toEqual(end);
    });

    it('creates the zeroed review counters row', async () => {
      const owner = await insertOwner(handle.db, ownerInput());
      const stats = await handle.db
        .selectFrom('ownerReviewStats')
        .selectAll()
        .where('ownerId', '=', owner.id)
        .executeTakeFirst();
      expect(stats).toEqual({
        ownerId: owner.id,
        reviewCount: 0,
        ratingSum: 0,
        star1: 0,
        star2: 0,
        star3: 0,
        star4: 0,
        star5: 0,
        lastReviewAt: null,
      });
      expect(typeof stats!.ownerId).toBe('number');
      expect(typeof stats!.reviewCount).toBe('number');
    });

    it('rejects a duplicate code (case-insensitively, since codes are stored lower-case)', async () => {
      await insertOwner(handle.db, ownerInput({ code: 'dupcode' }));
      await expect(insertOwner(handle.db, ownerInput({ code: 'DUPCODE' }))).rejects.toMatchObject(
        UNIQUE_VIOLATION,
      );
      const rows = await handle.db.selectFrom('owners').select('id').where('code', '=', 'dupcode').execute();
      expect(rows).toHaveLength(1);
    });

    it('a new customer gets an account and a person whose sign-in phone is unique', async () => {
      const owner = await insertOwner(
        handle.db,
        ownerInput({ contactNumber: '8111111111', passwordHash: 'h' }),
      );
      const person = await findPersonByPhone(handle.db, '8111111111');
      expect(person).toMatchObject({ name: owner.name, phone: '8111111111' });
      const membership = await handle.db
        .selectFrom('memberships')
        .selectAll()
        .where('personId', '=', person!.id)
        .executeTakeFirstOrThrow();
      expect(membership).toMatchObject({ accountId: owner.accountId, role: 'owner', businessIds: null });
      await expect(insertOwner(handle.db, ownerInput({ contactNumber: '8111111111' }))).rejects.toMatchObject(
        UNIQUE_VIOLATION,
      );
      const rows = await handle.db
        .selectFrom('owners')
        .select('id')
        .where('contactNumber', '=', '8111111111')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it("a branch of an account may share another branch's contact number", async () => {
      const first = await insertOwner(handle.db, ownerInput({ contactNumber: '8111111122' }));
      const branch = await insertOwner(
        handle.db,
        ownerInput({ contactNumber: '8111111122', accountId: first.accountId }),
      );
      expect(branch.accountId).toBe(first.accountId);
      expect(branch.contactNumber).toBe('8111111122');
      const people = await handle.db
        .selectFrom('persons')
        .select('id')
        .where('phone', '=', '8111111122')
        .execute();
      expect(people).toHaveLength(1);
    });

    it('rejects values outside the check constraints', async () => {
      await expect(insertOwner(handle.db, ownerInput({ status: 'banned' as never }))).rejects.toMatchObject(
        CHECK_VIOLATION,
      );
      await expect(insertOwner(handle.db, ownerInput({ plan: 'gold' as never }))).rejects.toMatchObject(
        CHECK_VIOLATION,
      );
    });
  });

  describe('lookups', () => {
    let ownerId: number;
    beforeAll(async () => {
      const owner = await insertOwner(
        handle.db,
        ownerInput({
          code: 'LookupCo',
          contactNumber: '7000000001',
          email: 'Look@Up.in',
          passwordHash: 'secret-hash',
        }),
      );
      ownerId = owner.id;
    });

    it('findOwnerById returns the public shape without passwordHash or searchText', async () => {
      const owner = await findOwnerById(handle.db, ownerId);
      expectPublicOwnerShape(owner);
      expect(owner!.id).toBe(ownerId);
      expect(await findOwnerById(handle.db, 987_654_321)).toBeUndefined();
    });

    it('findOwnerByCode trims and lower-cases its argument and hides the hash', async () => {
      const owner = await findOwnerByCode(handle.db, '  LOOKUPCO ');
      expectPublicOwnerShape(owner);
      expect(owner!.id).toBe(ownerId);
      expect(await findOwnerByCode(handle.db, 'nope')).toBeUndefined();
    });

    it('findOwnerByPhone returns the public shape', async () => {
      const owner = await findOwnerByPhone(handle.db, '7000000001');
      expectPublicOwnerShape(owner);
      expect(owner!.id).toBe(ownerId);
      expect(await findOwnerByPhone(handle.db, '7000000009')).toBeUndefined();
    });

    it("the person's credentials by phone include the password hash; no other lookup does", async () => {
      const person = await findPersonCredentialsByPhone(handle.db, '7000000001');
      expect(person).toBeDefined();
      expect(person!.id).toBe(ownerId);
      expect(typeof person!.id).toBe('number');
      expect(person!.passwordHash).toBe('secret-hash');
      expect(person!.createdAt).toBeInstanceOf(Date);
      expect(await findPersonByPhone(handle.db, '7000000001')).not.toHaveProperty('passwordHash');
      expect(await findPersonCredentialsByPhone(handle.db, '7000000009')).toBeUndefined();
    });

    it('findPersonPasswordHash returns the hash, null when unset, undefined when no person', async () => {
      expect(await findPersonPasswordHash(handle.db, ownerId)).toBe('secret-hash');
      const noHash = await insertOwner(handle.db, ownerInput());
      const person = await findPersonByPhone(handle.db, noHash.contactNumber);
      expect(await findPersonPasswordHash(handle.db, person!.id)).toBeNull();
      expect(await findPersonPasswordHash(handle.db, 987_654_321)).toBeUndefined();
    });

    it('isBusinessCodeTaken normalises the code and honours exceptOwnerId', async () => {
      expect(await isBusinessCodeTaken(handle.db, 'lookupco')).toBe(true);
      expect(await isBusinessCodeTaken(handle.db, ' LookupCo ')).toBe(true);
      expect(await isBusinessCodeTaken(handle.db, 'lookupco', ownerId)).toBe(false);
      expect(await isBusinessCodeTaken(handle.db, 'lookupco', ownerId + 1000)).toBe(true);
      expect(await isBusinessCodeTaken(handle.db, 'free-code')).toBe(false);
      expect(await isBusinessCodeTaken(handle.db, 'free-code', ownerId)).toBe(false);
    });

    it("isPhoneTaken is about persons' sign-in phones and honours exceptPersonId", async () => {
      expect(await isPhoneTaken(handle.db, '7000000001')).toBe(true);
      expect(await isPhoneTaken(handle.db, '7000000001', ownerId)).toBe(false);
      expect(await isPhoneTaken(handle.db, '7000000001', ownerId + 1000)).toBe(true);
      expect(await isPhoneTaken(handle.db, '7000000002')).toBe(false);
      expect(await isPhoneTaken(handle.db, '7000000002', ownerId)).toBe(false);
    });
  });

  describe('updateOwner', () => {
    it('applies the patch, lower-cases a new code and bumps updatedAt', async () => {
      const owner = await insertOwner(handle.db, ownerInput());
      await new Promise((resolve) => setTimeout(resolve, 5));
      const end = new Date('2030-06-30T12:00:00.000Z');
      const updated = await updateOwner(handle.db, owner.id, {
        name: 'Renamed',
        code: 'NewCode-9',
        status: 'active',
        plan: 'professional',
        dailyDigest: true,
        notifyLowRatings: false,
        subscriptionEnd: end,
        reviewPageLanguage: 'gu',
      });
      expectPublicOwnerShape(updated);
      expect(updated!.reviewPageLanguage).toBe('gu');
      expect(updated).toMatchObject({
        id: owner.id,
        name: 'Renamed',
        code: 'newcode-9',
        status: 'active',
        plan: 'professional',
        dailyDigest: true,
        notifyLowRatings: false,
        subscriptionEnd: end,
      });
      expect(updated!.updatedAt.getTime()).toBeGreaterThan(owner.updatedAt.getTime());
      expect(updated!.createdAt).toEqual(owner.createdAt);
      expect((await findOwnerById(handle.db, owner.id))!.code).toBe('newcode-9');
    });

    it("a person's password hash is seen only by the credential lookups", async () => {
      const owner = await insertOwner(handle.db, ownerInput());
      const person = await findPersonByPhone(handle.db, owner.contactNumber);
      const updated = await updatePerson(handle.db, person!.id, { passwordHash: 'new-hash' });
      expect(updated).not.toHaveProperty('passwordHash');
      expect(await findPersonPasswordHash(handle.db, person!.id)).toBe('new-hash');
    });

    it('returns undefined for an unknown owner', async () => {
      expect(await updateOwner(handle.db, 987_654_321, { name: 'x' })).toBeUndefined();
    });

    it('rejects a code another owner holds', async () => {
      const a = await insertOwner(handle.db, ownerInput({ code: 'taken-a' }));
      const b = await insertOwner(handle.db, ownerInput());
      await expect(updateOwner(handle.db, b.id, { code: 'TAKEN-A' })).rejects.toMatchObject(UNIQUE_VIOLATION);
      expect((await findOwnerById(handle.db, a.id))!.code).toBe('taken-a');
    });
  });

  describe('softDeleteOwner', () => {
    it('marks the owner deleted once; a second call returns false and keeps the first timestamp', async () => {
      const owner = await insertOwner(handle.db, ownerInput({ code: 'gone-soon' }));
      const at = new Date('2026-11-01T10:00:00.000Z');
      expect(await softDeleteOwner(handle.db, owner.id, at)).toBe(true);
      expect(await softDeleteOwner(handle.db, owner.id, new Date('2026-11-02T10:00:00.000Z'))).toBe(false);
      const row = await findOwnerById(handle.db, owner.id);
      expectPublicOwnerShape(row);
      expect(row!.deletedAt).toEqual(at);
      expect(row!.updatedAt).toEqual(at);
      // A soft-deleted owner still reserves its code.
      expect(await isBusinessCodeTaken(handle.db, 'gone-soon')).toBe(true);
    });

    it('returns false for an unknown owner', async () => {
      expect(await softDeleteOwner(handle.db, 987_654_321)).toBe(false);
    });
  });

  describe('countOwners', () => {
    it('counts each field with filtered aggregates and returns only numbers', async () => {
      const before = await countOwners(handle.db);
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 24 * 60 * 60 * 1000);

      await insertOwner(handle.db, ownerInput({ status: 'active' }));
      await insertOwner(handle.db, ownerInput({ status: 'active' }));
      await insertOwner(handle.db, ownerInput({ status: 'pending' }));
      await insertOwner(handle.db, ownerInput({ status: 'inactive' }));
      const deleted = await insertOwner(handle.db, ownerInput({ status: 'active' }));
      await softDeleteOwner(handle.db, deleted.id);
      const agent = await insertAgent(handle.db, {
        code: 'AG-COUNT',
        name: 'Counting Agent',
        email: 'count@agents.in',
        phone: '6000000001',
      });
      await insertOwner(handle.db, ownerInput({ status: 'pending', agentId: agent.id }));
      await insertOwner(handle.db, ownerInput({ status: 'active', registrationSource: 'manual' }));
      const reviewed = await insertOwner(handle.db, ownerInput({ status: 'active' }));
      await insertReview(handle.db, { ownerId: reviewed.id, rating: 5 });
      await insertReview(handle.db, { ownerId: reviewed.id, rating: 4 });
      await insertOwner(handle.db, ownerInput({ status: 'inactive', createdAt: lastMonth }));

      const after = await countOwners(handle.db);
      for (const value of Object.values(after)) expect(typeof value).toBe('number');
      expect(Object.keys(after).sort()).toEqual(
        [
          'total',
          'active',
          'pending',
          'inactive',
          'deleted',
          'newThisMonth',
          'withReviews',
          'referred',
          'manualOnboarded',
        ].sort(),
      );
      const delta = Object.fromEntries(
        Object.entries(after).map(([key, value]) => [key, value - before[key as keyof typeof before]]),
      );
      expect(delta).toEqual({
        total: 8,
        active: 4,
        pending: 2,
        inactive: 2,
        deleted: 1,
        newThisMonth: 7,
        withReviews: 1,
        referred: 1,
        manualOnboarded: 1,
      });
    });

    it('measures newThisMonth from the month of the given now', async () => {
      const counts = await countOwners(handle.db, new Date('2099-05-15T00:00:00.000Z'));
      expect(counts.newThisMonth).toBe(0);
      expect(counts.total).toBeGreaterThan(0);
      const past = await countOwners(handle.db, new Date('2000-01-15T00:00:00.000Z'));
      expect(past.newThisMonth).toBe(past.total);
    });
  });
});
