import {
  ACCOUNT_TEXTS,
  ADMIN_OPS_TEXTS,
  BRANCH_TEXTS,
  MAX_ACCOUNT_BRANCHES,
  MESSAGES,
  PUBLIC_TEXTS,
} from '@starloop/contract';
import { findOwnerById, insertOwner, updateOwner } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { addressSequence, expectRestError } from '../../../test/client-kit.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';

const DAY = 86_400_000;

describe(`adding a branch (POST /api/v1/account/branches) on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  const from = addressSequence('10.32');

  const call = (
    method: 'GET' | 'POST',
    url: string,
    token: string | undefined,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': from(), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const addBranch = (body: Record<string, unknown>, token = chain.ownerToken) =>
    call('POST', '/api/v1/account/branches', token, body);
  const trpc = (path: string, token: string, input: unknown, headers: Record<string, string> = {}) =>
    call('POST', `/trpc/${path}`, token, input, headers);
  const accountBusinesses = (accountId: number) =>
    server.deps.db.selectFrom('owners').select(['id', 'code']).where('accountId', '=', accountId).execute();
  const branchAudits = () =>
    server.deps.db
      .selectFrom('auditLog')
      .select(['actorKind', 'actorId', 'targetId', 'details'])
      .where('action', '=', 'account.branch_add')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await createTestServer();
    chain = await createChain(server, { branches: 2, name: 'Chai Chain' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('adds a pending branch on the account plan, keeps its page off, and a test payment makes it active', async () => {
    const res = await addBranch({
      businessName: 'Chai Chain',
      state: 'Maharashtra',
      city: 'pune',
      contactNumber: '9822200001',
      reviewLink: 'https://g.page/r/chai-chain-pune/review',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { branch, payment, message } = res.json();
    expect(message).toBe(BRANCH_TEXTS.added);
    // The code is made from the business name: "chai-chain" is still free.
    expect(branch).toEqual({
      id: expect.any(Number),
      businessName: 'Chai Chain',
      code: 'chai-chain',
      city: 'Pune',
      state: 'Maharashtra',
      status: 'pending',
      plan: 'professional',
      subscriptionEnd: null,
    });
    // Priced per branch per plan: Professional's price.
    expect(payment).toEqual({ plan: 'professional', amount: 299900, currency: 'INR' });

    const row = await findOwnerById(server.deps.db, branch.id);
    expect(row).toMatchObject({
      accountId: chain.accountId,
      name: chain.first.name,
      contactNumber: '9822200001',
      reviewLink: 'https://g.page/r/chai-chain-pune/review',
      registrationSource: 'website',
      subscriptionStart: null,
      subscriptionEnd: null,
      // A new registration's notification defaults.
      notifyLowRatings: true,
      dailyDigest: false,
      deletedAt: null,
    });
    const stats = await server.deps.db
      .selectFrom('ownerReviewStats')
      .selectAll()
      .where('ownerId', '=', branch.id)
      .execute();
    expect(stats).toHaveLength(1);
    // The account's person is still the only owner: no new person or account.
    expect(
      await server.deps.db
        .selectFrom('memberships')
        .select('personId')
        .where('accountId', '=', chain.accountId)
        .execute(),
    ).toEqual([{ personId: chain.ownerPersonId }]);
    expect(await branchAudits()).toEqual([
      {
        actorKind: 'owner',
        actorId: chain.ownerPersonId,
        targetId: branch.id,
        details: expect.objectContaining({
          accountId: chain.accountId,
          code: 'chai-chain',
          plan: 'professional',
        }),
      },
    ]);

    // Listed with the account's branches, pending.
    const account = await call('GET', '/api/v1/account', chain.ownerToken);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().currentBusinessId).toBe(chain.first.id);
    expect(account.json().branches.find((b: { id: number }) => b.id === branch.id)).toMatchObject({
      status: 'pending',
    });

    // Unpaid: its review page is not live, and no registration may take its code.
    expect((await call('GET', '/api/users/review-link/chai-chain', undefined)).statusCode).toBe(410);
    const check = await call('GET', '/api/users/code-available/chai-chain', undefined);
    expect(check.json()).toEqual({ available: false, message: PUBLIC_TEXTS.codeTaken });

    // The owner pays for it on the Plan page, the branch chosen by X-Business-Id.
    const onBranch = { 'x-business-id': String(branch.id) };
    // Until then the branch's own screens say it is unpaid; the account-wide ones answer.
    const me = await call('GET', '/api/users/me', chain.ownerToken, undefined, onBranch);
    expect(me.statusCode).toBe(403);
    expect(me.json().message).toBe(ACCOUNT_TEXTS.branchUnpaid);
    const onUnpaid = await call('GET', '/api/v1/account', chain.ownerToken, undefined, onBranch);
    expect(onUnpaid.statusCode, onUnpaid.body).toBe(200);
    expect(onUnpaid.json().currentBusinessId).toBe(branch.id);
    const plan = await call('GET', '/trpc/owner.plan.get', chain.ownerToken, undefined, onBranch);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().result.data).toMatchObject({
      status: 'pending',
      plan: 'professional',
      reviewPageActive: false,
    });
    const order = await trpc(
      'owner.plan.createOrder',
      chain.ownerToken,
      { plan: 'professional', purpose: 'renewal' },
      onBranch,
    );
    expect(order.statusCode, order.body).toBe(200);
    const { orderId, amount, testMode } = order.json().result.data;
    expect({ amount, testMode }).toEqual({ amount: payment.amount, testMode: true });
    const paid = await trpc('payments.testGateway.complete', chain.ownerToken, {
      orderId,
      outcome: 'success',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const verified = await call('POST', '/api/payments/verify', undefined, paid.json().result.data);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ success: true });

    const active = await findOwnerById(server.deps.db, branch.id);
    expect(active?.status).toBe('active');
    expect(active?.subscriptionStart).not.toBeNull();
    const length = active!.subscriptionEnd!.getTime() - active!.subscriptionStart!.getTime();
    expect(length).toBeGreaterThanOrEqual(28 * DAY);
    expect(length).toBeLessThanOrEqual(31 * DAY);
    const payments = await server.deps.db
      .selectFrom('payments')
      .select(['ownerId', 'amount', 'status', 'plan'])
      .where('ownerId', '=', branch.id)
      .execute();
    expect(payments).toEqual([
      { ownerId: branch.id, amount: 353882, status: 'captured', plan: 'professional' },
    ]);
    const after = (await call('GET', '/api/v1/account', chain.ownerToken)).json();
    expect(after.branches.find((b: { id: number }) => b.id === branch.id)).toMatchObject({
      status: 'active',
      subscriptionEnd: active!.subscriptionEnd!.toISOString(),
    });
    expect((await call('GET', '/api/users/review-link/chai-chain', undefined)).statusCode).toBe(200);
    // The other branches did not move.
    expect((await findOwnerById(server.deps.db, chain.first.id))?.subscriptionEnd).toEqual(
      chain.first.subscriptionEnd,
    );
  });

  it('makes another code when the name is taken, and prices an Essential account at Essential', async () => {
    const again = await addBranch({
      businessName: 'Chai Chain',
      state: 'Maharashtra',
      city: 'Pune',
      contactNumber: '9822200002',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().branch.code).toBe('chai-chain-pune');

    const essential = await createChain(server, { branches: 1, plan: 'essential', name: 'Dosa Corner' });
    const res = await addBranch(
      { businessName: 'Dosa Corner', contactNumber: '9822200003' },
      essential.ownerToken,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().branch).toMatchObject({
      plan: 'essential',
      status: 'pending',
      city: null,
      state: null,
    });
    expect(res.json().payment).toEqual({ plan: 'essential', amount: 199900, currency: 'INR' });
    // The tRPC twin answers the same.
    const twin = await trpc('owner.account.addBranch', essential.ownerToken, {
      businessName: 'Dosa Corner',
      contactNumber: '9822200004',
      code: 'Dosa-Corner-Two',
    });
    expect(twin.statusCode, twin.body).toBe(200);
    expect(twin.json().result.data.branch).toMatchObject({ code: 'dosa-corner-two', status: 'pending' });
  });

  it('refuses managers and staff, and lets an API key add a branch', async () => {
    const before = await accountBusinesses(chain.accountId);
    for (const role of ['manager', 'staff'] as const) {
      const member = await addMember(server, chain.accountId, role);
      const res = await addBranch({ businessName: 'Not mine', contactNumber: '9822200010' }, member.token);
      expectRestError(res, 403, ACCOUNT_TEXTS.accountForbidden);
    }
    expect(await accountBusinesses(chain.accountId)).toEqual(before);

    const created = await trpc('owner.integrations.apiKeys.create', chain.ownerToken, { name: 'pos' });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json().result.data.key;
    const res = await addBranch({ businessName: 'Chai Chain Airport', contactNumber: '9822200011' }, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().branch).toMatchObject({
      code: 'chai-chain-airport',
      status: 'pending',
      plan: 'professional',
    });
    expect((await branchAudits()).at(-1)).toMatchObject({
      actorKind: 'system',
      actorId: null,
      targetId: res.json().branch.id,
      details: expect.objectContaining({ apiKeyId: expect.any(Number) }),
    });
  });

  it('answers a taken code 409 and bad input 400 naming the field, writing nothing', async () => {
    const before = await accountBusinesses(chain.accountId);
    const audits = (await branchAudits()).length;
    const taken = await addBranch({
      businessName: 'Chai Chain',
      contactNumber: '9822200020',
      code: chain.first.code,
    });
    expectRestError(taken, 409, PUBLIC_TEXTS.codeTaken, 'code');

    const good = { businessName: 'Chai Chain', contactNumber: '9822200021' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contactNumber: '9822200021' }, MESSAGES.registration.businessNameRequired, 'businessName'],
      [{ ...good, businessName: '   ' }, MESSAGES.registration.businessNameRequired, 'businessName'],
      [{ businessName: 'Chai Chain' }, MESSAGES.userEdit.contactNumberRequired, 'contactNumber'],
      [{ ...good, contactNumber: '98222' }, MESSAGES.userEdit.contactNumberInvalid, 'contactNumber'],
      [{ ...good, reviewLink: 'g.page/chai' }, MESSAGES.onboardingCustomer.reviewLinkInvalid, 'reviewLink'],
      [{ ...good, code: 'ab' }, MESSAGES.registration.codeInvalid, 'code'],
      [{ ...good, code: 'chai chain!' }, MESSAGES.registration.codeInvalid, 'code'],
      [{ ...good, state: 'Atlantis' }, ADMIN_OPS_TEXTS.stateUnknown, 'state'],
      [
        { ...good, state: 'Maharashtra', city: 'Jaipur' },
        ADMIN_OPS_TEXTS.cityNotInState('Maharashtra'),
        'city',
      ],
      [{ ...good, city: 'Pune' }, BRANCH_TEXTS.cityWithoutState, 'state'],
    ];
    for (const [body, message, field] of cases) expectRestError(await addBranch(body), 400, message, field);

    const twin = await trpc('owner.account.addBranch', chain.ownerToken, { ...good, contactNumber: 'x' });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().error).toMatchObject({
      message: MESSAGES.userEdit.contactNumberInvalid,
      data: { field: 'contactNumber' },
    });
    expect(await accountBusinesses(chain.accountId)).toEqual(before);
    expect(await branchAudits()).toHaveLength(audits);
  });

  it(`stops at ${MAX_ACCOUNT_BRANCHES} live branches (409); a deleted one frees a place`, async () => {
    const big = await createChain(server, { branches: 1, name: 'Big Chain' });
    const extra = [];
    for (let i = 1; i < MAX_ACCOUNT_BRANCHES; i += 1) {
      extra.push(
        await insertOwner(server.deps.db, {
          accountId: big.accountId,
          name: big.first.name,
          businessName: `Big Chain ${i}`,
          contactNumber: big.first.contactNumber,
          code: `big-chain-limit-${i}`,
          registrationSource: 'website',
          status: 'active',
          plan: 'professional',
        }),
      );
    }
    const refused = await addBranch(
      { businessName: 'Big Chain', contactNumber: '9822200030' },
      big.ownerToken,
    );
    expectRestError(refused, 409, BRANCH_TEXTS.limitReached);
    expect(await accountBusinesses(big.accountId)).toHaveLength(MAX_ACCOUNT_BRANCHES);

    await updateOwner(server.deps.db, extra[0]!.id, { deletedAt: new Date() });
    const added = await addBranch({ businessName: 'Big Chain', contactNumber: '9822200030' }, big.ownerToken);
    expect(added.statusCode, added.body).toBe(201);
  });
});
