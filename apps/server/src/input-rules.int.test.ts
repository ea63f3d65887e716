import { TEXT_TEXTS } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, createTestOwner, createTestServer, type TTestServer } from './test/test-server.ts';

/**
 * The rules every input follows at the edges (found by fuzzing from outside): text PostgreSQL
 * cannot store, and numbers or ids spelled in ways z.coerce used to accept. Each refusal is a 400
 * naming the field, and nothing changes.
 */
describe(`input rules at the edges on ${testDriverName()}`, () => {
  let server: TTestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await createTestServer();
    const a = await createTestAdmin(server, { role: 'super_admin' });
    admin = { authorization: `Bearer ${(await server.deps.tokens.issue('admin', a.id)).token}` };
  });
  afterAll(async () => {
    await server?.stop();
  });

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const count = async (table: 'reviews' | 'leads' | 'owners') =>
    Number(
      (
        await server.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a NUL character or an unpaired surrogate in any text, naming the field, writing nothing', async () => {
    const owner = await createTestOwner(server);
    const before = { reviews: await count('reviews'), leads: await count('leads') };
    const nul = await send('POST', '/api/reviews/', {
      code: owner.code,
      rating: 2,
      message: 'cold\u0000food',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ message: TEXT_TEXTS.illFormed, field: 'message' });
    const surrogate = await send('POST', '/api/lead', {
      name: 'Ravi\uD83D',
      email: 'ravi@example.com',
      subject: 'demo',
      message: 'Call me',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().field).toBe('name');
    const trpc = await server.app.inject({
      method: 'POST',
      url: '/trpc/public.lead.create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Ravi', email: 'r@e.in', subject: 'demo', message: '\u0000' }),
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.field).toBe('message');
    expect({ reviews: await count('reviews'), leads: await count('leads') }).toEqual(before);
  });

  it('reads a star rating only from a number or its digits', async () => {
    const owner = await createTestOwner(server);
    for (const rating of [[2], true, '2.0', '0x2', ' 2']) {
      const res = await send('POST', '/api/reviews/', {
        code: owner.code,
        rating,
        message: 'meh',
        deviceId: `d-${String(rating)}`,
      });
      expect(res.statusCode, JSON.stringify(rating)).toBe(400);
      expect(res.json().field).toBe('rating');
    }
    expect(
      (
        await send('POST', '/api/reviews/', {
          code: owner.code,
          rating: '2',
          message: 'meh',
          deviceId: 'd-ok',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('takes path ids as decimal digits only and tRPC ids as positive whole numbers only', async () => {
    const owner = await createTestOwner(server);
    for (const id of ['3.0', '0x3', '3e0', `${owner.id}.0`]) {
      const res = await send('DELETE', `/api/admin/users/${id}`, undefined, admin);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Invalid id', field: 'id' });
    }
    const lead = await server.deps.db
      .insertInto('leads')
      .values({
        name: 'L',
        email: 'l@e.in',
        contactNumber: '',
        bussiness: '',
        subject: 'demo',
        message: 'm',
        source: 'website',
        status: 'new',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const asTrue = await server.app.inject({
      method: 'POST',
      url: '/trpc/admin.leads.delete',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: true }),
    });
    expect(asTrue.statusCode).toBe(400);
    expect(asTrue.json().error.data.field).toBe('id');
    expect(
      await server.deps.db.selectFrom('leads').select('id').where('id', '=', lead.id).executeTakeFirst(),
    ).toBeDefined();
    expect((await send('DELETE', `/api/admin/users/${owner.id}`, undefined, admin)).statusCode).toBe(200);
  });

  it('reads an amount from a number or a plain decimal, never a hex or exponent string', async () => {
    const before = await count('owners');
    const branch = {
      name: 'Asha',
      contactNumber: '9876512345',
      businessName: 'Chai',
      code: `chai-${Date.now().toString(36)}`,
      reviewLink: 'https://g.page/r/chai/review',
      state: 'Maharashtra',
      city: 'Pune',
      subscriptionDuration: 1,
    };
    for (const amount of ['0x1F', '1e3', true]) {
      const res = await send(
        'POST',
        '/api/admin/onboard',
        { branches: [branch], payment: { amount, paymentMethod: 'cash', email: 'pay@e.in', notes: 'n' } },
        admin,
      );
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().field, String(amount)).toBe('payment.amount');
    }
    expect(await count('owners')).toBe(before);
  });
});
