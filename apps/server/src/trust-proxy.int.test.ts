import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRateLimitName } from './lib/rate-limit.ts';
import { createTestOwner, createTestServer, type TTestServer } from './test/test-server.ts';

const LIMIT = 3;

type TCall = (server: TTestServer, i: number, headers: Record<string, string>) => Promise<number>;

const post = async (server: TTestServer, url: string, body: unknown, headers: Record<string, string>) =>
  (
    await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    })
  ).statusCode;

let seq = 0;
const unique = () => {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
};
const phone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** Every limit that counts per client address, with a call that reaches it. */
const PER_ADDRESS: Record<string, { limit: TRateLimitName; call: TCall }> = {
  'owner sign-in failures': {
    limit: 'ownerLoginFailuresPerIp',
    call: (server, _i, headers) =>
      post(server, '/api/users/login', { contactNumber: phone(), password: 'wrong-pass-1' }, headers),
  },
  'admin sign-in': {
    limit: 'adminLoginPerIp',
    call: (server, i, headers) =>
      post(
        server,
        '/api/admin/login',
        { email: `nobody${i}@starloop.test`, password: 'wrong-pass-1' },
        headers,
      ),
  },
  'password reset requests': {
    limit: 'passwordResetPerIp',
    call: (server, _i, headers) =>
      post(server, '/api/users/forgot-password', { contactNumber: phone() }, headers),
  },
  'demo requests': {
    limit: 'leadPerIp',
    call: (server, i, headers) =>
      post(
        server,
        '/api/lead',
        { name: 'Ravi', email: `ravi${i}@example.com`, subject: 'demo', message: 'Please call me.' },
        headers,
      ),
  },
  registrations: {
    limit: 'paymentInitiatePerIp',
    call: (server, _i, headers) =>
      post(
        server,
        '/api/payments/initiate',
        {
          userData: {
            name: 'Asha Verma',
            email: 'asha@example.com',
            phone: phone(),
            businessName: 'Chai Point',
            code: `chai-${unique()}`,
            businessUrl: 'https://g.page/r/chai/review',
            salesGuy: 'Direct',
            state: 'Maharashtra',
            city: 'Pune',
            password: 'secret-pass',
          },
          plan: 'Essential',
          amount: 199900,
        },
        headers,
      ),
  },
};

const limits = Object.fromEntries(
  [...Object.values(PER_ADDRESS).map((entry) => entry.limit), 'reviewPerIpAndCode' as const].map((name) => [
    name,
    { points: LIMIT },
  ]),
);

/**
 * A client that writes its own X-Forwarded-For must not become a new address per request: without
 * TRUST_PROXY the header is ignored; behind a trusted proxy only the address the proxy appended
 * counts (the proxy keeps what the client sent in front of it).
 */
describe(`per-address limits against a spoofed X-Forwarded-For on ${testDriverName()}`, () => {
  for (const mode of ['direct', 'behind a trusted proxy'] as const) {
    describe(mode, () => {
      let server: TTestServer;
      let reviewCode: string;
      const client = '198.51.100.7';
      let spoof = 0;
      /** Each request claims another address; only the real one may count. */
      const spoofed = (): Record<string, string> => {
        spoof += 1;
        const claimed = `203.0.113.${spoof % 250}`;
        return mode === 'direct'
          ? { 'x-forwarded-for': claimed }
          : { 'x-forwarded-for': `${claimed}, ${client}` };
      };

      beforeAll(async () => {
        server = await createTestServer(
          mode === 'direct' ? { TRUST_PROXY: '' } : { TRUST_PROXY: 'loopback' },
          {
            rateLimits: limits,
          },
        );
        reviewCode = (await createTestOwner(server)).code;
      });
      afterAll(async () => {
        await server?.stop();
      });

      for (const [name, { call }] of Object.entries(PER_ADDRESS)) {
        it(`counts ${name} per real address`, async () => {
          const codes: number[] = [];
          for (let i = 0; i < LIMIT + 2; i++) codes.push(await call(server, i, spoofed()));
          expect(
            codes.slice(0, LIMIT).every((code) => code !== 429),
            String(codes),
          ).toBe(true);
          expect(codes.slice(LIMIT), String(codes)).toEqual([429, 429]);
        });
      }

      it('counts reviews per real address and business, whatever device ids are sent', async () => {
        const codes: number[] = [];
        for (let i = 0; i < LIMIT + 2; i++) {
          codes.push(
            await post(
              server,
              '/api/reviews',
              { code: reviewCode, rating: 5, message: '', deviceId: `device-${unique()}` },
              spoofed(),
            ),
          );
        }
        expect(codes).toEqual([201, 201, 201, 429, 429]);
      });
    });
  }
});
