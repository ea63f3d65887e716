import { ERROR_TEXTS, MESSAGES, PUBLIC_TEXTS } from '@starloop/contract';
import { issueOneTimeToken, listEmails } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../lib/rate-limit.ts';
import { addressSequence } from '../../../test/client-kit.ts';
import { startSmtpSink, type TSmtpSink } from '../../../test/smtp-sink.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  ownerPersonId,
  type TTestServer,
} from '../../../test/test-server.ts';

const APP_URL = 'https://app.starloop.test';

const freshIp = addressSequence('10.40');
let phoneCounter = 0;
/** A well-formed number no test owner has (createTestOwner numbers start with 90000). */
const unknownPhone = () => {
  phoneCounter += 1;
  return `81${String(10_000_000 + phoneCounter).slice(-8)}`;
};

const post = (server: TTestServer, url: string, body: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers },
    payload: JSON.stringify(body),
  });
const me = (server: TTestServer, token: string) =>
  server.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
const expectError = (res: LightMyRequestResponse, status: number, message: string, field?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toMatchObject({ success: false, message, requestId: expect.any(String) });
  if (field !== undefined) expect(res.json().field).toBe(field);
};
const login = (server: TTestServer, contactNumber: string, password: string) =>
  post(server, '/api/users/login', { contactNumber, password });

describe(`password links with mail over SMTP on ${testDriverName()}`, () => {
  let sink: TSmtpSink;
  let server: TTestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createTestServer({ SMTP_URL: sink.url, APP_URL });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it('mails a reset link whose token works once on /api/users/reset-password and signs in', async () => {
    const owner = await createTestOwner(server, { email: 'reset-me@owner.test', name: 'Meera' });
    const oldSession = await issueOwnerToken(server, owner.id);
    const asked = await post(server, '/api/users/forgot-password', { contactNumber: owner.contactNumber });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, message: PUBLIC_TEXTS.resetRequested });

    const mail = await sink.waitFor((m) => m.to.includes('reset-me@owner.test'));
    expect(mail.subject).toBe('Reset your StarLoop password');
    expect(mail.text).toContain('Hi Meera');
    const link = mail.text.match(/https:\/\/app\.starloop\.test\/reset-password#token=([^\s]+)/);
    expect(link, mail.text).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    await vi.waitFor(async () => {
      const [row] = await listEmails(server.deps.db, { to: 'reset-me@owner.test' });
      expect(row?.status).toBe('sent');
    });

    // A reset link is not a set-password link: refused there, and still unused.
    expectError(
      await post(server, '/api/users/set-password', { token, password: 'brand-new-1' }),
      400,
      PUBLIC_TEXTS.tokenInvalid,
      'token',
    );
    // A short password is refused before the token is spent.
    expectError(
      await post(server, '/api/users/reset-password', { token, password: '12345' }),
      400,
      MESSAGES.registration.passwordMin,
      'password',
    );

    const reset = await post(server, '/api/users/reset-password', { token, password: 'brand-new-1' });
    expect(reset.statusCode).toBe(200);
    const body = reset.json();
    expect(body).toMatchObject({
      message: PUBLIC_TEXTS.passwordSet,
      user: { id: owner.id, code: owner.code },
    });
    const signedIn = await me(server, body.token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.code).toBe(owner.code);

    // Once only.
    expectError(
      await post(server, '/api/users/reset-password', { token, password: 'another-one-2' }),
      400,
      PUBLIC_TEXTS.tokenInvalid,
      'token',
    );
    // Older sessions are signed out; the new password is the one that works.
    expect((await me(server, oldSession.token)).statusCode).toBe(401);
    expect((await login(server, owner.contactNumber, 'brand-new-1')).statusCode).toBe(200);
    const old = await login(server, owner.contactNumber, owner.password);
    expectError(old, 401, ERROR_TEXTS.invalidCredentials);
  });

  it('refuses a set-password link on /api/users/reset-password, which /api/users/set-password takes', async () => {
    const owner = await createTestOwner(server, { status: 'active', passwordHash: null });
    const { token } = await issueOneTimeToken(server.deps.db, {
      personId: await ownerPersonId(server, owner.id),
      kind: 'set_password',
      ttlSeconds: 3600,
    });
    expectError(
      await post(server, '/api/users/reset-password', { token, password: 'first-pass-1' }),
      400,
      PUBLIC_TEXTS.tokenInvalid,
      'token',
    );
    const set = await post(server, '/api/users/set-password', { token, password: 'first-pass-1' });
    expect(set.statusCode).toBe(200);
    expect((await me(server, set.json().token)).statusCode).toBe(200);
    expectError(
      await post(server, '/api/users/set-password', { token, password: 'first-pass-2' }),
      400,
      PUBLIC_TEXTS.tokenInvalid,
      'token',
    );
    expect((await login(server, owner.contactNumber, 'first-pass-1')).statusCode).toBe(200);
  });

  it('refuses expired, unknown and malformed tokens', async () => {
    const owner = await createTestOwner(server);
    const expired = await issueOneTimeToken(
      server.deps.db,
      { personId: await ownerPersonId(server, owner.id), kind: 'reset_password', ttlSeconds: 3600 },
      new Date(Date.now() - 2 * 60 * 60 * 1000),
    );
    for (const token of [expired.token, 'a'.repeat(43)]) {
      expectError(
        await post(server, '/api/users/reset-password', { token, password: 'whatever-1' }),
        400,
        PUBLIC_TEXTS.tokenInvalid,
        'token',
      );
    }
    expectError(
      await post(server, '/api/users/set-password', { token: 'short', password: 'whatever-1' }),
      400,
      PUBLIC_TEXTS.tokenInvalid,
      'token',
    );
    expect((await login(server, owner.contactNumber, owner.password)).statusCode).toBe(200);
  });
});

