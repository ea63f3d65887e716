import { ACCOUNT_TEXTS, OWNER_LANGUAGE_TEXTS } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { expectRestError } from '../../../test/client-kit.ts';
import { bearer, procedureData } from '../../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';

const URL = '/api/v1/me/language';

describe(`a person's owner area language on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  let staff: Awaited<ReturnType<typeof addMember>>;
  let apiKey: string;

  beforeAll(async () => {
    server = await createTestServer();
    chain = await createChain(server, { branches: 2 });
    staff = await addMember(server, chain.accountId, 'staff', [chain.branches[1]!.id]);
    const created = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.integrations.apiKeys.create',
      headers: bearer(chain.ownerToken),
      payload: { name: 'language' },
    });
    apiKey = procedureData(created).key;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (token: string) => server.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
  const put = (token: string, payload: unknown) =>
    server.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: payload as object });

  it('is English until the person chooses, then Hindi on every device they sign in on; theirs alone', async () => {
    expect((await get(chain.ownerToken)).json()).toEqual({ language: 'en' });
    const changed = await put(staff.token, { language: 'hi' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ language: 'hi' });
    // A new sign-in (another device) reads it back; the owner's own choice is untouched.
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { contactNumber: staff.phone, password: staff.password },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await get(again.json().token)).json()).toEqual({ language: 'hi' });
    expect((await get(chain.ownerToken)).json()).toEqual({ language: 'en' });
    // The same operation over tRPC.
    const trpc = await server.app.inject({
      method: 'GET',
      url: '/trpc/owner.language.get',
      headers: bearer(staff.token),
    });
    expect(procedureData(trpc)).toEqual({ language: 'hi' });
  });

  it('refuses a language it does not speak (400, nothing changed) and API keys, which act for no person', async () => {
    expectRestError(
      await put(chain.ownerToken, { language: 'ta' }),
      400,
      OWNER_LANGUAGE_TEXTS.invalid,
      'language',
    );
    expect((await get(chain.ownerToken)).json()).toEqual({ language: 'en' });
    expectRestError(await get(apiKey), 403, ACCOUNT_TEXTS.personOnly);
    expectRestError(await put(apiKey, { language: 'hi' }), 403, ACCOUNT_TEXTS.personOnly);
    expect((await server.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
