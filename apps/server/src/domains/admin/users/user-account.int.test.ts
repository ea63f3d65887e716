import { ACCOUNT_TEXTS, ADMIN_TEXTS, PUBLIC_TEXTS, USER_ACCOUNT_TEXTS } from '@starloop/contract';
import {
  insertApiKey,
  insertInvitation,
  insertOwner,
  insertReview,
  issueOneTimeToken,
  listEmails,
  recordAudit,
  softDeleteOwner,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../../auth/api-keys.ts';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { adminApi } from '../../../test/admin-api.ts';
import { addressSequence, postJson } from '../../../test/client-kit.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestAdmin, createTestOwner, ownerPersonId } from '../../../test/test-server.ts';

const APP_URL = 'https://app.starloop.test';
const tokenOf = (text: string) => decodeURIComponent(/#token=([^\s]+)/.exec(text)?.[1] ?? '');

describe(`admin: a business's account, resending the owner's link, moving a branch on ${testDriverName()}`, () => {
  const api = adminApi({ env: { APP_URL } });
  const from = addressSequence('10.77');
  let superAdmin: { authorization: string };

  /** An owner-side call with a person's token, on a branch. */
  const asOwner = (token: string, url: string, businessId?: number) =>
    api.server.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), ...(businessId ? { 'x-business-id': String(businessId) } : {}) },
    });
  const accountOf = async (businessId: number) =>
    (
      await api.db
        .selectFrom('owners')
        .select('accountId')
        .where('id', '=', businessId)
        .executeTakeFirstOrThrow()
    ).accountId;
  const membershipsOf = (accountId: number) =>
    api.db
      .selectFrom('memberships')
      .select(['personId', 'role', 'businessIds'])
      .where('accountId', '=', accountId)
      .orderBy('personId')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, businessIds: r.businessIds?.map(Number) ?? null })));
  const trail = (action: string) =>
    api.db
      .selectFrom('auditLog')
      .select(['actorKind', 'actorId', 'targetTable', 'targetId', 'details'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const activity = (ownerId: number) =>
    api.db
      .selectFrom('activityEvents')
      .select(['type', 'message', 'adminId'])
      .where('ownerId', '=', ownerId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    const admin = await createTestAdmin(api.server, { role: 'super_admin' });
    superAdmin = await api.bearer(admin.id);
  });

  it('answers only admins', async () => {
    const owner = await createTestOwner(api.server);
    await api.expectAdminOnly(
      [
        { method: 'GET', url: `/api/admin/users/${owner.id}/account` },
        { method: 'POST', url: `/api/admin/users/${owner.id}/resend-invitation` },
        { method: 'POST', url: `/api/admin/users/${owner.id}/move`, body: { accountId: 1 } },
        { method: 'POST', url: `/api/admin/accounts/${owner.accountId}/merge`, body: { intoAccountId: 1 } },
      ],
      [
        { path: 'admin.users.account', kind: 'query', input: { id: owner.id } },
        { path: 'admin.users.resendInvitation', kind: 'mutation', input: { id: owner.id } },
        { path: 'admin.users.move', kind: 'mutation', input: { id: owner.id, accountId: 1 } },
        { path: 'admin.accounts.merge', kind: 'mutation', input: { id: owner.accountId, intoAccountId: 1 } },
      ],
    );
  });

  describe('GET /api/admin/users/{id}/account', () => {
    let chain: TChain;
    let manager: Awaited<ReturnType<typeof addMember>>;
    beforeAll(async () => {
      chain = await createChain(api.server, { branches: 3, name: 'Dosa Corner' });
      // Its onboarding (one payment for several businesses), and another customer's.
      for (const ownerIds of [[chain.first.id, chain.branches[1]!.id], [chain.first.id + 100_000]]) {
        await recordAudit(api.db, {
          actorKind: 'admin',
          actorId: api.auth.adminId,
          action: 'onboarding.complete',
          targetTable: 'manual_payments',
          targetId: 1,
          details: { ownerIds, codes: ['dosa-corner'], plan: 'professional' },
        });
      }
      manager = await addMember(api.server, chain.accountId, 'manager', [chain.branches[1]!.id]);
      await addMember(api.server, chain.accountId, 'staff');
      const invited = await api.server.app.inject({
        method: 'POST',
        url: '/api/v1/account/invitations',
        headers: { ...bearer(chain.ownerToken), 'x-forwarded-for': from() },
        payload: { name: 'Kiran', phone: '9822200001', role: 'staff', businessIds: [chain.branches[2]!.id] },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      await softDeleteOwner(api.db, chain.branches[2]!.id);
      const edit = await api.send('PUT', `/api/admin/users/${chain.first.id}`, {
        name: chain.first.name,
        businessName: chain.first.businessName,
        contactNumber: chain.first.contactNumber,
        code: chain.first.code,
        status: 'active',
      });
      expect(edit.statusCode, edit.body).toBe(200);
    });

    it('answers the account, its branches, people, open invitations; the trail only to super admins', async () => {
      const { status, body } = await api.get(`/api/admin/users/${chain.branches[1]!.id}/account`);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.businessId).toBe(chain.branches[1]!.id);
      expect(body.account).toEqual({
        id: chain.accountId,
        name: 'Dosa Corner',
        createdAt: expect.any(String),
      });
      expect(body.branches.map((b: { id: number }) => b.id)).toEqual(chain.branches.map((b) => b.id));
      expect(body.branches[2]).toMatchObject({
        code: chain.branches[2]!.code,
        status: 'active',
        plan: 'professional',
        deletedAt: expect.any(String),
      });
      expect(body.branches[0].deletedAt).toBeNull();
      expect(
        body.people.map((p: { role: string; businessIds: number[] | null }) => [p.role, p.businessIds]),
      ).toEqual([
        ['owner', null],
        ['manager', [chain.branches[1]!.id]],
        ['staff', null],
      ]);
      expect(body.people[1]).toMatchObject({
        personId: manager.personId,
        phone: manager.phone,
        passwordSet: true,
        joinedAt: expect.any(String),
      });
      expect(body.invitations).toEqual([
        expect.objectContaining({ name: 'Kiran', role: 'staff', businessIds: [chain.branches[2]!.id] }),
      ]);
      expect(body.ownerPasswordSet).toBe(true);
      // The audit trail is the super admins' (as the audit log is).
      expect(body.audit).toBeNull();

      const full = await api.as(superAdmin).send('GET', `/api/admin/users/${chain.first.id}/account`);
      expect(full.statusCode, full.body).toBe(200);
      const audit = full.json().audit as {
        action: string;
        summary: string;
        actor: { kind: string; name: string };
      }[];
      expect(audit.map((a) => a.action)).toEqual(['user.update', 'team.invite', 'onboarding.complete']);
      expect(audit[2]!.summary).toBe('Onboarded dosa-corner (professional)');
      expect(audit[0]).toMatchObject({ actor: { kind: 'admin', name: api.auth.adminName } });
      expect(audit[0]!.summary).toMatch(new RegExp(`^Edited business #${chain.first.id}: `));
      expect(audit[1]).toMatchObject({
        actor: { kind: 'owner', id: chain.ownerPersonId, name: chain.first.name },
        summary: `Invited a staff (branches #${chain.branches[2]!.id})`,
      });
      // Another account's history is not in it.
      expect(JSON.stringify(audit)).not.toContain('"owner.sign_in"');
    });

    it('answers the same over tRPC, and 404 for an unknown business', async () => {
      const rest = await api.as(superAdmin).send('GET', `/api/admin/users/${chain.first.id}/account`);
      const trpc = await api.as(superAdmin).query('admin.users.account', { id: chain.first.id });
      expect(trpc.statusCode, trpc.body).toBe(200);
      expect(trpc.json().result.data).toEqual(rest.json());
      const missing = await api.get('/api/admin/users/99999999/account');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ADMIN_TEXTS.userNotFound);
      expect((await api.get('/api/admin/users/abc/account')).status).toBe(400);
    });
  });

  describe('POST /api/admin/users/{id}/resend-invitation', () => {
    it('mails a new set-password link; the earlier one stops working; 409 once a password is set', async () => {
      const owner = await createTestOwner(api.server, {
        name: 'Farah',
        email: 'farah@owner.test',
        passwordHash: null,
      });
      const personId = await ownerPersonId(api.server, owner.id);
      // Onboarding's link, mailed before.
      const first = await issueOneTimeToken(api.db, {
        personId,
        kind: 'set_password',
        ttlSeconds: 7 * 86_400,
      });
      const details = await api.get(`/api/admin/users/${owner.id}/account`);
      expect(details.body.ownerPasswordSet).toBe(false);
      expect(details.body.people[0].passwordSet).toBe(false);

      const res = await api.send('POST', `/api/admin/users/${owner.id}/resend-invitation`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: USER_ACCOUNT_TEXTS.invitationResent('farah@owner.test'),
      });
      const [mail] = await listEmails(api.db, { to: 'farah@owner.test' });
      expect(mail?.subject).toBe('Set your StarLoop password');
      expect(mail?.textBody).toContain(`${APP_URL}/set-password#token=`);
      expect(mail?.textBody).toContain(owner.contactNumber);
      const token = tokenOf(mail!.textBody);

      // One live link: the earlier one is refused, the new one sets the password and signs in.
      const old = await postJson(
        api.server,
        '/api/users/set-password',
        { token: first.token, password: 'farah-pass-1' },
        from(),
      );
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe(PUBLIC_TEXTS.tokenInvalid);
      const set = await postJson(
        api.server,
        '/api/users/set-password',
        { token, password: 'farah-pass-1' },
        from(),
      );
      expect(set.statusCode, set.body).toBe(200);

      const again = await api.send('POST', `/api/admin/users/${owner.id}/resend-invitation`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(USER_ACCOUNT_TEXTS.passwordAlreadySet);
      expect(await listEmails(api.db, { to: 'farah@owner.test' })).toHaveLength(1);

      expect(await trail('user.invitation_resend')).toEqual([
        {
          actorKind: 'admin',
          actorId: api.auth.adminId,
          targetTable: 'owners',
          targetId: owner.id,
          details: { personId, to: 'farah@owner.test' },
        },
      ]);
      expect((await activity(owner.id)).at(-1)).toEqual({
        type: 'user',
        message: `${owner.businessName}'s set-password link was resent by ${api.auth.adminName}`,
        adminId: api.auth.adminId,
      });
    });

    it('409 without an email address, 404 for a deleted or unknown business (nothing written)', async () => {
      const noMail = await createTestOwner(api.server, { passwordHash: null });
      const res = await api.mutate('admin.users.resendInvitation', { id: noMail.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(USER_ACCOUNT_TEXTS.noEmail);
      const gone = await createTestOwner(api.server, { passwordHash: null, email: 'gone@owner.test' });
      await softDeleteOwner(api.db, gone.id);
      const deleted = await api.send('POST', `/api/admin/users/${gone.id}/resend-invitation`);
      expect(deleted.statusCode).toBe(404);
      expect((await api.send('POST', '/api/admin/users/99999999/resend-invitation')).statusCode).toBe(404);
      const written = await api.db
        .selectFrom('oneTimeTokens')
        .select('id')
        .where('personId', 'in', [
          await ownerPersonId(api.server, noMail.id),
          await ownerPersonId(api.server, gone.id),
        ])
        .execute();
      expect(written).toEqual([]);
    });
  });

  describe('POST /api/admin/users/{id}/move', () => {
    let a: TChain;
    let b: TChain;
    let moved: number;
    let limitedToMoved: Awaited<ReturnType<typeof addMember>>;
    let limitedToBoth: Awaited<ReturnType<typeof addMember>>;
    let everyBranch: Awaited<ReturnType<typeof addMember>>;
    let apiKey: string;
    let invitationId: number;

    beforeAll(async () => {
      a = await createChain(api.server, { branches: 3, name: 'Idli House' });
      b = await createChain(api.server, { branches: 1, name: 'Vada Co' });
      moved = a.branches[1]!.id;
      limitedToMoved = await addMember(api.server, a.accountId, 'manager', [moved]);
      limitedToBoth = await addMember(api.server, a.accountId, 'staff', [a.first.id, moved]);
      everyBranch = await addMember(api.server, a.accountId, 'staff');
      for (const rating of [5, 2]) await insertReview(api.db, { ownerId: moved, rating });
      const key = newApiKey();
      await insertApiKey(api.db, { ownerId: moved, name: 'POS', prefix: key.prefix, keyHash: key.hash }, 10);
      apiKey = key.key;
      invitationId = (
        await insertInvitation(api.db, {
          accountId: a.accountId,
          tokenHash: `move-test-${Date.now()}`,
          name: 'Later',
          phone: '9822200002',
          email: null,
          role: 'staff',
          businessIds: [moved],
          invitedBy: null,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
      ).id;
    });

    it('moves the branch: limited memberships lose it, whoever has none left is out and signed out', async () => {
      const res = await api.send('POST', `/api/admin/users/${moved}/move`, { accountId: b.accountId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: USER_ACCOUNT_TEXTS.branchMoved(a.branches[1]!.businessName, 'Vada Co'),
      });
      expect(await accountOf(moved)).toBe(b.accountId);
      expect(await membershipsOf(a.accountId)).toEqual(
        [
          { personId: a.ownerPersonId, role: 'owner', businessIds: null },
          { personId: limitedToBoth.personId, role: 'staff', businessIds: [a.first.id] },
          { personId: everyBranch.personId, role: 'staff', businessIds: null },
        ].sort((x, y) => x.personId - y.personId),
      );
      expect(await api.sessionsOf('owner', limitedToMoved.personId)).toEqual([
        { revokedAt: expect.any(Date) },
      ]);
      expect((await api.sessionsOf('owner', limitedToBoth.personId))[0]?.revokedAt).toBeNull();
      expect((await asOwner(limitedToMoved.token, '/api/users/me')).statusCode).toBe(401);
      const invitation = await api.db
        .selectFrom('invitations')
        .select(['revokedAt', 'accountId'])
        .where('id', '=', invitationId)
        .executeTakeFirstOrThrow();
      expect(invitation.revokedAt).not.toBeNull();

      const [row] = await trail('user.move');
      expect(row).toEqual({
        actorKind: 'admin',
        actorId: api.auth.adminId,
        targetTable: 'owners',
        targetId: moved,
        details: {
          fromAccountId: a.accountId,
          toAccountId: b.accountId,
          removedPersonIds: [limitedToMoved.personId],
          narrowedPersonIds: [limitedToBoth.personId],
          revokedInvitationIds: [invitationId],
        },
      });
      expect((await activity(moved)).at(-1)?.message).toBe(
        `${a.branches[1]!.businessName} was moved to Vada Co by ${api.auth.adminName}`,
      );
      // Both accounts' trails tell it.
      for (const businessId of [moved, a.first.id]) {
        const details = await api.as(superAdmin).send('GET', `/api/admin/users/${businessId}/account`);
        expect(details.json().audit[0]).toMatchObject({
          action: 'user.move',
          summary: `Moved business #${moved} from account #${a.accountId} to account #${b.accountId}`,
        });
      }
    });

    it("the branch's reviews, review page and API key work for its new account; the old owner lost it", async () => {
      const mine = await asOwner(b.ownerToken, '/api/users/me', moved);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().user.id).toBe(moved);
      const reviews = await asOwner(
        b.ownerToken,
        `/trpc/owner.dashboard.reviews?input=${encodeURIComponent(JSON.stringify({ page: 1, limit: 10 }))}`,
        moved,
      );
      expect(reviews.statusCode, reviews.body).toBe(200);
      expect(
        reviews
          .json()
          .result.data.reviews.map((r: { rating: number }) => r.rating)
          .sort(),
      ).toEqual([2, 5]);
      const account = await asOwner(b.ownerToken, '/api/v1/account');
      expect(
        account
          .json()
          .branches.map((x: { id: number }) => x.id)
          .sort(),
      ).toEqual([b.first.id, moved].sort());

      const byKey = await api.server.app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: bearer(apiKey),
      });
      expect(byKey.statusCode, byKey.body).toBe(200);
      expect(byKey.json()).toMatchObject({ account: { id: b.accountId }, currentBusinessId: moved });
      const page = await api.server.app.inject({ method: 'GET', url: `/review/${a.branches[1]!.code}` });
      expect(page.statusCode).toBe(200);

      const old = await asOwner(a.ownerToken, '/api/users/me', moved);
      expect(old.statusCode).toBe(403);
      expect(old.json().message).toBe(ACCOUNT_TEXTS.branchForbidden);
      const oldAccount = await asOwner(a.ownerToken, '/api/v1/account');
      expect(oldAccount.json().branches.map((x: { id: number }) => x.id)).toEqual([
        a.first.id,
        a.branches[2]!.id,
      ]);
      // The one who kept a branch of the old account still works there.
      expect((await asOwner(limitedToBoth.token, '/api/users/me')).json().user.id).toBe(a.first.id);
    });

    it('404 for an unknown account or business, 400 for its own account or a bad id, nothing moved', async () => {
      const branch = a.branches[2]!.id;
      const unknown = await api.send('POST', `/api/admin/users/${branch}/move`, { accountId: 99999999 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(USER_ACCOUNT_TEXTS.accountNotFound);
      const same = await api.send('POST', `/api/admin/users/${branch}/move`, { accountId: a.accountId });
      expect(same.statusCode).toBe(400);
      expect(same.json()).toMatchObject({ message: USER_ACCOUNT_TEXTS.alreadyInAccount, field: 'accountId' });
      const bad = await api.send('POST', `/api/admin/users/${branch}/move`, { accountId: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: USER_ACCOUNT_TEXTS.accountIdInvalid, field: 'accountId' });
      const none = await api.mutate('admin.users.move', { id: 99999999, accountId: b.accountId });
      expect(none.statusCode).toBe(404);
      expect(none.json().error.message).toBe(ADMIN_TEXTS.userNotFound);
      expect(await accountOf(branch)).toBe(a.accountId);
    });

    it("refuses an account's last live branch (a deleted one does not count): merge instead", async () => {
      const single = await createTestOwner(api.server);
      const res = await api.send('POST', `/api/admin/users/${single.id}/move`, { accountId: b.accountId });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_ACCOUNT_TEXTS.lastBranch);

      const withDeleted = await createTestOwner(api.server);
      const deleted = await insertOwner(api.db, {
        accountId: withDeleted.accountId,
        name: 'Old',
        businessName: 'Old branch',
        contactNumber: withDeleted.contactNumber,
        code: `old-branch-${Date.now()}`,
        registrationSource: 'website',
      });
      await softDeleteOwner(api.db, deleted.id);
      const last = await api.send('POST', `/api/admin/users/${withDeleted.id}/move`, {
        accountId: b.accountId,
      });
      expect(last.statusCode).toBe(409);
      // A deleted branch is not moved either (like editing it).
      const gone = await api.send('POST', `/api/admin/users/${deleted.id}/move`, { accountId: b.accountId });
      expect(gone.statusCode).toBe(404);
      expect(await accountOf(single.id)).toBe(single.accountId);
      expect(await accountOf(withDeleted.id)).toBe(withDeleted.accountId);
    });
  });
});
