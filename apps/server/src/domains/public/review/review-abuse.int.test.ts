import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../lib/rate-limit.ts';
import { createTestOwner, createTestServer, type TTestServer } from '../../../test/test-server.ts';

const CEILING = 5;

let ipSeq = 0;
const freshIp = () => {
  ipSeq += 1;
  return `10.88.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`;
};

describe(`review abuse is bounded on ${testDriverName()}`, () => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await createTestServer({ REVIEWS_PER_BUSINESS_PER_HOUR: String(CEILING) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const submit = (body: Record<string, unknown>, ip = freshIp()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/reviews/',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      payload: JSON.stringify(body),
    });
  const stored = async (ownerId: number) =>
    Number(
      (
        await server.deps.db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('ownerId', '=', ownerId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('limits reviews without a device id by address as strictly as one device', async () => {
    const owner = await createTestOwner(server);
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push((await submit({ code: owner.code, rating: 5, message: '' }, ip)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    expect(await stored(owner.id)).toBe(3);
    // Another address is another customer.
    expect((await submit({ code: owner.code, rating: 4, message: '' })).statusCode).toBe(201);
  });

  it('stops a flood past the hourly ceiling per business and tells the owner once', async () => {
    const owner = await createTestOwner(server, { email: 'flooded@example.com' });
    const other = await createTestOwner(server);
    const answers = [];
    for (let i = 0; i < CEILING + 4; i++) {
      answers.push(await submit({ code: owner.code, rating: 5, message: '', deviceId: `flood-device-${i}` }));
    }
    expect(answers.map((res) => res.statusCode)).toEqual([
      ...Array.from({ length: CEILING }, () => 201),
      429,
      429,
      429,
      429,
    ]);
    expect(answers[CEILING]!.json().message).toBe(TOO_MANY_REQUESTS_MESSAGE);
    expect(Number(answers[CEILING]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(owner.id)).toBe(CEILING);
    // Other businesses are not affected.
    expect(
      (await submit({ code: other.code, rating: 5, message: '', deviceId: 'flood-device-x' })).statusCode,
    ).toBe(201);

    const alerts = async () =>
      server.deps.db
        .selectFrom('emailOutbox')
        .select(['toAddress', 'subject'])
        .where('category', '=', 'review-ceiling-alert')
        .where('toAddress', '=', 'flooded@example.com')
        .execute();
    await expect.poll(alerts, { timeout: 15_000, interval: 250 }).toHaveLength(1);
    // More refused reviews in the same hour send nothing more.
    for (let i = 0; i < 3; i++) {
      await submit({ code: owner.code, rating: 5, message: '', deviceId: `late-device-${i}` });
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await alerts()).toHaveLength(1);
    expect((await alerts())[0]!.subject).toContain('more reviews than usual');
  });
});
