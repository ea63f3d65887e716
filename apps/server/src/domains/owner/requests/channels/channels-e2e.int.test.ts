import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryReportQuery,
  keywordQuery,
  startFakeSmsGateway,
  type TFakeSmsGateway,
} from '../../../../test/fake-sms-gateway.ts';
import {
  inboundTextWebhook,
  postMetaWebhook,
  startFakeWhatsApp,
  statusWebhook,
  type TFakeWhatsApp,
} from '../../../../test/fake-whatsapp.ts';
import { ownerCall, procedureData } from '../../../../test/requests-kit.ts';
import { createTestOwner, createTestServer, type TTestServer } from '../../../../test/test-server.ts';

/**
 * The adapters inside the running server, with the requests side's own service: a request sent
 * from "Send now" goes out on WhatsApp or SMS through the request-send worker, the provider's
 * webhook moves its delivery to delivered and read, and a STOP reply opts the customer out.
 */

const APP_SECRET = 'meta-app-secret-for-e2e';
const SMS_SECRET = 'sms-webhook-secret-for-e2e-0123456789';

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`WhatsApp and SMS channels end to end on ${testDriverName()}`, () => {
  let server: TTestServer;
  let whatsapp: TFakeWhatsApp;
  let gateway: TFakeSmsGateway;
  let baseUrl: string;

  beforeAll(async () => {
    whatsapp = await startFakeWhatsApp();
    gateway = await startFakeSmsGateway();
    server = await createTestServer({
      WHATSAPP_API_BASE: whatsapp.url,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'e2e-verify',
      SMS_API_BASE: gateway.url,
      SMS_WEBHOOK_SECRET: SMS_SECRET,
      APP_URL: 'https://starloop.test',
    });
    // The webhook is called over HTTP, as Meta calls it.
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
    await whatsapp?.close();
    await gateway?.close();
  });

  const mutate = async (ownerId: number, path: string, input: unknown) =>
    procedureData(await ownerCall(server, ownerId, { path, kind: 'mutation', input }));
  const deliveryOf = (requestId: number) =>
    server.deps.db
      .selectFrom('requestDeliveries')
      .selectAll()
      .where('requestId', '=', requestId)
      .executeTakeFirst();
  /** Sends a request to a new contact and waits for the worker to send its delivery. */
  const sendAndWait = async (ownerId: number, contact: { name: string; phone: string; consent: boolean }) => {
    const sent = await mutate(ownerId, 'owner.requests.send', { contact });
    const delivery = await until(
      () => deliveryOf(sent.requestId),
      (d) => d?.status === 'sent',
    );
    return { sent, delivery };
  };
  const contactOf = (contactId: number) =>
    server.deps.db.selectFrom('contacts').selectAll().where('id', '=', contactId).executeTakeFirstOrThrow();

  it('WhatsApp: sent by the worker, delivered and read by webhook, STOP opts the customer out', async () => {
    const owner = await createTestOwner(server, { businessName: 'Chai Point' });
    const phoneNumberId = `7000${Date.now() % 1_000_000}`;
    await mutate(owner.id, 'owner.channels.update', {
      channel: 'whatsapp',
      enabled: true,
      phoneNumberId,
      templateName: 'review_request',
      templateLanguage: 'en',
      accessToken: 'EAAG-e2e-token',
    });
    const { sent, delivery } = await sendAndWait(owner.id, {
      name: 'Priya',
      phone: '98123 45678',
      consent: true,
    });
    expect(delivery?.channel).toBe('whatsapp');
    expect(whatsapp.messages).toHaveLength(1);
    const message = whatsapp.messages[0]!;
    expect(delivery?.providerMessageId).toBe(message.id);
    expect(message.to).toBe('919812345678');
    expect(message.template.parameters[0]).toBe('Priya');
    expect(message.template.parameters[1]).toMatch(/^https:\/\/starloop\.test\/r\/[A-Za-z0-9]{10}$/);
    expect(message.callbackData).toBe(delivery?.idempotencyKey);

    const url = `${baseUrl}/api/webhooks/whatsapp`;
    const status = (name: 'delivered' | 'read') =>
      statusWebhook(phoneNumberId, {
        id: message.id,
        status: name,
        recipient: message.to,
        callbackData: message.callbackData,
      });
    expect((await postMetaWebhook(url, APP_SECRET, status('delivered'))).status).toBe(200);
    expect((await deliveryOf(sent.requestId))?.status).toBe('delivered');
    expect((await postMetaWebhook(url, APP_SECRET, status('read'))).status).toBe(200);
    expect((await deliveryOf(sent.requestId))?.status).toBe('read');
    expect((await postMetaWebhook(url, 'wrong-secret', status('read'))).status).toBe(401);

    expect(
      (await postMetaWebhook(url, APP_SECRET, inboundTextWebhook(phoneNumberId, message.to, 'STOP'))).status,
    ).toBe(200);
    const contact = await contactOf(sent.contactId);
    expect(contact.optedOutAt).not.toBeNull();
    expect(contact.optOutSource).toBe('stop-reply');
    expect(contact.optOutChannel).toBe('whatsapp');
  });

  it('SMS: sent through Gupshup with the DLT fields, its delivery report recorded, STOP keyword opts out', async () => {
    const owner = await createTestOwner(server, { businessName: 'Chai Point' });
    const userId = `30${Date.now() % 100_000_000}`;
    const template = 'Dear {#var#}, please rate your visit: https://starloop.test/r/{#var#} -STRLUP';
    gateway.accounts.set(userId, 'e2e-pass');
    gateway.templates.set('1207169999999999999', {
      text: template,
      header: 'STRLUP',
      principalEntityId: '1201150000000000001',
    });
    const view = await mutate(owner.id, 'owner.channels.update', {
      channel: 'sms',
      enabled: true,
      userId,
      password: 'e2e-pass',
      principalEntityId: '1201150000000000001',
      header: 'STRLUP',
      dltTemplateId: '1207169999999999999',
      templateText: template,
      variables: ['customerName', 'link'],
    });
    await mutate(owner.id, 'owner.requests.updateSettings', { channelOrder: ['sms', 'email'] });
    const { sent, delivery } = await sendAndWait(owner.id, {
      name: 'Rahul',
      phone: '+91 98123 40000',
      consent: true,
    });
    expect(delivery?.channel).toBe('sms');
    const sms = gateway.sent.find((s) => s.id === delivery?.providerMessageId);
    expect(sms).toMatchObject({
      to: '919812340000',
      header: 'STRLUP',
      principalEntityId: '1201150000000000001',
    });
    expect(sms?.text).toMatch(
      /^Dear Rahul, please rate your visit: https:\/\/starloop\.test\/r\/[A-Za-z0-9]{10} -STRLUP$/,
    );

    const path = new URL(view.sms.deliveryReportUrl).pathname;
    const report = await fetch(
      `${baseUrl}${path}?${deliveryReportQuery({ externalId: sms!.id, status: 'SUCCESS', phoneNo: '919812340000' })}`,
    );
    expect(report.status).toBe(200);
    expect((await deliveryOf(sent.requestId))?.status).toBe('delivered');

    const stop = await fetch(
      `${baseUrl}${path.replace(/delivery$/, 'inbound')}?${keywordQuery({ msisdn: '919812340000', keyword: 'STOP' })}`,
    );
    expect(stop.status).toBe(200);
    const contact = await contactOf(sent.contactId);
    expect(contact.optedOutAt).not.toBeNull();
    expect(contact.optOutChannel).toBe('sms');
  });
});
