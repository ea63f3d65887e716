import { LEAD_HONEYPOT_FIELD, LEAD_SUBJECTS, MESSAGES, PUBLIC_TEXTS } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../lib/rate-limit.ts';
import { addressSequence, expectRestError, postJson } from '../../../test/client-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';

describe(`demo requests (POST /api/lead) on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const freshIp = addressSequence('10.30');
  const postLead = (body: unknown, ip = freshIp()) => postJson(server, '/api/lead/', body, ip);
  const counts = async () => ({
    leads: Number(
      (
        await server.deps.db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    events: Number(
      (
        await server.deps.db
          .selectFrom('activityEvents')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('type', '=', 'lead')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  const lead = {
    name: 'Karan Mehta',
    email: 'Karan@Example.in',
    contactNumber: '9876543210',
    bussiness: 'Cafe Mocha',
    subject: 'demo',
    message: 'Please show us StarLoop.',
  };

  it('stores a website lead and answers 201 with its id', async () => {
    const before = await counts();
    const res = await postLead(lead);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: PUBLIC_TEXTS.leadReceived, id: expect.any(Number) });
    const row = await server.deps.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Karan Mehta',
      email: 'karan@example.in',
      contactNumber: '9876543210',
      bussiness: 'Cafe Mocha',
      subject: 'demo',
      message: 'Please show us StarLoop.',
      source: 'website',
      status: 'new',
    });
    expect(await counts()).toEqual({ leads: before.leads + 1, events: before.events + 1 });
    const event = await server.deps.db
      .selectFrom('activityEvents')
      .select('message')
      .where('type', '=', 'lead')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.message).toBe('New demo request from Karan Mehta (Cafe Mocha)');
  });

  it('accepts each of the five subjects, with the optional fields left out', async () => {
    expect(LEAD_SUBJECTS.map((s) => s.value)).toEqual([
      'demo',
      'pricing',
      'implementation',
      'features',
      'partnership',
    ]);
    for (const { value } of LEAD_SUBJECTS) {
      const res = await postLead({
        name: 'Asha',
        email: 'asha@example.in',
        subject: value,
        message: 'Hello',
      });
      expect(res.statusCode, value).toBe(201);
      const row = await server.deps.db
        .selectFrom('leads')
        .selectAll()
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ subject: value, contactNumber: '', bussiness: '' });
    }
  });

  it('ignores the source and status a client sends', async () => {
    const res = await postLead({ ...lead, source: 'admin', status: 'converted' });
    expect(res.statusCode).toBe(201);
    const row = await server.deps.db
      .selectFrom('leads')
      .select(['source', 'status'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'website', status: 'new' });
  });

  it("answers the contact form's messages for invalid fields, storing nothing", async () => {
    const c = MESSAGES.contact;
    const { name: _name, email: _email, subject: _subject, message: _message, ...rest } = lead;
    const cases: { body: Record<string, unknown>; message: string; field: string }[] = [
      { body: { ...lead, name: '' }, message: c.nameRequired, field: 'name' },
      { body: { ...lead, name: '   ' }, message: c.nameRequired, field: 'name' },
      {
        body: { ...rest, email: lead.email, subject: 'demo', message: 'm' },
        message: c.nameRequired,
        field: 'name',
      },
      { body: { ...lead, email: '' }, message: c.emailRequired, field: 'email' },
      {
        body: { ...rest, name: 'A', subject: 'demo', message: 'm' },
        message: c.emailRequired,
        field: 'email',
      },
      { body: { ...lead, email: 'nope' }, message: c.emailInvalid, field: 'email' },
      { body: { ...lead, email: 'a b@example.in' }, message: c.emailInvalid, field: 'email' },
      { body: { ...lead, subject: '' }, message: c.subjectRequired, field: 'subject' },
      { body: { ...lead, subject: 'other' }, message: c.subjectRequired, field: 'subject' },
      { body: { ...lead, subject: 'Demo' }, message: c.subjectRequired, field: 'subject' },
      {
        body: { ...rest, name: 'A', email: 'a@b.in', message: 'm' },
        message: c.subjectRequired,
        field: 'subject',
      },
      { body: { ...lead, message: '' }, message: c.messageRequired, field: 'message' },
      { body: { ...lead, message: '  ' }, message: c.messageRequired, field: 'message' },
      {
        body: { ...rest, name: 'A', email: 'a@b.in', subject: 'demo' },
        message: c.messageRequired,
        field: 'message',
      },
      {
        body: { ...lead, message: 'x'.repeat(2001) },
        message: MESSAGES.leadEdit.messageMax,
        field: 'message',
      },
    ];
    const before = await counts();
    for (const { body, message, field } of cases) expectRestError(await postLead(body), 400, message, field);
    expect(await counts()).toEqual(before);
  });

  it('accepts a filled honeypot with the usual answer and stores nothing', async () => {
    expect(LEAD_HONEYPOT_FIELD).toBe('website');
    const before = await counts();
    const res = await postLead({
      ...lead,
      email: 'bot@spam.example',
      [LEAD_HONEYPOT_FIELD]: 'https://spam.example',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: PUBLIC_TEXTS.leadReceived, id: expect.any(Number) });
    expect(await counts()).toEqual(before);
    const stored = await server.deps.db
      .selectFrom('leads')
      .select('id')
      .where('email', '=', 'bot@spam.example')
      .execute();
    expect(stored).toEqual([]);
    // An empty honeypot (what the real form sends) is a normal lead.
    expect((await postLead({ ...lead, [LEAD_HONEYPOT_FIELD]: '' })).statusCode).toBe(201);
    expect((await counts()).leads).toBe(before.leads + 1);
  });

  it('takes 5 requests an hour from one address: the 6th is 429 with Retry-After, then the hour passes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await postLead(lead, ip)).statusCode).toBe(201);
    const before = await counts();
    const limited = await postLead(lead, ip);
    expectRestError(limited, 429, TOO_MANY_REQUESTS_MESSAGE);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The honeypot is no way around the limit either.
    expect((await postLead({ ...lead, [LEAD_HONEYPOT_FIELD]: 'x' }, ip)).statusCode).toBe(429);
    expect(await counts()).toEqual(before);
    // Another address is not affected.
    expect((await postLead(lead)).statusCode).toBe(201);

    // rate-limiter-flexible's memory store compares its expiry with Date.now() on every consume.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 59 * 60 * 1000);
      expect((await postLead(lead, ip)).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 2 * 60 * 1000);
      expect((await postLead(lead, ip)).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it('has a tRPC twin, public.lead.create', async () => {
    const call = (input: unknown) => postJson(server, '/trpc/public.lead.create', input, freshIp());
    const ok = await call({ ...lead, status: 'won' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toEqual({
      success: true,
      message: PUBLIC_TEXTS.leadReceived,
      id: expect.any(Number),
    });
    const row = await server.deps.db
      .selectFrom('leads')
      .select(['status', 'source'])
      .where('id', '=', ok.json().result.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'new', source: 'website' });
    const bad = await call({ ...lead, subject: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MESSAGES.contact.subjectRequired);
    expect(bad.json().error.data.field).toBe('subject');
  });
});
