import { API_KEY_LIMIT } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure } from '../../test/admin-auth-cases.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  ownerPersonId,
  type TTestServer,
} from '../../test/test-server.ts';

/** The address the test's load balancer names for the owner's requests. */
const OWNER_IP = '203.0.113.40';

describe(`an owner's security changes in the audit trail on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer({ OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const mutate = async (ownerId: number, path: string, input: unknown) =>
    callProcedure(
      server,
      { path, kind: 'mutation', input },
      {
        authorization: `Bearer ${(await issueOwnerToken(server, ownerId)).token}`,
        'x-forwarded-for': OWNER_IP,
      },
    );
  const data = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data;
  };
  const trailOf = (ownerId: number) =>
    server.deps.db
      .selectFrom('auditLog')
      .select(['actorKind', 'actorId', 'action', 'targetTable', 'targetId', 'ip', 'details'])
      .where('actorKind', '=', 'owner')
      .where('actorId', '=', ownerId)
      .where('action', '!=', 'owner.sign_in')
      .orderBy('id')
      .execute();

  it('records a password change, with the address and nothing of the passwords', async () => {
    const owner = await createTestOwner(server);
    data(
      await mutate(owner.id, 'owner.settings.changePassword', {
        currentPassword: owner.password,
        newPassword: 'a-new-secret-2026',
      }),
    );
    // A password is the person's: the person is actor and target.
    const person = await ownerPersonId(server, owner.id);
    const trail = await trailOf(person);
    expect(trail).toEqual([
      {
        actorKind: 'owner',
        actorId: person,
        action: 'owner.password_change',
        targetTable: 'persons',
        targetId: person,
        ip: OWNER_IP,
        details: {},
      },
    ]);
    // A wrong current password changes nothing and records nothing.
    const refused = await mutate(owner.id, 'owner.settings.changePassword', {
      currentPassword: 'not-it',
      newPassword: 'another-secret-2026',
    });
    expect(refused.statusCode).toBe(400);
    expect(await trailOf(owner.id)).toHaveLength(1);
  });

  it('records API keys and webhook endpoints made and removed; a refused one leaves no entry', async () => {
    const owner = await createTestOwner(server, { plan: 'professional' });
    const created = data(await mutate(owner.id, 'owner.integrations.apiKeys.create', { name: 'POS' }));
    data(await mutate(owner.id, 'owner.integrations.apiKeys.revoke', { id: created.apiKey.id }));
    const endpoint = data(
      await mutate(owner.id, 'owner.integrations.webhooks.create', {
        url: 'https://hooks.example.in/starloop',
        events: ['review.created'],
      }),
    );
    data(await mutate(owner.id, 'owner.integrations.webhooks.delete', { id: endpoint.endpoint.id }));
    // Another owner's key is "not found", and not in anybody's trail.
    const stranger = await createTestOwner(server, { plan: 'professional' });
    const theirs = data(await mutate(stranger.id, 'owner.integrations.apiKeys.create', { name: 'Theirs' }));
    expect(
      (await mutate(owner.id, 'owner.integrations.apiKeys.revoke', { id: theirs.apiKey.id })).statusCode,
    ).toBe(404);

    const trail = await trailOf(owner.id);
    expect(trail.map((e) => [e.action, e.targetTable, e.targetId, e.ip])).toEqual([
      ['api_key.create', 'api_keys', created.apiKey.id, OWNER_IP],
      ['api_key.revoke', 'api_keys', created.apiKey.id, OWNER_IP],
      ['webhook_endpoint.create', 'webhook_endpoints', endpoint.endpoint.id, OWNER_IP],
      ['webhook_endpoint.delete', 'webhook_endpoints', endpoint.endpoint.id, OWNER_IP],
    ]);
    const written = JSON.stringify(trail);
    expect(written).not.toContain(created.key);
    expect(written).not.toContain(endpoint.secret);

    // Over the plan's count: a 403, and the trail has no entry for a key that was never made.
    const full = await createTestOwner(server, { plan: 'professional' });
    for (let i = 0; i < API_KEY_LIMIT; i += 1)
      data(await mutate(full.id, 'owner.integrations.apiKeys.create', { name: `Key ${i}` }));
    expect(
      (await mutate(full.id, 'owner.integrations.apiKeys.create', { name: 'One more' })).statusCode,
    ).toBe(403);
    expect(await trailOf(full.id)).toHaveLength(API_KEY_LIMIT);
  });

  it('records channel credentials saved, saying whether the secret changed but never what it is', async () => {
    const owner = await createTestOwner(server);
    const whatsapp = {
      channel: 'whatsapp',
      enabled: true,
      phoneNumberId: '700012345',
      templateName: 'review_request',
      templateLanguage: 'en',
    };
    data(await mutate(owner.id, 'owner.channels.update', { ...whatsapp, accessToken: 'EAAG-audit-secret' }));
    data(await mutate(owner.id, 'owner.channels.update', { ...whatsapp, enabled: false }));
    const trail = await trailOf(owner.id);
    expect(trail.map((e) => [e.action, e.targetId, e.details])).toEqual([
      ['channels.update', owner.id, { channel: 'whatsapp', enabled: true, secret: 'replaced' }],
      ['channels.update', owner.id, { channel: 'whatsapp', enabled: false, secret: 'kept' }],
    ]);
    expect(JSON.stringify(trail)).not.toContain('EAAG-audit-secret');

    // Another owner's WhatsApp number is refused (409): nothing saved, nothing in the trail.
    const other = await createTestOwner(server);
    const taken = await mutate(other.id, 'owner.channels.update', { ...whatsapp, accessToken: 'EAAG-other' });
    expect(taken.statusCode).toBe(409);
    expect(await trailOf(other.id)).toEqual([]);
  });
});
