import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { API_KEY_LIMIT, INTEGRATION_TEXTS, SIGNATURE_TOLERANCE_SECONDS } from '@starloop/contract';
import { insertWebhookDeliveries } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '../../../auth/api-keys.ts';
import { callProcedure } from '../../../test/admin-auth-cases.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';
import { startWebhookReceiver, type TWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { addressRefused, literalAddressRefused, postOutbound } from './outbound-http.client.ts';
import { emitOwnerEvent } from './webhook.events.ts';
import { deliverWebhook } from './webhook-delivery.worker.ts';
import { signStarLoopPayload, verifyStarLoopSignature } from './webhook-signature.rules.ts';

describe(`integrations (API keys, review-request API, outbound webhooks) on ${testDriverName()}`, () => {
  let server: TTestServer;
  let receiver: TWebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await createTestServer({ OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on' });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.status = 200;
  });

  const bearer = async (ownerId: number) => ({
    authorization: `Bearer ${(await issueOwnerToken(server, ownerId)).token}`,
  });
  const call = async (ownerId: number, path: string, kind: 'query' | 'mutation', input?: unknown) =>
    callProcedure(server, { path, kind, input }, await bearer(ownerId));
  const data = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data;
  };
  const professional = () => createTestOwner(server, { plan: 'professional', businessName: 'Mehta Cafe' });
  const newKey = async (ownerId: number, name = 'POS') =>
    data(await call(ownerId, 'owner.integrations.apiKeys.create', 'mutation', { name }));

  let counter = 0;
  const customer = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      contact: {
        name: `Customer ${counter}`,
        email: `customer${counter}@example.in`,
        consent: true,
        ...overrides,
      },
    };
  };
  const apiCall = (key: string | undefined, body: unknown, idempotencyKey?: string, authorization?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/review-requests',
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : key ? { authorization: `Bearer ${key}` } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      payload: JSON.stringify(body),
    });
  const requestsOf = async (ownerId: number) =>
    server.deps.db
      .selectFrom('reviewRequests')
      .select(['id', 'ownerId'])
      .where('ownerId', '=', ownerId)
      .execute();

  describe('API keys', () => {
    it('are Professional only, shown once, stored as a hash, listed without the key', async () => {
      const essential = await createTestOwner(server);
      const refused = await call(essential.id, 'owner.integrations.apiKeys.create', 'mutation', {
        name: 'POS',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(INTEGRATION_TEXTS.professionalOnly);
      expect(data(await call(essential.id, 'owner.integrations.apiKeys.list', 'query'))).toEqual({
        keys: [],
        allowed: false,
      });

      const owner = await professional();
      const created = await newKey(owner.id);
      expect(created.key).toMatch(API_KEY_PATTERN);
      expect(created.apiKey.prefix).toBe(created.key.slice(0, 12));
      const listed = data(await call(owner.id, 'owner.integrations.apiKeys.list', 'query'));
      expect(listed.allowed).toBe(true);
      expect(listed.keys).toEqual([created.apiKey]);
      expect(JSON.stringify(listed)).not.toContain(created.key);
      const row = await server.deps.db
        .selectFrom('apiKeys')
        .selectAll()
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(row.keyHash).not.toContain(created.key.slice(12));
      expect(JSON.stringify(row)).not.toContain(created.key);
    });

    it("an owner never sees nor revokes another owner's keys", async () => {
      const a = await professional();
      const b = await professional();
      const keyA = await newKey(a.id);
      expect(data(await call(b.id, 'owner.integrations.apiKeys.list', 'query')).keys).toEqual([]);
      const revoke = await call(b.id, 'owner.integrations.apiKeys.revoke', 'mutation', {
        id: keyA.apiKey.id,
      });
      expect(revoke.statusCode).toBe(404);
      expect((await apiCall(keyA.key, customer(), 'k-scope-1')).statusCode).toBe(201);
    });
  });

  describe('API key limit', () => {
    it('holds under simultaneous creates: never more live keys than the limit', async () => {
      const owner = await professional();
      const answers = await Promise.all(
        Array.from({ length: API_KEY_LIMIT + 3 }, (_, i) =>
          call(owner.id, 'owner.integrations.apiKeys.create', 'mutation', { name: `Till ${i + 1}` }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(API_KEY_LIMIT);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(refused).toHaveLength(3);
      for (const answer of refused) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error.message).toBe(INTEGRATION_TEXTS.apiKeyLimit);
      }
      const live = await server.deps.db
        .selectFrom('apiKeys')
        .select('id')
        .where('ownerId', '=', owner.id)
        .where('revokedAt', 'is', null)
        .execute();
      expect(live).toHaveLength(API_KEY_LIMIT);
    });
  });

  describe('POST /api/v1/review-requests', () => {
    it('limits calls per key (429 with Retry-After), other keys unaffected', async () => {
      const limited = await createTestServer(
        { OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on' },
        { rateLimits: { apiCallsPerKey: { points: 2 } } },
      );
      try {
        const owner = await createTestOwner(limited, { plan: 'professional' });
        const auth = {
          authorization: `Bearer ${(await issueOwnerToken(limited, owner.id)).token}`,
        };
        const keyOf = async () =>
          (
            await callProcedure(
              limited,
              { path: 'owner.integrations.apiKeys.create', kind: 'mutation', input: { name: 'POS' } },
              auth,
            )
          ).json().result.data.key as string;
        const [first, second] = [await keyOf(), await keyOf()];
        const post = (key: string, n: number) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/v1/review-requests',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${key}`,
              'idempotency-key': `rl-${n}`,
            },
            payload: JSON.stringify(customer()),
          });
        expect((await post(first, 1)).statusCode).toBe(201);
        expect((await post(first, 2)).statusCode).toBe(201);
        const refused = await post(first, 3);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect((await post(second, 4)).statusCode).toBe(201);
      } finally {
        await limited.stop();
      }
    });

    it('refuses missing, malformed, owner-token, revoked and downgraded callers', async () => {
      const owner = await professional();
      const { key, apiKey } = await newKey(owner.id);
      const ownerToken = (await bearer(owner.id)).authorization;
      for (const authorization of [undefined, 'Bearer nope', ownerToken, `Bearer ${key}x`, `Basic ${key}`]) {
        const res = await apiCall(undefined, customer(), 'k-auth', authorization);
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json().message).toBe(INTEGRATION_TEXTS.apiKeyInvalid);
      }
      // The key does not open the owner's other operations.
      const trpc = await callProcedure(
        server,
        { path: 'owner.me', kind: 'query' },
        { authorization: `Bearer ${key}` },
      );
      expect(trpc.statusCode).toBe(401);

      await server.deps.db
        .updateTable('owners')
        .set({ plan: 'essential' })
        .where('id', '=', owner.id)
        .execute();
      const downgraded = await apiCall(key, customer(), 'k-down');
      expect(downgraded.statusCode).toBe(403);
      expect(downgraded.json().message).toBe(INTEGRATION_TEXTS.professionalOnly);
      await server.deps.db
        .updateTable('owners')
        .set({ plan: 'professional', status: 'inactive' })
        .where('id', '=', owner.id)
        .execute();
      expect((await apiCall(key, customer(), 'k-inactive')).statusCode).toBe(403);
      await server.deps.db
        .updateTable('owners')
        .set({ status: 'active' })
        .where('id', '=', owner.id)
        .execute();

      expect((await apiCall(key, customer(), 'k-live')).statusCode).toBe(201);
      data(await call(owner.id, 'owner.integrations.apiKeys.revoke', 'mutation', { id: apiKey.id }));
      expect((await apiCall(key, customer(), 'k-revoked')).statusCode).toBe(401);
      const listed = data(await call(owner.id, 'owner.integrations.apiKeys.list', 'query'));
      expect(listed.keys[0].revokedAt).not.toBeNull();
      expect(listed.keys[0].lastUsedAt).not.toBeNull();
    });

    it("creates the request for the key's owner, and needs an Idempotency-Key", async () => {
      const owner = await professional();
      const { key } = await newKey(owner.id);
      const missing = await apiCall(key, customer());
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(INTEGRATION_TEXTS.idempotencyKeyRequired);
      expect((await apiCall(key, customer(), ' padded ')).statusCode).toBe(400);

      const res = await apiCall(key, customer(), 'bill-2026-0001');
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        requestId: expect.any(Number),
        contactId: expect.any(Number),
      });
      expect((await requestsOf(owner.id)).map((r) => r.id)).toEqual([body.requestId]);

      const invalid = await apiCall(key, { contact: { consent: true } }, 'bill-invalid');
      expect(invalid.statusCode).toBe(400);
    });

    it('answers a repeated key with the first answer, sends nothing more, and refuses the key with another body', async () => {
      const owner = await professional();
      const { key } = await newKey(owner.id);
      const body = customer();
      const first = await apiCall(key, body, 'order-77');
      const again = await apiCall(key, { contact: { ...body.contact } }, 'order-77');
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await requestsOf(owner.id)).toHaveLength(1);

      const other = await apiCall(key, customer(), 'order-77');
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(INTEGRATION_TEXTS.idempotencyKeyReused);

      // A refusal is an answer too: the same key gets the same refusal.
      const noConsent = customer({ consent: false });
      const refused = await apiCall(key, noConsent, 'order-78');
      expect(refused.statusCode).toBe(403);
      const refusedAgain = await apiCall(key, noConsent, 'order-78');
      expect(refusedAgain.statusCode).toBe(403);
      expect(refusedAgain.json().message).toBe(refused.json().message);

      // Idempotency keys are the owner's own: another owner's identical key is another request.
      const other2 = await professional();
      const { key: key2 } = await newKey(other2.id);
      expect((await apiCall(key2, customer(), 'order-77')).statusCode).toBe(201);
      expect(await requestsOf(other2.id)).toHaveLength(1);
    });

    it('two calls with one key at once create one request', async () => {
      const owner = await professional();
      const { key } = await newKey(owner.id);
      const body = customer();
      const answers = await Promise.all([
        apiCall(key, body, 'race-1'),
        apiCall(key, body, 'race-1'),
        apiCall(key, body, 'race-1'),
      ]);
      for (const res of answers) expect([201, 409]).toContain(res.statusCode);
      expect(answers.some((res) => res.statusCode === 201)).toBe(true);
      expect(await requestsOf(owner.id)).toHaveLength(1);
    });

    it('is in the OpenAPI document with its API-key security', async () => {
      const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
      const op = doc.paths['/api/v1/review-requests'].post;
      expect(op.security).toEqual([{ apiKey: [] }]);
      expect(op.responses['201']).toBeDefined();
      expect(op.description).toContain('Idempotency-Key');
    });
  });

  describe('outbound webhooks', () => {
    async function ownerWithEndpoint(events = ['review.created', 'request.clicked']) {
      const owner = await professional();
      const created = data(
        await call(owner.id, 'owner.integrations.webhooks.create', 'mutation', { url: receiver.url, events }),
      );
      return { owner, endpoint: created.endpoint, secret: created.secret as string };
    }

    it('are Professional only; the signing secret is answered once and stored sealed', async () => {
      const essential = await createTestOwner(server);
      const refused = await call(essential.id, 'owner.integrations.webhooks.create', 'mutation', {
        url: 'https://hooks.example.in/starloop',
        events: ['review.created'],
      });
      expect(refused.statusCode).toBe(403);
      const { owner, endpoint, secret } = await ownerWithEndpoint();
      expect(secret).toMatch(/^whsec_/);
      const listed = data(await call(owner.id, 'owner.integrations.webhooks.list', 'query'));
      expect(listed.endpoints).toEqual([endpoint]);
      expect(JSON.stringify(listed)).not.toContain(secret);
      const row = await server.deps.db
        .selectFrom('webhookEndpoints')
        .selectAll()
        .where('id', '=', endpoint.id)
        .executeTakeFirstOrThrow();
      expect(row.sealedSecret).not.toContain(secret.slice(6));
    });

    it('tells the owner when a review comes through a request link (review.created)', async () => {
      const { owner } = await ownerWithEndpoint(['review.created']);
      const { key } = await newKey(owner.id);
      expect((await apiCall(key, customer(), 'k-review-created')).statusCode).toBe(201);
      const request = await server.deps.db
        .selectFrom('reviewRequests')
        .select(['id', 'token'])
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      // A QR review (no request) tells nobody.
      const qr = await server.app.inject({
        method: 'POST',
        url: '/api/reviews/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code: owner.code, rating: 4, message: 'From the table' }),
      });
      expect(qr.statusCode, qr.body).toBe(201);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/reviews/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code: owner.code, rating: 5, message: 'Lovely', placement: request.token }),
      });
      expect(res.statusCode, res.body).toBe(201);
      await receiver.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(1);
      const body = JSON.parse(receiver.received[0]!.body);
      expect(body.type).toBe('review.created');
      expect(body.data).toEqual(
        expect.objectContaining({
          reviewId: res.json().id,
          requestId: request.id,
          rating: 5,
          message: 'Lovely',
        }),
      );
    });

    it('delivers a signed event that the receiver verifies; the log shows it to its owner only', async () => {
      const { owner, endpoint, secret } = await ownerWithEndpoint();
      const event = await emitOwnerEvent(server.deps, owner.id, 'review.created', {
        reviewId: 42,
        requestId: 7,
        rating: 5,
      });
      expect(event?.id).toMatch(/^evt_/);
      await receiver.waitFor(1);
      const got = receiver.received[0]!;
      expect(got.headers['x-starloop-event']).toBe('review.created');
      expect(got.headers['x-starloop-event-id']).toBe(event!.id);
      expect(got.headers['content-type']).toBe('application/json');
      const signature = got.headers['x-starloop-signature'] as string;
      const now = Math.floor(Date.now() / 1000);
      expect(verifyStarLoopSignature(secret, signature, got.body, now, SIGNATURE_TOLERANCE_SECONDS)).toBe(
        true,
      );
      expect(
        verifyStarLoopSignature(
          secret,
          signature,
          got.body.replace('42', '43'),
          now,
          SIGNATURE_TOLERANCE_SECONDS,
        ),
      ).toBe(false);
      expect(
        verifyStarLoopSignature('whsec_other', signature, got.body, now, SIGNATURE_TOLERANCE_SECONDS),
      ).toBe(false);
      expect(
        verifyStarLoopSignature(secret, signature, got.body, now + 3600, SIGNATURE_TOLERANCE_SECONDS),
      ).toBe(false);
      expect(JSON.parse(got.body)).toEqual({
        id: event!.id,
        type: 'review.created',
        createdAt: event!.createdAt,
        data: { reviewId: 42, requestId: 7, rating: 5 },
      });

      let log = data(await call(owner.id, 'owner.integrations.webhooks.deliveries', 'query', {}));
      for (let i = 0; i < 50 && log.deliveries[0]?.status !== 'succeeded'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        log = data(await call(owner.id, 'owner.integrations.webhooks.deliveries', 'query', {}));
      }
      expect(log.deliveries).toEqual([
        expect.objectContaining({
          endpointId: endpoint.id,
          eventId: event!.id,
          eventType: 'review.created',
          status: 'succeeded',
          attempts: 1,
          lastStatusCode: 200,
        }),
      ]);
      const stranger = await professional();
      expect(
        data(await call(stranger.id, 'owner.integrations.webhooks.deliveries', 'query', {})).deliveries,
      ).toEqual([]);
      expect(
        data(
          await call(stranger.id, 'owner.integrations.webhooks.deliveries', 'query', {
            endpointId: endpoint.id,
          }),
        ).deliveries,
      ).toEqual([]);
      expect(
        (await call(stranger.id, 'owner.integrations.webhooks.delete', 'mutation', { id: endpoint.id }))
          .statusCode,
      ).toBe(404);
    });

    it("sends request.clicked when a customer opens a request's short link (link previewers do not count)", async () => {
      const { owner, secret } = await ownerWithEndpoint(['request.clicked']);
      const { key } = await newKey(owner.id);
      const created = (await apiCall(key, customer(), 'click-1')).json();
      const { token } = await server.deps.db
        .selectFrom('reviewRequests')
        .select('token')
        .where('id', '=', created.requestId)
        .executeTakeFirstOrThrow();
      const preview = await server.app.inject({
        method: 'GET',
        url: `/r/${token}`,
        headers: { 'user-agent': 'WhatsApp/2.23' },
      });
      expect(preview.statusCode).toBe(302);
      const click = await server.app.inject({
        method: 'GET',
        url: `/r/${token}`,
        headers: { 'user-agent': 'Mozilla/5.0' },
      });
      expect(click.statusCode).toBe(302);
      await receiver.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      const body = JSON.parse(got.body);
      expect(body).toMatchObject({ type: 'request.clicked', data: { requestId: created.requestId } });
      const now = Math.floor(Date.now() / 1000);
      expect(
        verifyStarLoopSignature(secret, got.headers['x-starloop-signature'] as string, got.body, now, 300),
      ).toBe(true);
    });

    it('retries a refused delivery, then records it failed with the last answer', async () => {
      const { owner, endpoint } = await ownerWithEndpoint();
      receiver.status = 500;
      const [delivery] = await insertWebhookDeliveries(server.deps.db, [
        {
          endpointId: endpoint.id,
          ownerId: owner.id,
          eventId: 'evt_retry',
          eventType: 'request.clicked',
          payload: { id: 'evt_retry' },
        },
      ]);
      await expect(deliverWebhook(server.deps, delivery!.id, { retryCount: 0 }, 2)).rejects.toThrow(
        /not accepted/,
      );
      await expect(deliverWebhook(server.deps, delivery!.id, { retryCount: 1 }, 2)).rejects.toThrow();
      expect(await deliverWebhook(server.deps, delivery!.id, { retryCount: 2 }, 2)).toBe('failed');
      expect(await deliverWebhook(server.deps, delivery!.id, { retryCount: 3 }, 2)).toBe('skipped');
      const log = data(
        await call(owner.id, 'owner.integrations.webhooks.deliveries', 'query', { endpointId: endpoint.id }),
      );
      expect(log.deliveries[0]).toMatchObject({
        status: 'failed',
        attempts: 3,
        lastStatusCode: 500,
        lastError: 'HTTP 500: nope',
      });
      expect(receiver.received).toHaveLength(3);
      // Each attempt is signed at its own time; the event id stays.
      expect(new Set(receiver.received.map((r) => r.headers['x-starloop-event-id']))).toEqual(
        new Set(['evt_retry']),
      );
    });

    it('emits nothing for an unsubscribed type, a removed endpoint, or an owner not on Professional', async () => {
      const { owner, endpoint } = await ownerWithEndpoint(['review.created']);
      expect(
        await emitOwnerEvent(server.deps, owner.id, 'request.clicked', { requestId: 1 }),
      ).toBeUndefined();
      await server.deps.db
        .updateTable('owners')
        .set({ plan: 'essential' })
        .where('id', '=', owner.id)
        .execute();
      expect(await emitOwnerEvent(server.deps, owner.id, 'review.created', { reviewId: 1 })).toBeUndefined();
      await server.deps.db
        .updateTable('owners')
        .set({ plan: 'professional' })
        .where('id', '=', owner.id)
        .execute();
      data(await call(owner.id, 'owner.integrations.webhooks.delete', 'mutation', { id: endpoint.id }));
      expect(await emitOwnerEvent(server.deps, owner.id, 'review.created', { reviewId: 1 })).toBeUndefined();
      expect(receiver.received).toHaveLength(0);
    });

    it('never calls private or local addresses unless allowed, nor plain http', async () => {
      for (const address of [
        '127.0.0.1',
        '10.1.2.3',
        '172.20.0.1',
        '192.168.1.1',
        '169.254.169.254',
        '::1',
        'fd00::1',
        '::ffff:127.0.0.1',
        '0.0.0.0',
      ]) {
        expect(addressRefused(address), address).toBe(true);
      }
      for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])
        expect(addressRefused(address), address).toBe(false);
      expect(literalAddressRefused('localhost')).toBe(true);
      expect(literalAddressRefused('[::1]')).toBe(true);
      expect(literalAddressRefused('hooks.example.in')).toBe(false);
      const strict = { allowLocal: false, timeoutMs: 2000 };
      expect((await postOutbound(receiver.url, '{}', {}, strict)).error).toMatch(/https/);
      expect((await postOutbound(receiver.url.replace('http:', 'https:'), '{}', {}, strict)).error).toMatch(
        /private or local/,
      );
      expect((await postOutbound('https://localhost:1/x', '{}', {}, strict)).error).toMatch(
        /private or local/,
      );
      // A name that is not local by its spelling is checked where it resolves: this machine's own
      // name resolves to a loopback or private address.
      expect((await postOutbound(`https://${hostname()}:1/x`, '{}', {}, strict)).error).toMatch(
        /resolves to a private address/,
      );
      expect(receiver.received).toHaveLength(0);
    });

    it('signs as documented: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">', () => {
      const header = signStarLoopPayload('whsec_test', '{"a":1}', 1_764_000_000);
      const expected = createHash('sha256'); // not an HMAC: only to show the hex form differs
      expect(header).toMatch(/^t=1764000000,v1=[0-9a-f]{64}$/);
      expect(header).not.toContain(expected.update('{"a":1}').digest('hex'));
      expect(verifyStarLoopSignature('whsec_test', header, '{"a":1}', 1_764_000_100, 300)).toBe(true);
      expect(verifyStarLoopSignature('whsec_test', 't=abc,v1=00', '{"a":1}', 1_764_000_100, 300)).toBe(false);
      expect(verifyStarLoopSignature('whsec_test', undefined, '{"a":1}', 1_764_000_100, 300)).toBe(false);
    });
  });
});
