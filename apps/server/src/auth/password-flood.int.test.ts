import { PUBLIC_TEXTS, TOKEN_TTL } from '@starloop/contract';
import { issueOneTimeToken } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_REQUESTS_MESSAGE } from '../lib/rate-limit.ts';
import { createTestOwner, createTestServer, ownerPersonId, type TTestServer } from '../test/test-server.ts';
import { BODY_LIMITS } from '../trpc/operation-meta.ts';
import { BUSY_MESSAGE, PASSWORD_WORK, passwordWorkWaiting } from './passwords.ts';

let ipSeq = 0;
const freshIp = () => {
  ipSeq += 1;
  return `10.77.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`;
};

describe(`password endpoints under a flood on ${testDriverName()}`, () => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (url: string, body: unknown, ip = freshIp()) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      payload: JSON.stringify(body),
    });

  it('answers 503 with Retry-After past the hashing queue, and /healthz is answered meanwhile', async () => {
    // Which flood answers had arrived when the health checks were answered: a blocked event loop
    // would answer them only after the hashing, so after every checked sign-in.
    const settled: number[] = [];
    const flood = Array.from({ length: PASSWORD_WORK.maxWaiting + 60 }, (_, i) =>
      post('/api/users/login', {
        contactNumber: `98${String(10_000_000 + i).slice(-8)}`,
        password: 'guess-123',
      }).then((res) => {
        settled.push(res.statusCode);
        return res;
      }),
    );
    for (let i = 0; i < 5; i++) {
      const res = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
    }
    const checkedBeforeHealth = settled.filter((status) => status === 401).length;
    const answers = await Promise.all(flood);
    const busy = answers.filter((res) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.json().message).toBe(BUSY_MESSAGE);
    expect(busy[0]!.headers['retry-after']).toBe(String(PASSWORD_WORK.retryAfterSeconds));
    // Those that got a turn were checked as usual.
    const checked = answers.filter((res) => res.statusCode === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(answers.every((res) => [401, 503].includes(res.statusCode))).toBe(true);
    // The hashing runs off the event loop: /healthz was answered while most checks still ran.
    expect(checkedBeforeHealth).toBeLessThan(checked / 2);
    expect(passwordWorkWaiting()).toBe(0);
  });

  it('checks a link before any hashing: made-up tokens cost a lookup and run into the address limit', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 22; i++) {
      answers.push(
        await post('/api/users/reset-password', { token: `made-up-token-${i}`, password: 'new-pass-1' }, ip),
      );
    }
    expect(answers.slice(0, 20).every((res) => res.statusCode === 400)).toBe(true);
    expect(answers[0]!.json()).toMatchObject({ message: PUBLIC_TEXTS.tokenInvalid, field: 'token' });
    expect(answers.slice(20).map((res) => res.statusCode)).toEqual([429, 429]);
    expect(answers[21]!.json().message).toBe(TOO_MANY_REQUESTS_MESSAGE);
  });

  it('limits one link to 5 tries an hour, from any number of addresses', async () => {
    // An inactive owner's link: every try is refused (403) after it has been counted.
    const owner = await createTestOwner(server, { status: 'inactive' });
    const { token } = await issueOneTimeToken(server.deps.db, {
      personId: await ownerPersonId(server, owner.id),
      kind: 'reset_password',
      ttlSeconds: TOKEN_TTL.resetPasswordSeconds,
    });
    const codes = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await post('/api/users/reset-password', { token, password: 'new-pass-1' })).statusCode);
    }
    expect(codes).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it('caps tRPC batches at 10 calls and public JSON bodies at 16 KB', async () => {
    const eleven = Array.from({ length: 11 }, () => 'system.info').join(',');
    const batch = await server.app.inject({ method: 'GET', url: `/trpc/${eleven}?batch=1&input={}` });
    expect(batch.statusCode).toBe(400);
    const ten = Array.from({ length: 10 }, () => 'system.info').join(',');
    expect(
      (await server.app.inject({ method: 'GET', url: `/trpc/${ten}?batch=1&input={}` })).statusCode,
    ).toBe(200);

    const big = await post('/api/lead', { name: 'x'.repeat(BODY_LIMITS.public), email: 'a@b.in' });
    expect(big.statusCode).toBe(413);
    const bigTrpc = await server.app.inject({
      method: 'POST',
      url: '/trpc/public.lead.create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMITS.trpc) }),
    });
    expect(bigTrpc.statusCode).toBe(413);
  });
});