describe(`forgot password without SMTP on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer({ APP_URL });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const forgot = (contactNumber: unknown, ip = freshIp()) =>
    post(server, '/api/users/forgot-password', { contactNumber }, { 'x-forwarded-for': ip });
  const mailCount = async () =>
    Number(
      (
        await server.deps.db
          .selectFrom('emailOutbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps the reset mail in the outbox, with a working link', async () => {
    const owner = await createTestOwner(server, { email: 'Outbox-Owner@owner.test' });
    expect((await forgot(owner.contactNumber)).statusCode).toBe(200);
    const [mail] = await listEmails(server.deps.db, { to: 'outbox-owner@owner.test' });
    expect(mail).toMatchObject({ status: 'outbox', subject: 'Reset your StarLoop password' });
    const token = decodeURIComponent(
      mail!.textBody.match(/https:\/\/app\.starloop\.test\/reset-password#token=([^\s]+)/)![1]!,
    );
    const reset = await post(server, '/api/users/reset-password', { token, password: 'from-outbox-1' });
    expect(reset.statusCode).toBe(200);
    expect((await me(server, reset.json().token)).statusCode).toBe(200);
  });

  it('retires older links: a newer reset link, a used link and a password change each do', async () => {
    const owner = await createTestOwner(server, { email: 'retire@owner.test' });
    const tokenIn = (textBody: string) =>
      decodeURIComponent(textBody.match(/reset-password#token=([^\s]+)/)![1]!);
    const mails = () => listEmails(server.deps.db, { to: 'retire@owner.test' });
    const reset = (token: string, password: string) =>
      post(server, '/api/users/reset-password', { token, password });

    // Two requests: the first mail's link stops working once the second is issued.
    expect((await forgot(owner.contactNumber)).statusCode).toBe(200);
    expect((await forgot(owner.contactNumber)).statusCode).toBe(200);
    const [newer, older] = await mails();
    expectError(
      await reset(tokenIn(older!.textBody), 'older-link-1'),
      400,
      PUBLIC_TEXTS.tokenInvalid,
      'token',
    );

    // Using the newer link retires every other link of the owner (a set-password link here).
    const setLink = await issueOneTimeToken(server.deps.db, {
      personId: await ownerPersonId(server, owner.id),
      kind: 'set_password',
      ttlSeconds: 3600,
    });
    const done = await reset(tokenIn(newer!.textBody), 'newer-link-1');
    expect(done.statusCode).toBe(200);
    expectError(
      await post(server, '/api/users/set-password', { token: setLink.token, password: 'set-link-1' }),
      400,
      PUBLIC_TEXTS.tokenInvalid,
      'token',
    );

    // A link mailed before a password change is dead after it.
    expect((await forgot(owner.contactNumber)).statusCode).toBe(200);
    const [latest] = await mails();
    const changed = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.settings.changePassword',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${done.json().token}` },
      payload: JSON.stringify({ currentPassword: 'newer-link-1', newPassword: 'changed-pass-1' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectError(
      await reset(tokenIn(latest!.textBody), 'latest-link-1'),
      400,
      PUBLIC_TEXTS.tokenInvalid,
      'token',
    );
    expect((await login(server, owner.contactNumber, 'changed-pass-1')).statusCode).toBe(200);
  });

  it('answers identically for known, unknown, email-less and deleted numbers, mailing only the first', async () => {
    const known = await createTestOwner(server, { email: 'known@owner.test' });
    const noEmail = await createTestOwner(server, { email: null });
    const deleted = await createTestOwner(server, { email: 'deleted@owner.test', deletedAt: new Date() });
    const before = await mailCount();
    const answers = [];
    for (const phone of [known.contactNumber, unknownPhone(), noEmail.contactNumber, deleted.contactNumber]) {
      const res = await forgot(phone);
      answers.push({ status: res.statusCode, type: res.headers['content-type'], body: res.json() });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      status: 200,
      type: expect.stringMatching(/^application\/json/),
      body: { success: true, message: PUBLIC_TEXTS.resetRequested },
    });
    expect(await mailCount()).toBe(before + 1);
    expect(await listEmails(server.deps.db, { to: 'known@owner.test' })).toHaveLength(1);
    expect(await listEmails(server.deps.db, { to: 'deleted@owner.test' })).toHaveLength(0);
  });

  it('validates the number and limits requests per number the same way, known or not', async () => {
    expectError(await forgot(''), 400, MESSAGES.ownerLogin.phoneRequired, 'contactNumber');
    expectError(await forgot('12345'), 400, MESSAGES.ownerLogin.phoneInvalid, 'contactNumber');
    expectError(await forgot(undefined), 400, MESSAGES.ownerLogin.phoneRequired, 'contactNumber');
    const known = await createTestOwner(server, { email: 'limited@owner.test' });
    for (const phone of [known.contactNumber, unknownPhone()]) {
      for (let i = 0; i < 3; i++) expect((await forgot(phone)).statusCode).toBe(200);
      const limited = await forgot(phone);
      expectError(limited, 429, TOO_MANY_REQUESTS_MESSAGE);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await listEmails(server.deps.db, { to: 'limited@owner.test' })).toHaveLength(3);
  });

  it('has tRPC twins: public.password.requestReset and setWithToken (either kind of link)', async () => {
    const owner = await createTestOwner(server, { email: 'twin@owner.test' });
    const call = (path: string, input: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        payload: JSON.stringify(input),
      });
    const asked = await call('public.password.requestReset', { contactNumber: owner.contactNumber });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().result.data).toEqual({ success: true, message: PUBLIC_TEXTS.resetRequested });
    const [mail] = await listEmails(server.deps.db, { to: 'twin@owner.test' });
    const token = decodeURIComponent(mail!.textBody.match(/reset-password#token=([^\s]+)/)![1]!);
    const set = await call('public.password.setWithToken', { token, password: 'twin-pass-1' });
    expect(set.statusCode).toBe(200);
    expect(set.json().result.data.user.code).toBe(owner.code);
    const again = await call('public.password.setWithToken', { token, password: 'twin-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(PUBLIC_TEXTS.tokenInvalid);
  });
});
