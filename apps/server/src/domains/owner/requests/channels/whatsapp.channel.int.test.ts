import { findSendAttempt } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  channelMessages,
  channelTestServer,
  ownerWithChannel,
} from '../../../../test/channel-test-server.ts';
import {
  inboundTextWebhook,
  metaSignature,
  startFakeWhatsApp,
  statusWebhook,
} from '../../../../test/fake-whatsapp.ts';
import { procedureData as data, ownerCall, updateChannel } from '../../../../test/requests-kit.ts';
import { createTestOwner } from '../../../../test/test-server.ts';
import type { TRequestMessage } from './channel.types.ts';
import { IN_DOUBT_WINDOW_SECONDS, SEND_TEXTS } from './send-attempts.service.ts';
import { whatsappChannel } from './whatsapp.channel.ts';
import { whatsappHandshake, whatsappSignatureValid } from './whatsapp.webhook.ts';

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-token-for-tests';
const TOKEN = 'EAAGm0PX4ZCpsBAtesttoken';

describe(`WhatsApp channel on ${testDriverName()}`, () => {
  const t = channelTestServer(startFakeWhatsApp, (fake) => ({
    WHATSAPP_API_BASE: fake.url,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
  }));
  // The fake accepts this test's access token only.
  beforeEach(() => {
    t.fake.tokens.clear();
    t.fake.tokens.add(TOKEN);
  });
  const message = channelMessages('delivery', 'Priya Sharma');

  let numbers = 0;
  /** An owner with WhatsApp set up through owner.channels.update, and its settings as the service reads them. */
  async function ownerWithWhatsApp() {
    numbers += 1;
    const phoneNumberId = `1065${Date.now() % 1_000_000}${numbers}`;
    const { owner, settings } = await ownerWithChannel(t.server, whatsappChannel, {
      phoneNumberId,
      templateName: 'review_request',
      templateLanguage: 'en',
      accessToken: TOKEN,
    });
    const send = (msg: TRequestMessage) => whatsappChannel.send(t.server.deps, settings, msg);
    return { owner, phoneNumberId, settings, send };
  }

  const postWebhook = (body: unknown, signature?: string) => {
    const raw = JSON.stringify(body);
    return t.server.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signature ?? metaSignature(APP_SECRET, raw),
      },
      payload: raw,
    });
  };

  describe('sending (contract with the Cloud API)', () => {
    it('sends the approved template with the name and link, the access token as a bearer, our key echoed for statuses', async () => {
      const { owner, phoneNumberId, send } = await ownerWithWhatsApp();
      const msg = message(owner.id);
      const result = await send(msg);

      expect(t.fake.requests).toHaveLength(1);
      const request = t.fake.requests[0]!;
      expect(request.method).toBe('POST');
      expect(request.path).toBe(`/${phoneNumberId}/messages`);
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.headers['content-type']).toContain('application/json');
      expect(request.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '919812345678',
        type: 'template',
        biz_opaque_callback_data: msg.idempotencyKey,
        template: {
          name: 'review_request',
          language: { policy: 'deterministic', code: 'en' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Priya Sharma' },
                { type: 'text', text: 'https://starloop.test/r/Ab12Cd34Ef' },
              ],
            },
          ],
        },
      });
      expect(result).toEqual({ status: 'sent', providerMessageId: t.fake.messages[0]!.id });
    });

    it('cleans the name for a template parameter (no newlines, tabs or runs of spaces) and falls back when there is none', async () => {
      const { owner, send } = await ownerWithWhatsApp();
      await send(
        message(owner.id, {
          contact: { name: ' Ravi\n\tKumar     Sharma ', phoneE164: '+919812345678', email: null },
        }),
      );
      await send(message(owner.id, { contact: { name: null, phoneE164: '+919812345679', email: null } }));
      expect(t.fake.messages.map((m) => m.template.parameters[0])).toEqual(['Ravi Kumar Sharma', 'Customer']);
    });

    it('never sends twice for one idempotency key: a retry answers the recorded message id', async () => {
      const { owner, send } = await ownerWithWhatsApp();
      const msg = message(owner.id);
      const first = await send(msg);
      const again = await send(msg);
      expect(again).toEqual(first);
      expect(t.fake.messages).toHaveLength(1);
      expect(t.fake.requests).toHaveLength(1);
    });

    it('maps refusals: invalid number, unapproved template and a bad token fail; 429, 5xx and throttling codes retry', async () => {
      const { owner, settings } = await ownerWithWhatsApp();
      const send = () => whatsappChannel.send(t.server.deps, settings, message(owner.id));

      t.fake.failNext(131026, { message: 'Message undeliverable' });
      expect(await send()).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('could not deliver'),
      });
      t.fake.failNext(132001, { status: 404, message: 'Template name does not exist in the translation' });
      expect(await send()).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('not approved'),
      });
      t.fake.failNext(190, { status: 401, message: 'Invalid OAuth access token' });
      expect(await send()).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('access token'),
      });
      t.fake.failNext(132000, { message: 'Number of parameters does not match' });
      expect(await send()).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('2 body parameters'),
      });

      t.fake.failNext(130429, { message: 'Rate limit hit' });
      expect(await send()).toMatchObject({ status: 'retry' });
      t.fake.failNext(131056, { message: 'Pair rate limit hit' });
      expect(await send()).toMatchObject({ status: 'retry' });
      t.fake.mode = 'throttled';
      expect(await send()).toMatchObject({ status: 'retry' });
      t.fake.mode = 'error';
      expect(await send()).toMatchObject({ status: 'retry', error: expect.stringContaining('131000') });
      expect(t.fake.messages).toHaveLength(0);
    });

    it('a refused send may be retried and then sends once; a failed one is final', async () => {
      const { owner, send } = await ownerWithWhatsApp();
      const msg = message(owner.id);
      t.fake.mode = 'error';
      expect((await send(msg)).status).toBe('retry');
      t.fake.mode = 'ok';
      const sent = await send(msg);
      expect(sent.status).toBe('sent');
      expect(await send(msg)).toEqual(sent);
      expect(t.fake.messages).toHaveLength(1);

      const refused = message(owner.id);
      t.fake.failNext(131026);
      expect((await send(refused)).status).toBe('failed');
      expect((await send(refused)).status).toBe('failed');
      expect(
        t.fake.requests.filter(
          (r) =>
            (r.body as { biz_opaque_callback_data?: string }).biz_opaque_callback_data ===
            refused.idempotencyKey,
        ),
      ).toHaveLength(1);
    });

    it('a timeout after the message was taken: retries wait, the status webhook names the message, and it is never sent twice', async () => {
      const { owner, phoneNumberId, send } = await ownerWithWhatsApp();
      const msg = message(owner.id);
      t.fake.mode = 'accept-and-hang';
      const first = await send(msg);
      expect(first).toMatchObject({ status: 'retry', retryAfterSeconds: IN_DOUBT_WINDOW_SECONDS });
      expect(t.fake.messages).toHaveLength(1);
      t.fake.mode = 'ok';

      // A retry before the provider reported: still waiting, nothing sent.
      expect(await send(msg)).toMatchObject({ status: 'retry' });
      expect(t.fake.requests).toHaveLength(1);

      const wamid = t.fake.messages[0]!.id;
      const res = await postWebhook(
        statusWebhook(phoneNumberId, {
          id: wamid,
          status: 'sent',
          recipient: '919812345678',
          callbackData: msg.idempotencyKey,
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await send(msg)).toEqual({
        status: 'sent',
        providerMessageId: wamid,
      });
      expect(t.fake.requests).toHaveLength(1);
      expect(t.fake.messages).toHaveLength(1);
    });

    it('a timeout with no report: not sent again; after the window the delivery fails as not confirmed', async () => {
      const { owner, send } = await ownerWithWhatsApp();
      const msg = message(owner.id);
      t.fake.mode = 'hang';
      expect((await send(msg)).status).toBe('retry');
      t.fake.mode = 'ok';
      t.clockOffsetMs = (IN_DOUBT_WINDOW_SECONDS - 60) * 1000;
      expect((await send(msg)).status).toBe('retry');
      t.clockOffsetMs = (IN_DOUBT_WINDOW_SECONDS + 1) * 1000;
      expect(await send(msg)).toEqual({
        status: 'failed',
        error: SEND_TEXTS.notConfirmed,
      });
      expect(await send(msg)).toMatchObject({ status: 'failed' });
      expect(t.fake.requests).toHaveLength(1);
      expect((await findSendAttempt(t.server.deps.db, msg.idempotencyKey))?.state).toBe('abandoned');
    });

    it('refuses without a request: no consent, no phone, an invalid number, no settings', async () => {
      const { owner, settings, send: refused } = await ownerWithWhatsApp();
      const noConsent = message(owner.id);
      (noConsent.contact as Record<string, unknown>).consent = false;
      expect(await refused(noConsent)).toEqual({ status: 'failed', error: SEND_TEXTS.noConsent });
      expect(
        await refused(message(owner.id, { contact: { name: 'A', phoneE164: null, email: 'a@b.in' } })),
      ).toEqual({
        status: 'failed',
        error: SEND_TEXTS.noPhone,
      });
      expect(
        await refused(message(owner.id, { contact: { name: 'A', phoneE164: '98123', email: null } })),
      ).toEqual({
        status: 'failed',
        error: SEND_TEXTS.phoneInvalid,
      });
      expect((await whatsappChannel.send(t.server.deps, undefined, message(owner.id))).status).toBe('failed');
      expect(t.fake.requests).toHaveLength(0);

      expect(
        whatsappChannel.available(settings, { name: null, phoneE164: '+919812345678', email: null }),
      ).toBe(true);
      expect(whatsappChannel.available(settings, { name: null, phoneE164: null, email: 'a@b.in' })).toBe(
        false,
      );
      expect(
        whatsappChannel.available(undefined, { name: null, phoneE164: '+919812345678', email: null }),
      ).toBe(false);
    });
  });

  describe('webhook', () => {
    it('answers the subscription handshake only with the verify token', async () => {
      const ok = await t.server.app.inject({
        method: 'GET',
        url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('1158201444');
      expect(ok.headers['content-type']).toContain('text/plain');
      for (const query of [
        'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
        `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
        '',
      ]) {
        const res = await t.server.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?${query}` });
        expect(res.statusCode, query).toBe(403);
      }
      expect(
        whatsappHandshake(undefined, {
          'hub.mode': 'subscribe',
          'hub.verify_token': '',
          'hub.challenge': 'x',
        }),
      ).toBeUndefined();
    });

    it('refuses a body whose X-Hub-Signature-256 is missing, wrong or for other bytes; no effect', async () => {
      const { phoneNumberId } = await ownerWithWhatsApp();
      const body = inboundTextWebhook(phoneNumberId, '919812345678', 'STOP');
      const raw = JSON.stringify(body);
      for (const signature of [
        '',
        'sha256=',
        metaSignature('another-secret', raw),
        metaSignature(APP_SECRET, `${raw} `),
        metaSignature(APP_SECRET, raw).replace('sha256=', 'sha1='),
      ]) {
        const res = await postWebhook(body, signature);
        expect(res.statusCode, signature).toBe(401);
      }
      expect(t.recorded.optOuts).toHaveLength(0);
      expect(whatsappSignatureValid(APP_SECRET, Buffer.from(raw), metaSignature(APP_SECRET, raw))).toBe(true);
    });

    it('reports delivered, read and failed statuses once each (replays are ignored); sent is not a delivery event', async () => {
      const { owner, phoneNumberId, send } = await ownerWithWhatsApp();
      const msg = message(owner.id);
      const sent = await send(msg);
      const wamid = sent.status === 'sent' ? sent.providerMessageId : '';
      const at = new Date('2026-11-25T10:00:00Z');
      const status = (name: 'sent' | 'delivered' | 'read' | 'failed') =>
        statusWebhook(phoneNumberId, {
          id: wamid,
          status: name,
          recipient: '919812345678',
          callbackData: msg.idempotencyKey,
          at,
          ...(name === 'failed' ? { error: { code: 131026, title: 'Message undeliverable' } } : {}),
        });
      for (const name of ['sent', 'delivered', 'delivered', 'read', 'read', 'failed'] as const) {
        expect((await postWebhook(status(name))).statusCode).toBe(200);
      }
      expect(t.recorded.events).toEqual([
        { channel: 'whatsapp', providerMessageId: wamid, status: 'delivered', at },
        { channel: 'whatsapp', providerMessageId: wamid, status: 'read', at },
        {
          channel: 'whatsapp',
          providerMessageId: wamid,
          status: 'failed',
          at,
          error: 'WhatsApp 131026: Message undeliverable (Message undeliverable)',
        },
      ]);
      expect((await findSendAttempt(t.server.deps.db, msg.idempotencyKey))?.lastStatus).toBe('failed');
    });

    it('opts a customer out on STOP (once per message id), for the owner of that number only', async () => {
      const { owner, phoneNumberId } = await ownerWithWhatsApp();
      const stop = inboundTextWebhook(phoneNumberId, '919812345678', 'STOP');
      expect((await postWebhook(stop)).statusCode).toBe(200);
      expect((await postWebhook(stop)).statusCode).toBe(200);
      expect(
        (await postWebhook(inboundTextWebhook(phoneNumberId, '919812345670', 'Thank you, it was lovely')))
          .statusCode,
      ).toBe(200);
      expect(
        (await postWebhook(inboundTextWebhook(phoneNumberId, '919812345671', 'unsubscribe please')))
          .statusCode,
      ).toBe(200);
      // A number no owner has set up.
      expect((await postWebhook(inboundTextWebhook('999000111', '919812345672', 'STOP'))).statusCode).toBe(
        200,
      );
      expect(t.recorded.optOuts).toEqual([
        { channel: 'whatsapp', phoneE164: '+919812345678', ownerId: owner.id, source: 'stop-reply' },
        { channel: 'whatsapp', phoneE164: '+919812345671', ownerId: owner.id, source: 'stop-reply' },
      ]);
    });

    it('a failing effect is not marked handled, so Meta retrying it works', async () => {
      const { owner, phoneNumberId } = await ownerWithWhatsApp();
      let fail = true;
      const calls: unknown[] = [];
      t.useSink({
        recordDeliveryEvent: async () => undefined,
        optOutContact: async (_deps, input) => {
          if (fail) throw new Error('database down');
          calls.push(input);
        },
      });
      const stop = inboundTextWebhook(phoneNumberId, '919812345678', 'STOP');
      expect((await postWebhook(stop)).statusCode).toBe(500);
      fail = false;
      expect((await postWebhook(stop)).statusCode).toBe(200);
      expect(calls).toEqual([
        { channel: 'whatsapp', phoneE164: '+919812345678', ownerId: owner.id, source: 'stop-reply' },
      ]);
    });
  });

  describe('settings', () => {
    it('keeps the access token sealed and write-only, and scoped to its owner', async () => {
      const { owner, phoneNumberId } = await ownerWithWhatsApp();
      const row = await t.server.deps.db
        .selectFrom('ownerChannelSettings')
        .selectAll()
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(row.sealedSecret).toBeTruthy();
      expect(row.sealedSecret).not.toContain(TOKEN);
      const view = data(await ownerCall(t.server, owner.id, { path: 'owner.channels.get', kind: 'query' }));
      expect(JSON.stringify(view)).not.toContain(TOKEN);
      expect(view.whatsapp).toMatchObject({
        enabled: true,
        phoneNumberId,
        templateName: 'review_request',
        templateLanguage: 'en',
        accessTokenSet: true,
        ready: true,
        webhookReady: true,
      });

      // Saving without the token keeps it; another owner sees nothing of this one's settings.
      data(
        await updateChannel(t.server, owner.id, {
          channel: 'whatsapp',
          enabled: true,
          phoneNumberId,
          templateName: 'review_v2',
          templateLanguage: 'hi',
        }),
      );
      expect((await whatsappChannel.settings!(t.server.deps, owner.id))?.accessToken).toBe(TOKEN);
      const other = await createTestOwner(t.server);
      const otherView = data(
        await ownerCall(t.server, other.id, { path: 'owner.channels.get', kind: 'query' }),
      );
      expect(otherView.whatsapp).toMatchObject({
        enabled: false,
        phoneNumberId: null,
        accessTokenSet: false,
      });

      // The same WhatsApp number cannot be connected to two accounts (webhooks are routed by it).
      const taken = await updateChannel(t.server, other.id, {
        channel: 'whatsapp',
        enabled: false,
        phoneNumberId,
        templateName: null,
        templateLanguage: null,
      });
      expect(taken.statusCode).toBe(409);
    });

    it('will not turn the channel on half-filled, and an owner who turns it off has no settings to send with', async () => {
      const owner = await createTestOwner(t.server);
      const res = await updateChannel(t.server, owner.id, {
        channel: 'whatsapp',
        enabled: true,
        phoneNumberId: '123456789',
        templateName: 'review_request',
        templateLanguage: 'en',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.data.field).toBe('accessToken');

      const { owner: configured, phoneNumberId } = await ownerWithWhatsApp();
      data(
        await updateChannel(t.server, configured.id, {
          channel: 'whatsapp',
          enabled: false,
          phoneNumberId,
          templateName: 'review_request',
          templateLanguage: 'en',
        }),
      );
      expect(await whatsappChannel.settings!(t.server.deps, configured.id)).toBeUndefined();
    });
  });
});
