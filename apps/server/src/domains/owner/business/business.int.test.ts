import { BUSINESS_TEXTS } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../test/accounts-kit.ts';
import { callProcedure } from '../../../test/admin-auth-cases.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  json,
  ownerPersonId,
  type TTestServer,
} from '../../../test/test-server.ts';
import { getBusinessDetails } from './business.service.ts';

const OWNER_IP = '203.0.113.77';

describe(`the owner's own business details and code on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const ownerHeaders = async (ownerId: number) => ({
    authorization: `Bearer ${(await issueOwnerToken(server, ownerId)).token}`,
    'x-forwarded-for': OWNER_IP,
  });
  const rest = async (ownerId: number, method: 'GET' | 'PATCH' | 'PUT', url: string, body?: unknown) => {
    const headers = await ownerHeaders(ownerId);
    return server.app.inject(
      body === undefined
        ? { method, url, headers }
        : { method, url, ...json(body), headers: { ...headers, 'content-type': 'application/json' } },
    );
  };
  const ownerRow = (id: number) =>
    server.deps.db
      .selectFrom('owners')
      .select(['businessName', 'contactNumber', 'reviewLink', 'code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const trail = (targetId: number) =>
    server.deps.db
      .selectFrom('auditLog')
      .select(['actorKind', 'actorId', 'action', 'ip', 'details'])
      .where('targetTable', '=', 'owners')
      .where('targetId', '=', targetId)
      .orderBy('id')
      .execute();
  const page = (url: string, method: 'GET' | 'POST' = 'GET') => server.app.inject({ method, url });

  it('saves the name, contact number and review link, audited by field, and the review page shows them', async () => {
    const owner = await createTestOwner(server, { businessName: 'Old Name' });
    const res = await rest(owner.id, 'PATCH', '/api/v1/business', {
      businessName: '  Sharma Sweets  ',
      contactNumber: '+91 98765-43210',
      reviewLink: 'https://g.page/r/CAbc123xyz/review',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: BUSINESS_TEXTS.saved,
      business: {
        businessName: 'Sharma Sweets',
        contactNumber: '9876543210',
        reviewLink: 'https://g.page/r/CAbc123xyz/review',
        code: owner.code,
        formerCodes: [],
        googleReviewLink: null,
      },
    });
    expect(await ownerRow(owner.id)).toEqual({
      businessName: 'Sharma Sweets',
      contactNumber: '9876543210',
      reviewLink: 'https://g.page/r/CAbc123xyz/review',
      code: owner.code,
    });
    const person = await ownerPersonId(server, owner.id);
    expect(await trail(owner.id)).toEqual([
      {
        actorKind: 'owner',
        actorId: person,
        action: 'business.update',
        ip: OWNER_IP,
        details: { fields: ['businessName', 'contactNumber', 'reviewLink'] },
      },
    ]);
    // The customer's page has the new name at once (the cache was purged).
    const html = (await page(`/review/${owner.code}`)).body;
    expect(html).toContain('Sharma Sweets');
    // The sign-in phone is the person's: it did not move.
    const signIn = await server.deps.db
      .selectFrom('persons')
      .select('phone')
      .where('id', '=', person)
      .executeTakeFirstOrThrow();
    expect(signIn.phone).toBe(owner.contactNumber);

    // Clearing the link (an empty text) is allowed; nothing else changes.
    const cleared = await rest(owner.id, 'PATCH', '/api/v1/business', { reviewLink: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await ownerRow(owner.id)).reviewLink).toBeNull();
  });

  it('refuses a bad link, number or name with a 400 naming the field, and changes nothing', async () => {
    const owner = await createTestOwner(server, { reviewLink: 'https://g.page/r/keep/review' });
    const before = await ownerRow(owner.id);
    const cases: [unknown, string, string][] = [
      [{ reviewLink: 'http://g.page/r/abc/review' }, 'reviewLink', BUSINESS_TEXTS.reviewLinkInvalid],
      [
        { reviewLink: 'https://www.google.com/search?q=sharma+sweets' },
        'reviewLink',
        BUSINESS_TEXTS.reviewLinkNotReviewForm,
      ],
      [{ reviewLink: 'not a link' }, 'reviewLink', BUSINESS_TEXTS.reviewLinkInvalid],
      [{ contactNumber: '12345' }, 'contactNumber', BUSINESS_TEXTS.contactNumberInvalid],
      [{ contactNumber: '5876543210' }, 'contactNumber', BUSINESS_TEXTS.contactNumberInvalid],
      [{ businessName: '   ' }, 'businessName', BUSINESS_TEXTS.businessNameRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await rest(owner.id, 'PATCH', '/api/v1/business', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, field });
    }
    // Nothing asked, or the same values: nothing changes and nothing is recorded.
    const empty = await rest(owner.id, 'PATCH', '/api/v1/business', {});
    expect(empty.statusCode).toBe(200);
    const same = await rest(owner.id, 'PATCH', '/api/v1/business', { reviewLink: before.reviewLink });
    expect(same.statusCode).toBe(200);
    expect(await ownerRow(owner.id)).toEqual(before);
    expect(await trail(owner.id)).toEqual([]);
  });

  it('is for the account owners only: a manager gets a 403 and nothing changes', async () => {
    const owner = await createTestOwner(server);
    const manager = await addMember(server, owner.accountId, 'manager');
    const headers = { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' };
    const patch = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/business',
      headers,
      payload: JSON.stringify({ businessName: 'Taken Over' }),
    });
    expect(patch.statusCode).toBe(403);
    const code = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/business/code',
      headers,
      payload: JSON.stringify({ code: 'taken-over', confirm: true }),
    });
    expect(code.statusCode).toBe(403);
    expect((await ownerRow(owner.id)).businessName).toBe(owner.businessName);
    expect((await ownerRow(owner.id)).code).toBe(owner.code);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/business' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the code only when confirmed; every old code redirects permanently to the current one', async () => {
    const owner = await createTestOwner(server);
    const first = owner.code;
    const unconfirmed = await rest(owner.id, 'PUT', '/api/v1/business/code', { code: `${first}-new` });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ message: BUSINESS_TEXTS.confirmRequired, field: 'confirm' });
    expect((await ownerRow(owner.id)).code).toBe(first);

    const second = `${first}-two`;
    const moved = await rest(owner.id, 'PUT', '/api/v1/business/code', {
      code: second.toUpperCase(),
      confirm: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      message: BUSINESS_TEXTS.codeChanged,
      business: { code: second, formerCodes: [{ code: first, retiredBy: 'owner' }] },
    });

    // The printed QR code (the old address, with its placement) lands on the new page.
    const old = await page(`/review/${first}?p=abc123defg45&lang=hi`);
    expect(old.statusCode).toBe(308);
    expect(old.headers.location).toBe(`/review/${second}?p=abc123defg45&lang=hi`);
    expect(old.headers['cache-control']).toBe('public, max-age=3600');
    expect((await page(old.headers.location as string)).statusCode).toBe(200);
    // A phone without the script posting the old page's form is sent on with its form (308).
    const form = await page(`/review/${first}/rate`, 'POST');
    expect(form.statusCode).toBe(308);
    expect(form.headers.location).toBe(`/review/${second}/rate`);

    // A second change: both old codes go straight to the current one (no chain of redirects).
    const third = `${first}-three`;
    expect(
      (await rest(owner.id, 'PUT', '/api/v1/business/code', { code: third, confirm: true })).statusCode,
    ).toBe(200);
    expect((await page(`/review/${first}`)).headers.location).toBe(`/review/${third}`);
    expect((await page(`/review/${second}`)).headers.location).toBe(`/review/${third}`);
    // The current code is a page, an unknown one still a 404.
    expect((await page(`/review/${third}`)).statusCode).toBe(200);
    expect((await page(`/review/never-used-${first}`)).statusCode).toBe(404);

    const person = await ownerPersonId(server, owner.id);
    expect((await trail(owner.id)).map((r) => [r.action, r.actorId, r.details])).toEqual([
      ['business.code_change', person, { from: first, to: second }],
      ['business.code_change', person, { from: second, to: third }],
    ]);

    // The same code again is refused (nothing to warn about).
    const same = await rest(owner.id, 'PUT', '/api/v1/business/code', { code: third, confirm: true });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(BUSINESS_TEXTS.codeUnchanged);

    // The business may take an old code of its own back; the code it leaves then redirects.
    expect(
      (await rest(owner.id, 'PUT', '/api/v1/business/code', { code: first, confirm: true })).statusCode,
    ).toBe(200);
    expect((await page(`/review/${first}`)).statusCode).toBe(200);
    expect((await page(`/review/${third}`)).headers.location).toBe(`/review/${first}`);
    const details = await rest(owner.id, 'GET', '/api/v1/business');
    expect(
      details
        .json()
        .formerCodes.map((c: { code: string }) => c.code)
        .sort(),
    ).toEqual([second, third].sort());
  });

  it('keeps an old code reserved: no other business, registration or admin can take it', async () => {
    const owner = await createTestOwner(server);
    const other = await createTestOwner(server);
    const old = owner.code;
    expect(
      (await rest(owner.id, 'PUT', '/api/v1/business/code', { code: `${old}-moved`, confirm: true }))
        .statusCode,
    ).toBe(200);

    const taken = await rest(other.id, 'PUT', '/api/v1/business/code', { code: old, confirm: true });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: BUSINESS_TEXTS.codeTaken, field: 'code' });
    expect((await ownerRow(other.id)).code).toBe(other.code);

    const check = await server.app.inject({ method: 'GET', url: `/api/users/code-available/${old}` });
    expect(check.json()).toMatchObject({ available: false });

    const admin = await createTestAdmin(server);
    const adminHeaders = {
      authorization: `Bearer ${(await server.deps.tokens.issue('admin', admin.id)).token}`,
      'content-type': 'application/json',
    };
    const byAdmin = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${other.id}`,
      headers: adminHeaders,
      payload: JSON.stringify({
        name: other.name,
        businessName: other.businessName,
        contactNumber: other.contactNumber,
        code: old,
      }),
    });
    expect(byAdmin.statusCode).toBe(409);
    expect((await page(`/review/${old}`)).headers.location).toBe(`/review/${old}-moved`);
  });

  it("an admin's code change redirects the old code too, and is audited with both codes", async () => {
    const owner = await createTestOwner(server);
    const admin = await createTestAdmin(server);
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${owner.id}`,
      headers: {
        authorization: `Bearer ${(await server.deps.tokens.issue('admin', admin.id)).token}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        name: owner.name,
        businessName: owner.businessName,
        contactNumber: owner.contactNumber,
        code: `${owner.code}-admin`,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const redirect = await page(`/review/${owner.code}`);
    expect(redirect.statusCode).toBe(308);
    expect(redirect.headers.location).toBe(`/review/${owner.code}-admin`);
    const [entry] = await trail(owner.id);
    expect(entry).toMatchObject({ actorKind: 'admin', action: 'user.update' });
    expect(entry?.details).toMatchObject({ code: [owner.code, `${owner.code}-admin`] });
    const former = await getBusinessDetails(server.deps, { ...owner, code: `${owner.code}-admin` });
    expect(former.formerCodes).toEqual([expect.objectContaining({ code: owner.code, retiredBy: 'admin' })]);
  });

  it("offers the connected Google location's review link", async () => {
    const owner = await createTestOwner(server);
    await server.deps.db
      .insertInto('googleConnections')
      .values({
        ownerId: owner.id,
        status: 'active',
        accountName: 'accounts/1',
        locationName: 'locations/2',
        locationTitle: 'Sharma Sweets, Pune',
        newReviewUri: 'https://g.page/r/CSharmaPune/review',
        refreshTokenSealed: 'sealed',
      })
      .execute();
    const on = {
      ...server.deps,
      config: { ...server.deps.config, google: { ...server.deps.config.google, enabled: true } },
    };
    expect(await getBusinessDetails(on, owner)).toMatchObject({
      googleReviewLink: 'https://g.page/r/CSharmaPune/review',
      googleLocationTitle: 'Sharma Sweets, Pune',
    });
    // With Google off on the server, nothing is offered.
    const off = {
      ...server.deps,
      config: { ...server.deps.config, google: { ...server.deps.config.google, enabled: false } },
    };
    expect((await getBusinessDetails(off, owner)).googleReviewLink).toBeNull();
    // Through the API too (the test server has Google off).
    const res = await callProcedure(
      server,
      { path: 'owner.business.get', kind: 'query' },
      await ownerHeaders(owner.id),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.code).toBe(owner.code);
  });
});
