import { ACCOUNT_TEXTS, USER_ACCOUNT_TEXTS } from '@starloop/contract';
import {
  insertApiKey,
  insertInvitation,
  insertMembership,
  insertReview,
  type TMembership,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../../auth/api-keys.ts';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { adminApi } from '../../../test/admin-api.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestAdmin } from '../../../test/test-server.ts';
import { mergedMembership } from './accounts.service.ts';

describe('mergedMembership: the stronger role, branches unioned, nobody gains a branch', () => {
  const m = (role: TMembership['role'], businessIds: number[] | null) => ({ role, businessIds });
  it.each([
    ['joins as they were, "every branch" spelt out', m('manager', null), undefined, m('manager', [1, 2])],
    ['an owner stays an owner of everything', m('owner', null), undefined, m('owner', null)],
    ['limited branches are kept', m('staff', [2]), undefined, m('staff', [2])],
    ['manager beats staff, branches unioned', m('staff', [2]), m('manager', [9]), m('manager', [2, 9])],
    ['owner in either: owner of everything', m('staff', [1]), m('owner', null), m('owner', null)],
    ['owner from the merged account', m('owner', null), m('staff', [9]), m('owner', null)],
    [
      'every branch of the account joined stays every branch',
      m('manager', [1]),
      m('staff', null),
      m('manager', null),
    ],
    [
      'every branch of the merged one becomes its branches',
      m('staff', null),
      m('staff', [9]),
      m('staff', [1, 2, 9]),
    ],
  ])('%s', (_name, from, into, expected) => {
    expect(mergedMembership(from, [1, 2], into)).toEqual(expected);
  });
});

