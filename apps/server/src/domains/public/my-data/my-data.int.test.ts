import { DATA_REQUEST_TEXTS, MY_DATA_TEXTS } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSequence, postJson } from '../../../test/client-kit.ts';
import { startFakeSmsGateway, type TFakeSmsGateway } from '../../../test/fake-sms-gateway.ts';
import { ownerClient, type TOwnerClient, trpcError } from '../../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { autoCompleteDueDataRequests } from '../../owner/data-requests/data-requests.service.ts';

const freshIp = addressSequence('10.35');
const DAY = 24 * 60 * 60 * 1000;
const SMS = {
  userId: '2000135135',
  password: 'gupshup-pass',
  entity: '1201159100000000035',
  header: 'STRLOP',
};
const OTP_TEMPLATE_ID = '1207161234567890035';
const OTP_TEMPLATE = 'Your StarLoop code is {#var#}. It works for 10 minutes. -StarLoop';
const CASE_TEMPLATE = 'Reply from {#var#} to your feedback: {#var#}{#var#} -StarLoop';

describe(`the "my data" page on ${testDriverName()}`, () => {
  let server: TTestServer;
  let sms: TFakeSmsGateway;
  let a: TOwnerClient;
  let b: TOwnerClient;

  beforeAll(async () => {
    sms = await startFakeSmsGateway();
    server = await createTestServer({
      SMS_API_BASE: sms.url,
      PLATFORM_SMS_USER_ID: SMS.userId,
      PLATFORM_SMS_PASSWORD: SMS.password,
      PLATFORM_SMS_ENTITY_ID: SMS.entity,
      PLATFORM_SMS_HEADER: SMS.header,
      PLATFORM_SMS_CASE_TEMPLATE_ID: '1207161234567890036',
      PLATFORM_SMS_CASE_TEMPLATE_TEXT: CASE_TEMPLATE,
      PLATFORM_SMS_OTP_TEMPLATE_ID: OTP_TEMPLATE_ID,
      PLATFORM_SMS_OTP_TEMPLATE_TEXT: OTP_TEMPLATE,
    });
    sms.accounts.set(SMS.userId, SMS.password);
    sms.templates.set(OTP_TEMPLATE_ID, {
      text: OTP_TEMPLATE,
      header: SMS.header,
      principalEntityId: SMS.entity,
    });
    // Two businesses of two different accounts.
    a = await ownerClient(server, { businessName: 'Asha Sweets' });
    b = await ownerClient(server, { businessName: 'Bela Salon' });
  });
  afterAll(async () => {
    await server?.stop();
    await sms?.close();
  });

  const post = (path: string, body: unknown, ip = freshIp()) =>
    postJson(server, `/api/my-data/${path}`, body, ip);

  /** The code of the last mail to `email` (the outbox keeps what the mailer recorded). */
  async function mailedCode(email: string): Promise<string> {
    const mail = await server.deps.db
      .selectFrom('emailOutbox')
      .select('textBody')
      .where('toAddress', '=', email)
      .where('category', '=', 'my-data-code')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /: (\d{6})\n/.exec(mail.textBody)?.[1] ?? '';
  }

  async function lowReviewWithContact(code: string, contact: { email?: string; phone?: string }) {
    const res = await postJson(
      server,
      '/api/reviews/',
      { code, rating: 2, message: 'Cold tea', language: 'en', contact: { ...contact, consent: true } },
      freshIp(),
    );
    expect(res.statusCode, res.body).toBe(201);
    return Number(res.json().id);
  }

  it('customer access and erasure by one-time code across two businesses', async () => {
    const email = 'meera@example.in';
    const phone = '9812345035';
    const ca = a.data(
      await a.mutate('owner.requests.addContact', { name: 'Meera', email, phone, consent: true }),
    ).contact;
    const reviewB = await lowReviewWithContact(b.owner.code, { email });
    // Another customer of A's stays untouched.
    const other = a.data(
      await a.mutate('owner.requests.addContact', { name: 'Ravi', email: 'ravi@example.in', consent: true }),
    ).contact;

    // Asking for a code says the same whether or not anything is held.
    const asked = await post('code', { identifier: ' Meera@Example.in ' });
    expect(asked.statusCode, asked.body).toBe(200);
    const nobody = await post('code', { identifier: 'nobody@example.in' });
    expect(nobody.json()).toEqual(asked.json());
    expect(asked.json()).toEqual({ success: true, message: MY_DATA_TEXTS.codeSent });
    const code = await mailedCode(email);
    expect(code).toMatch(/^\d{6}$/);
    // The database keeps the code's hash only.
    const stored = await server.deps.db
      .selectFrom('dataRequestCodes')
      .select(['codeHash', 'identifierHash'])
      .execute();
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(email);

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await post('verify', { identifier: email, code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MY_DATA_TEXTS.codeWrong, field: 'code' });

    const view = await post('verify', { identifier: email, code });
    expect(view.statusCode, view.body).toBe(200);
    const { token, businesses } = view.json();
    expect(businesses).toEqual([
      { businessId: a.owner.id, businessName: 'Asha Sweets', held: expect.objectContaining({ contacts: 1 }) },
      {
        businessId: b.owner.id,
        businessName: 'Bela Salon',
        held: expect.objectContaining({ reviewContacts: 1, reviews: 1 }),
      },
    ]);
    // A code works once.
    expect((await post('verify', { identifier: email, code })).statusCode).toBe(400);

    // Access to A only: A's owners get a task with a due date; B's get nothing.
    const access = await post('requests', { token, kind: 'access', businessIds: [a.owner.id] });
    expect(access.statusCode, access.body).toBe(201);
    expect(access.json().requests).toEqual([
      expect.objectContaining({ businessId: a.owner.id, kind: 'access' }),
    ]);
    const aList = a.data(await a.query('owner.dataRequests.list'));
    expect(aList).toMatchObject({
      open: 1,
      requests: [{ kind: 'access', identifier: email, status: 'open' }],
    });
    const due = new Date(aList.requests[0].dueAt).getTime() - new Date(aList.requests[0].createdAt).getTime();
    expect(Math.round(due / DAY)).toBe(30);
    expect(a.data(await a.query('owner.dataRequests.list')).requests).toHaveLength(1);
    expect(b.data(await b.query('owner.dataRequests.list')).requests).toEqual([]);
    // B's owner cannot complete A's task.
    trpcError(
      await b.mutate('owner.dataRequests.complete', { id: aList.requests[0].id }),
      404,
      DATA_REQUEST_TEXTS.notFound,
    );

    // Erasure at both: the messages stop at once, each owner gets a task.
    const erasure = await post('requests', { token, kind: 'erasure' });
    expect(erasure.statusCode, erasure.body).toBe(201);
    const contactRow = await server.deps.db
      .selectFrom('contacts')
      .select('optedOutAt')
      .where('id', '=', ca.id)
      .executeTakeFirstOrThrow();
    expect(contactRow.optedOutAt).not.toBeNull();
    const aErasure = a
      .data(await a.query('owner.dataRequests.list'))
      .requests.find((r: { kind: string }) => r.kind === 'erasure');
    const done = a.data(await a.mutate('owner.dataRequests.complete', { id: aErasure.id }));
    expect(done).toMatchObject({
      message: DATA_REQUEST_TEXTS.completed,
      request: { status: 'completed', identifier: 'm••••@example.in' },
    });
    trpcError(
      await a.mutate('owner.dataRequests.complete', { id: aErasure.id }),
      409,
      DATA_REQUEST_TEXTS.alreadyCompleted,
    );
    const aContacts = await server.deps.db
      .selectFrom('contacts')
      .select('id')
      .where('ownerId', '=', a.owner.id)
      .execute();
    expect(aContacts.map((c) => Number(c.id))).toEqual([other.id]);

    // B never answers: past the due date the maintenance job erases and completes it.
    const later = new Date(Date.now() + 31 * DAY);
    expect(await autoCompleteDueDataRequests({ ...server.deps, now: () => later })).toBeGreaterThanOrEqual(1);
    const reviewContacts = await server.deps.db
      .selectFrom('reviewContacts')
      .select('reviewId')
      .where('reviewId', '=', reviewB)
      .execute();
    expect(reviewContacts).toEqual([]);
    const review = await server.deps.db
      .selectFrom('reviews')
      .select(['rating', 'customerContact'])
      .where('id', '=', reviewB)
      .executeTakeFirstOrThrow();
    expect(review).toEqual({ rating: 2, customerContact: null });
    const bList = b.data(await b.query('owner.dataRequests.list'));
    expect(bList.requests).toEqual([
      expect.objectContaining({ kind: 'erasure', status: 'auto_completed', identifier: 'm••••@example.in' }),
    ]);
    // A's access request was past due too: answered by the page's summary.
    expect(a.data(await a.query('owner.dataRequests.list')).open).toBe(0);
    // Nothing of the identifier stays in clear on completed requests; each step is in the audit log.
    const rows = await server.deps.db.selectFrom('dataRequests').select(['identifier', 'status']).execute();
    expect(rows.every((r) => r.identifier === null && r.status !== 'open')).toBe(true);
    const audit = await server.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetTable', '=', 'data_requests')
      .execute();
    expect(audit.map((r) => r.action).sort()).toEqual([
      'data_request.auto_complete',
      'data_request.auto_complete',
      'data_request.complete',
      'data_request.create',
      'data_request.create',
      'data_request.create',
    ]);

    // The same customer by phone (a code by SMS): A holds nothing any more.
    const byPhone = await post('code', { identifier: phone });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    const smsCode = /code is (\d{6})\./.exec(sms.sent.at(-1)?.text ?? '')?.[1] ?? '';
    expect(sms.sent.at(-1)).toMatchObject({ to: `91${phone}`, dltTemplateId: OTP_TEMPLATE_ID });
    const phoneView = await post('verify', { identifier: `+91 ${phone}`, code: smsCode });
    expect(phoneView.statusCode, phoneView.body).toBe(200);
    expect(phoneView.json().businesses).toEqual([]);
  });

  it('takes 5 guesses per code, limits codes per identifier, and refuses a forged session', async () => {
    const email = 'guess@example.in';
    const ip = freshIp();
    expect((await post('code', { identifier: email }, ip)).statusCode).toBe(200);
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect((await post('verify', { identifier: email, code: wrong })).statusCode).toBe(400);
    // The fifth wrong guess spent it: the right code no longer works.
    expect((await post('verify', { identifier: email, code })).json()).toMatchObject({
      message: MY_DATA_TEXTS.codeWrong,
    });
    expect((await post('code', { identifier: email })).statusCode).toBe(200);
    expect((await post('code', { identifier: email })).statusCode).toBe(200);
    expect((await post('code', { identifier: email })).statusCode).toBe(429);
    expect((await post('code', { identifier: 'not an address' })).json()).toMatchObject({
      message: MY_DATA_TEXTS.identifierInvalid,
      field: 'identifier',
    });
    const forged = await post('withdraw', { token: 'eyJrIjoiZW1haWwifQ.0000' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ message: MY_DATA_TEXTS.sessionExpired });
  });

  it('works as a page without a script: code, list, erasure', async () => {
    const email = 'page@example.in';
    await b.mutate('owner.requests.addContact', { name: 'Page', email, consent: true });
    const form = (fields: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/my-data',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
        payload: new URLSearchParams(fields).toString(),
      });
    const start = await server.app.inject({ method: 'GET', url: '/my-data' });
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('name="identifier"');
    const asked = await form({ step: 'code', identifier: email });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('name="code"');
    const wrong = await form({ step: 'verify', identifier: email, code: '12345' });
    expect(wrong.statusCode).toBe(400);
    const list = await form({ step: 'verify', identifier: email, code: await mailedCode(email) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('Bela Salon');
    const token = /name="token" value="([^"]+)"/.exec(list.body)?.[1] ?? '';
    const asking = await form({
      step: 'erasure',
      token: token.replace(/&#(\d+);/g, (_m, c) => String.fromCharCode(Number(c))),
      businessId: String(b.owner.id),
    });
    expect(asking.statusCode, asking.body).toBe(200);
    expect(asking.body).toContain(MY_DATA_TEXTS.requested(1, 'erasure'));
    const tasks = b.data(await b.query('owner.dataRequests.list')).requests;
    expect(tasks).toContainEqual(
      expect.objectContaining({ kind: 'erasure', status: 'open', identifier: email }),
    );
    const expired = await form({ step: 'withdraw', token: 'forged.token' });
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toContain(MY_DATA_TEXTS.sessionExpired);
  });
});
