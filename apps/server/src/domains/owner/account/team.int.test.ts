import { ACCOUNT_TEXTS, ERROR_TEXTS } from '@starloop/contract';
import { listEmails } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { addressSequence } from '../../../test/client-kit.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestOwner, createTestServer, type TTestServer } from '../../../test/test-server.ts';

const inviteToken = (url: string) => decodeURIComponent(url.split('#token=')[1] ?? '');

describe(`the team: invitations, roles and branches on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  const from = addressSequence('10.31');

  const call = (method: string, url: string, token: string | undefined, payload?: unknown, headers = {}) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': from(), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const invite = (body: Record<string, unknown>, token = chain.ownerToken) =>
    call('POST', '/api/v1/account/invitations', token, body);
  const accept = (body: Record<string, unknown>) =>
    call('POST', '/api/v1/invitations/accept', undefined, body);

  beforeAll(async () => {
    server = await createTestServer({ APP_URL: 'https://starloop.test' });
    chain = await createChain(server, { branches: 3 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('GET /api/v1/account answers the account, the role and the branches', async () => {
    const res = await call('GET', '/api/v1/account', chain.ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      account: { id: chain.accountId, plan: 'professional' },
      role: 'owner',
      currentBusinessId: chain.first.id,
    });
    expect(res.json().branches.map((b: { id: number }) => b.id)).toEqual(chain.branches.map((b) => b.id));
  });

  it('invites a manager of one branch: the link, an email, and accepting signs the new person in', async () => {
    const branch = chain.branches[1]!;
    const res = await invite({
      name: 'Meera Manager',
      phone: '9811100001',
      email: 'Meera@Example.in',
      role: 'manager',
      businessIds: [branch.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, inviteUrl, message } = res.json();
    expect(message).toBe(ACCOUNT_TEXTS.invitationSent);
    expect(inviteUrl).toMatch(/^https:\/\/starloop\.test\/invite#token=/);
    const mails = await listEmails(server.deps.db, { to: 'meera@example.in' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(inviteUrl);

    const members = await call('GET', '/api/v1/account/members', chain.ownerToken);
    expect(members.json().invitations).toEqual([
      expect.objectContaining({ id, role: 'manager', businessIds: [branch.id], phone: '9811100001' }),
    ]);

    const joined = await accept({
      token: inviteToken(inviteUrl),
      name: 'Meera M',
      password: 'manager-pass-1',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user.id).toBe(branch.id);
    const token = joined.json().token;

    // The manager sees only their branch, and may not open another one.
    const account = await call('GET', '/api/v1/account', token);
    expect(account.json()).toMatchObject({ role: 'manager', currentBusinessId: branch.id });
    expect(account.json().branches.map((b: { id: number }) => b.id)).toEqual([branch.id]);
    const other = await call('GET', '/api/users/me', token, undefined, {
      'x-business-id': String(chain.first.id),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(ACCOUNT_TEXTS.branchForbidden);
    // Managers change their branch but not the team, billing or credentials.
    expect((await call('GET', '/api/v1/account/members', token)).statusCode).toBe(403);
    const plan = await server.app.inject({
      method: 'GET',
      url: '/trpc/owner.plan.get',
      headers: bearer(token),
    });
    expect(plan.statusCode).toBe(403);
    expect(plan.json().error.message).toBe(ACCOUNT_TEXTS.accountForbidden);

    // The link works once.
    const again = await accept({
      token: inviteToken(inviteUrl),
      name: 'Someone',
      password: 'another-pass-1',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_TEXTS.invitationInvalid);

    // The member is listed, the invitation no longer open, and the trail names who did what.
    const after = (await call('GET', '/api/v1/account/members', chain.ownerToken)).json();
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m: { role: string; name: string }) => [m.role, m.name])).toEqual([
      ['owner', chain.first.name],
      ['manager', 'Meera M'],
    ]);
    const trail = await server.deps.db
      .selectFrom('auditLog')
      .select(['action', 'actorKind', 'actorId'])
      .where('action', 'in', ['team.invite', 'team.join'])
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { action: 'team.invite', actorKind: 'owner', actorId: chain.ownerPersonId },
      { action: 'team.join', actorKind: 'owner', actorId: after.members[1].personId },
    ]);
  });

  it('a phone that already has a person joins with that password (a wrong one is refused)', async () => {
    const elsewhere = await createTestOwner(server, { password: 'own-shop-pass' });
    const res = await invite({ name: 'Other Owner', phone: elsewhere.contactNumber, role: 'staff' });
    expect(res.statusCode, res.body).toBe(201);
    const token = inviteToken(res.json().inviteUrl);
    const wrong = await accept({ token, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(ERROR_TEXTS.invalidCredentials);
    const right = await accept({ token, password: 'own-shop-pass' });
    expect(right.statusCode, right.body).toBe(200);
    // They now belong to two accounts: each call names its branch, their own shop stays the default.
    const me = await call('GET', '/api/users/me', right.json().token);
    expect(me.json().user.id).toBe(elsewhere.id);
    const there = await call('GET', '/api/users/me', right.json().token, undefined, {
      'x-business-id': String(chain.branches[2]!.id),
    });
    expect(there.statusCode, there.body).toBe(200);
    expect(there.json().user.id).toBe(chain.branches[2]!.id);
    // Staff read reviews but change nothing.
    const settings = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.settings.update',
      headers: { ...bearer(right.json().token), 'x-business-id': String(chain.branches[2]!.id) },
      payload: { reviewFlow: 'open' },
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error.message).toBe(ACCOUNT_TEXTS.manageForbidden);
  });

  it('refuses expired, revoked and made-up invitations', async () => {
    const res = await invite({ name: 'Late Person', phone: '9811100002', role: 'staff' });
    const { id, inviteUrl } = res.json();
    const revoked = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.team.revokeInvitation',
      headers: bearer(chain.ownerToken),
      payload: { id },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(
      (await accept({ token: inviteToken(inviteUrl), name: 'Late', password: 'late-pass-1' })).statusCode,
    ).toBe(400);
    const expiring = await invite({ name: 'Slow Person', phone: '9811100003', role: 'staff' });
    await server.deps.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.json().id)
      .execute();
    const expired = await accept({
      token: inviteToken(expiring.json().inviteUrl),
      name: 'S',
      password: 'slow-pass-1',
    });
    expect(expired.statusCode).toBe(400);
    expect((await accept({ token: 'made-up', name: 'X', password: 'made-up-pass' })).statusCode).toBe(400);
    // Nothing of them joined.
    const people = await server.deps.db
      .selectFrom('persons')
      .select('id')
      .where('phone', 'in', ['9811100002', '9811100003'])
      .execute();
    expect(people).toEqual([]);
  });

  it('refuses a phone already in the team and branches of another account', async () => {
    const again = await invite({ name: 'Dup', phone: chain.first.contactNumber, role: 'staff' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACCOUNT_TEXTS.phoneIsMember);
    const foreign = await createTestOwner(server);
    const wrong = await invite({ name: 'X', phone: '9811100004', role: 'staff', businessIds: [foreign.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: ACCOUNT_TEXTS.branchesUnknown, field: 'businessIds' });
  });

  it('Essential has the owner alone, with the upgrade path in the message', async () => {
    const essential = await createChain(server, { branches: 1, plan: 'essential' });
    const res = await invite({ name: 'Helper', phone: '9811100005', role: 'staff' }, essential.ownerToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_TEXTS.teamProfessionalOnly);
  });

  it('keeps an owner: the last one can be neither demoted nor removed; a second one can', async () => {
    const patch = (personId: number, body: unknown, token = chain.ownerToken) =>
      call('PATCH', `/api/v1/account/members/${personId}`, token, body);
    const demote = await patch(chain.ownerPersonId, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(ACCOUNT_TEXTS.lastOwner);
    const remove = await call('DELETE', `/api/v1/account/members/${chain.ownerPersonId}`, chain.ownerToken);
    expect(remove.statusCode).toBe(409);

    const second = await addMember(server, chain.accountId, 'manager', [chain.branches[0]!.id]);
    const promoted = await patch(second.personId, { role: 'owner' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // An owner works on every branch.
    expect(promoted.json()).toMatchObject({ role: 'owner', businessIds: null });
    const back = await patch(second.personId, { role: 'staff', businessIds: [chain.branches[1]!.id] });
    expect(back.json()).toMatchObject({ role: 'staff', businessIds: [chain.branches[1]!.id] });
    expect(
      (await patch(second.personId, { role: 'owner', businessIds: [chain.branches[1]!.id] })).statusCode,
    ).toBe(400);
  });

  it('removing a person ends their sessions at once', async () => {
    const member = await addMember(server, chain.accountId, 'staff');
    expect((await call('GET', '/api/users/me', member.token)).statusCode).toBe(200);
    const removed = await call('DELETE', `/api/v1/account/members/${member.personId}`, chain.ownerToken);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(ACCOUNT_TEXTS.memberRemoved);
    expect((await call('GET', '/api/users/me', member.token)).statusCode).toBe(401);
    const entry = await server.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'team.member_remove')
      .where('targetId', '=', member.personId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actorKind: 'owner',
      actorId: chain.ownerPersonId,
      targetTable: 'memberships',
    });
  });

  it('X-Business-Id: a malformed one is a 400, a branch of another account a 403', async () => {
    const bad = await call('GET', '/api/users/me', chain.ownerToken, undefined, { 'x-business-id': 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ACCOUNT_TEXTS.businessHeaderInvalid);
    const foreign = await createTestOwner(server);
    const other = await call('GET', '/api/users/stats', chain.ownerToken, undefined, {
      'x-business-id': String(foreign.id),
    });
    expect(other.statusCode).toBe(403);
    const mine = await call('GET', '/api/users/me', chain.ownerToken, undefined, {
      'x-business-id': String(chain.branches[2]!.id),
    });
    expect(mine.json().user.id).toBe(chain.branches[2]!.id);
  });
});