describe(`admin: POST /api/admin/accounts/{id}/merge on ${testDriverName()}`, () => {
  const api = adminApi();
  let from: TChain;
  let into: TChain;
  let superAdmin: { authorization: string };
  let apiKey: string;
  let invitationId: number;
  let managerOfOne: Awaited<ReturnType<typeof addMember>>;
  let both: Awaited<ReturnType<typeof addMember>>;

  const asOwner = (token: string, url: string, businessId?: number) =>
    api.server.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), ...(businessId ? { 'x-business-id': String(businessId) } : {}) },
    });
  const membershipsOf = (accountId: number) =>
    api.db
      .selectFrom('memberships')
      .select(['personId', 'role', 'businessIds'])
      .where('accountId', '=', accountId)
      .orderBy('personId')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, businessIds: r.businessIds?.map(Number) ?? null })));
  const accountExists = async (id: number) =>
    (await api.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    const admin = await createTestAdmin(api.server, { role: 'super_admin' });
    superAdmin = await api.bearer(admin.id);
    from = await createChain(api.server, { branches: 2, name: 'Paratha Point' });
    into = await createChain(api.server, { branches: 2, name: 'Chaat Co' });
    managerOfOne = await addMember(api.server, from.accountId, 'manager', [from.branches[1]!.id]);
    // A person in both: staff of one branch here, manager of one branch there.
    both = await addMember(api.server, from.accountId, 'staff', [from.first.id]);
    await insertMembership(api.db, {
      accountId: into.accountId,
      personId: both.personId,
      role: 'manager',
      businessIds: [into.branches[1]!.id],
    });
    for (const rating of [4, 1]) await insertReview(api.db, { ownerId: from.first.id, rating });
    const key = newApiKey();
    await insertApiKey(
      api.db,
      { ownerId: from.first.id, name: 'POS', prefix: key.prefix, keyHash: key.hash },
      10,
    );
    apiKey = key.key;
    invitationId = (
      await insertInvitation(api.db, {
        accountId: from.accountId,
        tokenHash: `merge-test-${Date.now()}`,
        name: 'Pending',
        phone: '9833300001',
        email: null,
        role: 'manager',
        businessIds: null,
        invitedBy: from.ownerPersonId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
    ).id;
  });

  it('404 for an unknown account on either side, 400 for itself or a bad id; nothing changes', async () => {
    const unknownFrom = await api.send('POST', '/api/admin/accounts/99999999/merge', {
      intoAccountId: into.accountId,
    });
    expect(unknownFrom.statusCode).toBe(404);
    expect(unknownFrom.json().message).toBe(USER_ACCOUNT_TEXTS.accountNotFound);
    const unknownInto = await api.mutate('admin.accounts.merge', {
      id: from.accountId,
      intoAccountId: 99999999,
    });
    expect(unknownInto.statusCode).toBe(404);
    expect(unknownInto.json().error.message).toBe(USER_ACCOUNT_TEXTS.accountNotFound);
    const itself = await api.send('POST', `/api/admin/accounts/${from.accountId}/merge`, {
      intoAccountId: from.accountId,
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({
      message: USER_ACCOUNT_TEXTS.mergeIntoItself,
      field: 'intoAccountId',
    });
    const bad = await api.send('POST', `/api/admin/accounts/${from.accountId}/merge`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('intoAccountId');
    expect(await accountExists(from.accountId)).toBe(true);
    expect((await membershipsOf(from.accountId)).length).toBe(3);
  });

  it('moves every branch and person, keeps the stronger role, revokes invitations, deletes the account', async () => {
    const res = await api.send('POST', `/api/admin/accounts/${from.accountId}/merge`, {
      intoAccountId: into.accountId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: USER_ACCOUNT_TEXTS.accountMerged('Paratha Point', 'Chaat Co', 2),
    });
    expect(await accountExists(from.accountId)).toBe(false);
    const branches = await api.db
      .selectFrom('owners')
      .select('id')
      .where('accountId', '=', into.accountId)
      .orderBy('id')
      .execute();
    expect(branches.map((b) => b.id)).toEqual(
      [...into.branches, ...from.branches].map((b) => b.id).sort((x, y) => x - y),
    );
    expect(await membershipsOf(into.accountId)).toEqual(
      [
        { personId: into.ownerPersonId, role: 'owner', businessIds: null },
        { personId: from.ownerPersonId, role: 'owner', businessIds: null },
        { personId: managerOfOne.personId, role: 'manager', businessIds: [from.branches[1]!.id] },
        {
          personId: both.personId,
          role: 'manager',
          businessIds: [into.branches[1]!.id, from.first.id].sort((x, y) => x - y),
        },
      ].sort((x, y) => x.personId - y.personId),
    );
    const invitation = await api.db
      .selectFrom('invitations')
      .select(['accountId', 'revokedAt'])
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow();
    expect(invitation).toEqual({ accountId: into.accountId, revokedAt: expect.any(Date) });

    const [row] = await api.db
      .selectFrom('auditLog')
      .select(['actorKind', 'actorId', 'targetTable', 'targetId', 'details'])
      .where('action', '=', 'account.merge')
      .execute();
    expect(row).toEqual({
      actorKind: 'admin',
      actorId: api.auth.adminId,
      targetTable: 'accounts',
      targetId: into.accountId,
      details: {
        fromAccountId: from.accountId,
        fromName: 'Paratha Point',
        businessIds: from.branches.map((b) => b.id),
        personIds: [from.ownerPersonId, managerOfOne.personId, both.personId].sort((x, y) => x - y),
        revokedInvitationIds: [invitationId],
      },
    });
    const feed = await api.db
      .selectFrom('activityEvents')
      .select(['message', 'adminId'])
      .where('ownerId', '=', from.first.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(feed).toEqual({
      message: `Paratha Point was merged into Chaat Co by ${api.auth.adminName}`,
      adminId: api.auth.adminId,
    });
    const details = await api.as(superAdmin).send('GET', `/api/admin/users/${into.first.id}/account`);
    expect(details.json().audit[0]).toMatchObject({
      action: 'account.merge',
      summary: `Merged account Paratha Point (#${from.accountId}) into this one: 2 branches, 3 people`,
    });
  });

  it("nobody is signed out; the moved branches' reviews and API key work for the account they joined", async () => {
    for (const token of [from.ownerToken, managerOfOne.token, both.token, into.ownerToken]) {
      expect((await asOwner(token, '/api/users/me')).statusCode).toBe(200);
    }
    const branch = from.first.id;
    const reviews = await asOwner(
      into.ownerToken,
      `/trpc/owner.dashboard.reviews?input=${encodeURIComponent(JSON.stringify({ page: 1, limit: 10 }))}`,
      branch,
    );
    expect(reviews.statusCode, reviews.body).toBe(200);
    expect(
      reviews
        .json()
        .result.data.reviews.map((r: { rating: number }) => r.rating)
        .sort(),
    ).toEqual([1, 4]);
    const byKey = await api.server.app.inject({
      method: 'GET',
      url: '/api/v1/account',
      headers: bearer(apiKey),
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json()).toMatchObject({
      account: { id: into.accountId, name: 'Chaat Co' },
      currentBusinessId: branch,
    });
    // The manager of one branch still sees only it, now inside the account they joined.
    const scoped = await asOwner(managerOfOne.token, '/api/v1/account');
    expect(scoped.json().branches.map((b: { id: number }) => b.id)).toEqual([from.branches[1]!.id]);
    const outside = await asOwner(managerOfOne.token, '/api/users/me', into.first.id);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(ACCOUNT_TEXTS.branchForbidden);
    // Merged again: its account is gone.
    const again = await api.send('POST', `/api/admin/accounts/${from.accountId}/merge`, {
      intoAccountId: into.accountId,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe(`admin: POST /api/admin/accounts/{id}/branches on ${testDriverName()}`, () => {
  const api = adminApi();
  let chain: TChain;

  beforeAll(async () => {
    chain = await createChain(api.server, { branches: 2 });
  });

  it("adds a pending branch on the account's plan, listed for its owner, audited as the admin", async () => {
    const res = await api.send('POST', `/api/admin/accounts/${chain.accountId}/branches`, {
      businessName: 'Chai Chain Kothrud',
      state: 'Maharashtra',
      city: 'Pune',
      contactNumber: '9811122233',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { branch, payment } = res.json();
    expect(branch).toMatchObject({
      businessName: 'Chai Chain Kothrud',
      status: 'pending',
      plan: chain.first.plan,
    });
    expect(payment).toMatchObject({ plan: chain.first.plan });
    const account = await api.server.app.inject({
      method: 'GET',
      url: '/api/v1/account',
      headers: bearer(chain.ownerToken),
    });
    expect(account.json().branches.map((b: { id: number }) => b.id)).toContain(branch.id);
    const audit = await api.db
      .selectFrom('auditLog')
      .select(['actorKind', 'targetId'])
      .where('action', '=', 'account.branch_add')
      .execute();
    expect(audit).toEqual([{ actorKind: 'admin', targetId: branch.id }]);
  });

  it('404 for an unknown account, 400 naming a bad field; nothing written', async () => {
    const before = await api.db.selectFrom('owners').select('id').execute();
    const unknown = await api.send('POST', '/api/admin/accounts/987654/branches', {
      businessName: 'Nowhere',
      contactNumber: '9811122234',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(USER_ACCOUNT_TEXTS.accountNotFound);
    const bad = await api.send('POST', `/api/admin/accounts/${chain.accountId}/branches`, {
      businessName: '',
      contactNumber: '9811122235',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('businessName');
    expect(await api.db.selectFrom('owners').select('id').execute()).toHaveLength(before.length);
  });

  it('answers only admins', async () => {
    await api.expectAdminOnly([
      {
        method: 'POST',
        url: `/api/admin/accounts/${chain.accountId}/branches`,
        body: { businessName: 'X', contactNumber: '9811122236' },
      },
    ]);
  });
});
