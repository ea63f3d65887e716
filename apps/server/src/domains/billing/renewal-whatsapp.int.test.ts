import { listRenewalReminders } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  inboundTextWebhook,
  metaSignature,
  startFakeWhatsApp,
  type TFakeWhatsApp,
} from '../../test/fake-whatsapp.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  type TTestServer,
} from '../../test/test-server.ts';
import { sendDueRenewalReminders } from './renewal-reminders.service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PHONE_NUMBER_ID = '106540352242922';
const TOKEN = 'EAAGoperator-renewal-token-for-tests-0123456789';
const TEMPLATE = 'plan_renewal_reminder';
const APP_SECRET = 'meta-app-secret-for-tests';

describe(`renewal reminders by WhatsApp from StarLoop's sender on ${testDriverName()}`, () => {
  let server: TTestServer;
  let fake: TFakeWhatsApp;
  let clock = new Date('2026-11-29T04:00:00Z');
  let phones = 0;

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    server = await createTestServer(
      {
        APP_URL: 'https://app.starloop.test',
        WHATSAPP_API_BASE: fake.url,
        WHATSAPP_APP_SECRET: APP_SECRET,
        OPERATOR_WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        OPERATOR_WHATSAPP_ACCESS_TOKEN: TOKEN,
        OPERATOR_WHATSAPP_RENEWAL_TEMPLATE: TEMPLATE,
      },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });
  beforeEach(() => {
    fake.reset();
    // Only StarLoop's token and its approved template get through.
    fake.tokens.clear();
    fake.tokens.add(TOKEN);
    fake.templates.clear();
    fake.templates.add(TEMPLATE);
    vi.restoreAllMocks();
  });

  /** A business whose period ends `days` from the clock, with a mobile of its own. */
  async function business(days: number, overrides: { contactNumber?: string } = {}) {
    phones += 1;
    const mobile = `98123${String(40000 + phones).padStart(5, '0')}`;
    const email = `renew-${phones}-${Date.now()}@example.in`;
    const owner = await createTestOwner(server, {
      email,
      contactNumber: mobile,
      subscriptionStart: new Date(clock.getTime() - 30 * DAY),
      subscriptionEnd: new Date(clock.getTime() + days * DAY),
      ...overrides,
    });
    return { owner, email, to: `91${mobile}`, end: new Date(clock.getTime() + days * DAY) };
  }
  const mailsTo = (to: string) =>
    server.deps.db
      .selectFrom('emailOutbox')
      .select('subject')
      .where('toAddress', '=', to)
      .where('category', '=', 'renewal-reminder')
      .execute();
  const messagesTo = (to: string) => fake.messages.filter((m) => m.to === to);
  const requestsTo = (to: string) => fake.requests.filter((r) => (r.body as { to?: string }).to === to);

  it('sends each reminder by email and WhatsApp once: the approved template, business name, period end and pay link', async () => {
    const { owner, email, to } = await business(6);
    await sendDueRenewalReminders(server.deps);
    await sendDueRenewalReminders(server.deps);

    expect(await mailsTo(email)).toHaveLength(1);
    expect(messagesTo(to)).toHaveLength(1);
    expect(messagesTo(to)[0]).toMatchObject({
      phoneNumberId: PHONE_NUMBER_ID,
      template: {
        name: TEMPLATE,
        language: 'en',
        parameters: [
          owner.businessName,
          '5 Dec 2026',
          `https://app.starloop.test/dashboard/plan?branch=${owner.id}`,
        ],
      },
    });
    const request = requestsTo(to)[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.body).toMatchObject({ type: 'template', recipient_type: 'individual' });
    const [row] = await listRenewalReminders(server.deps.db, owner.id);
    expect(row).toMatchObject({
      kind: '7-days',
      whatsappState: 'sent',
      whatsappAttempts: 1,
      whatsappMessageId: messagesTo(to)[0]!.id,
    });
  });

  it('a WhatsApp outage (500) is logged without the token and retried by the next run: one message, one email', async () => {
    const { owner, email, to } = await business(5);
    const warn = vi.spyOn(server.deps.log, 'warn');
    fake.mode = 'error';
    await sendDueRenewalReminders(server.deps);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(requestsTo(to)).toHaveLength(1);
    expect(messagesTo(to)).toHaveLength(0);
    expect((await listRenewalReminders(server.deps.db, owner.id))[0]).toMatchObject({
      whatsappState: 'pending',
      whatsappError: expect.stringContaining('131000'),
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ businessId: owner.id, retry: true }),
      'renewal reminder WhatsApp refused',
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain(TOKEN);

    fake.mode = 'ok';
    clock = new Date(clock.getTime() + HOUR);
    await sendDueRenewalReminders(server.deps);
    await sendDueRenewalReminders(server.deps);
    expect(messagesTo(to)).toHaveLength(1);
    expect(requestsTo(to)).toHaveLength(2);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await listRenewalReminders(server.deps.db, owner.id))[0]).toMatchObject({
      whatsappState: 'sent',
      whatsappAttempts: 2,
    });
  });

  it('a final refusal is not retried; a message still pending when the next reminder is due is dropped for it', async () => {
    const refused = await business(4);
    fake.failNext(132001, { status: 404, message: 'Template name does not exist in the translation' });
    await sendDueRenewalReminders(server.deps);
    await sendDueRenewalReminders(server.deps);
    expect(requestsTo(refused.to)).toHaveLength(1);
    expect((await listRenewalReminders(server.deps.db, refused.owner.id))[0]).toMatchObject({
      whatsappState: 'failed',
      whatsappError: expect.stringContaining('not approved'),
    });

    // Down until the last day: the "7 days" message is superseded by "1 day", which goes alone.
    const later = await business(3);
    fake.mode = 'error';
    await sendDueRenewalReminders(server.deps);
    fake.mode = 'ok';
    const saved = clock;
    clock = new Date(later.end.getTime() - 12 * HOUR);
    try {
      await sendDueRenewalReminders(server.deps);
    } finally {
      clock = saved;
    }
    expect(messagesTo(later.to)).toHaveLength(1);
    expect(
      (await listRenewalReminders(server.deps.db, later.owner.id)).map((r) => [r.kind, r.whatsappState]),
    ).toEqual([
      ['7-days', 'expired'],
      ['1-day', 'sent'],
    ]);
    expect(await mailsTo(later.email)).toHaveLength(2);
  });

  it('sends no WhatsApp to a number that is not a valid mobile or that replied STOP to StarLoop; the email goes', async () => {
    const invalid = await business(6, { contactNumber: '1234567890' });
    const stopped = await business(6);
    const stop = JSON.stringify(inboundTextWebhook(PHONE_NUMBER_ID, stopped.to, 'STOP'));
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(APP_SECRET, stop) },
      payload: stop,
    });
    expect(res.statusCode, res.body).toBe(200);

    await sendDueRenewalReminders(server.deps);
    for (const { owner, email } of [invalid, stopped]) {
      expect(await mailsTo(email)).toHaveLength(1);
      expect((await listRenewalReminders(server.deps.db, owner.id))[0]?.whatsappState).toBeNull();
    }
    expect(requestsTo('1234567890')).toHaveLength(0);
    expect(requestsTo(stopped.to)).toHaveLength(0);
  });

  it('a reminder an admin sends by hand goes by WhatsApp too, right away', async () => {
    const { owner, email, to } = await business(20);
    const admin = await createTestAdmin(server, { role: 'admin' });
    const headers = { authorization: `Bearer ${(await server.deps.tokens.issue('admin', admin.id)).token}` };
    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/admin/renewals/${owner.id}/remind`,
      headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(JSON.stringify(sent.json())).not.toContain(TOKEN);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(messagesTo(to).map((m) => m.template.parameters[0])).toEqual([owner.businessName]);
  });
});
