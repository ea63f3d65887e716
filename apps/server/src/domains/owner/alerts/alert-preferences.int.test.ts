import { ACCOUNT_TEXTS, ALERT_TEXTS } from '@starloop/contract';
import { findAlertPreferences } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { expectRestError } from '../../../test/client-kit.ts';
import { bearer, procedureData } from '../../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';

const URL = '/api/v1/me/alert-preferences';
const DEFAULTS = {
  newCase: { email: true, whatsapp: true, push: true },
  overdue: { email: true, whatsapp: true, push: true },
  payment: { push: true },
  quietHours: null,
};

describe(`a person's own case alert preferences on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  let staff: Awaited<ReturnType<typeof addMember>>;
  let apiKey: string;

  beforeAll(async () => {
    server = await createTestServer({
      OPERATOR_WHATSAPP_PHONE_NUMBER_ID: '106540352242924',
      OPERATOR_WHATSAPP_ACCESS_TOKEN: 'EAAGoperator-preferences-token-0123456789',
      OPERATOR_WHATSAPP_RENEWAL_TEMPLATE: 'plan_renewal_reminder',
      OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE: 'case_alert',
    });
    chain = await createChain(server, { branches: 2 });
    staff = await addMember(server, chain.accountId, 'staff', [chain.branches[1]!.id]);
    const created = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.integrations.apiKeys.create',
      headers: bearer(chain.ownerToken),
      payload: { name: 'alerts' },
    });
    apiKey = procedureData(created).key;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const put = (token: string, payload: unknown) =>
    server.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: payload as object });
  const get = (token: string) => server.app.inject({ method: 'GET', url: URL, headers: bearer(token) });

  it('answers the defaults until the person chooses: every alert on both channels, no quiet hours', async () => {
    const res = await get(chain.ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...DEFAULTS,
      email: chain.first.email,
      phone: chain.first.contactNumber,
      whatsapp: { available: true, reason: null },
      // No VAPID keys on this server: push cannot reach anyone, and the answer says why.
      push: { available: false, reason: ALERT_TEXTS.pushNotConfigured, devices: 0 },
    });
    expect(await findAlertPreferences(server.deps.db, chain.ownerPersonId)).toBeUndefined();
    // The same operation over tRPC.
    const trpc = await server.app.inject({
      method: 'GET',
      url: '/trpc/owner.alerts.getPreferences',
      headers: bearer(chain.ownerToken),
    });
    expect(procedureData(trpc)).toMatchObject(DEFAULTS);
  });

  it('lets any member, staff included, replace their own choices, and only theirs', async () => {
    const chosen = {
      newCase: { email: false, whatsapp: true },
      overdue: { email: true, whatsapp: false },
      quietHours: { start: '22:00', end: '08:00' },
    };
    const res = await put(staff.token, chosen);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...chosen, email: null, phone: staff.phone });
    expect((await get(staff.token)).json()).toMatchObject(chosen);
    expect(await findAlertPreferences(server.deps.db, staff.personId)).toMatchObject({
      newCaseEmail: false,
      newCaseWhatsapp: true,
      overdueEmail: true,
      overdueWhatsapp: false,
      quietStart: 22 * 60,
      quietEnd: 8 * 60,
    });
    // The owner's stay as they were; choosing no quiet hours clears them.
    expect((await get(chain.ownerToken)).json()).toMatchObject(DEFAULTS);
    const cleared = await put(staff.token, { ...chosen, quietHours: null });
    expect(cleared.json().quietHours).toBeNull();
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = (await get(staff.token)).json();
    expectRestError(
      await put(staff.token, { ...DEFAULTS, quietHours: { start: '22:00', end: '22:00' } }),
      400,
      ALERT_TEXTS.quietHoursSame,
      'quietHours',
    );
    expectRestError(
      await put(staff.token, { ...DEFAULTS, quietHours: { start: '25:00', end: '08:00' } }),
      400,
      ALERT_TEXTS.clockInvalid,
    );
    expect((await put(staff.token, { newCase: { email: true } })).statusCode).toBe(400);
    expect((await get(staff.token)).json()).toEqual(before);
  });

  it('says why WhatsApp cannot reach a person whose number is not an Indian mobile', async () => {
    await server.deps.db
      .updateTable('persons')
      .set({ phone: '1234567890' })
      .where('id', '=', staff.personId)
      .execute();
    expect((await get(staff.token)).json().whatsapp).toEqual({
      available: false,
      reason: ALERT_TEXTS.whatsappPhoneInvalid,
    });
  });

  it('refuses API keys, which act for no person, with a 403 that says so; no token is a 401', async () => {
    expectRestError(await get(apiKey), 403, ACCOUNT_TEXTS.personOnly);
    expectRestError(await put(apiKey, DEFAULTS), 403, ACCOUNT_TEXTS.personOnly);
    expect((await server.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
