import { findSendAttempt } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { describe, expect, it } from 'vitest';
import {
  channelMessages,
  channelTestServer,
  ownerWithChannel,
} from '../../../../test/channel-test-server.ts';
import {
  deliveryReportBatch,
  deliveryReportQuery,
  keywordQuery,
  startFakeSmsGateway,
} from '../../../../test/fake-sms-gateway.ts';
import { updateChannel } from '../../../../test/requests-kit.ts';
import type { TChannelSettings, TRequestMessage } from './channel.types.ts';
import { IN_DOUBT_WINDOW_SECONDS, SEND_TEXTS } from './send-attempts.service.ts';
import { smsChannel } from './sms.channel.ts';

const WEBHOOK_SECRET = 'sms-webhook-secret-for-tests-0123456789';
const PASSWORD = 'gupshup-password-for-tests';
const ENTITY = '1201159876543210987';
const HEADER = 'STRLUP';
const TEMPLATE_ID = '1207161234567890123';
const TEMPLATE =
  'Dear {#var#}, thank you for visiting {#var#}. Please rate us: https://starloop.test/r/{#var#} - STRLUP';

describe(`SMS channel (Gupshup) on ${testDriverName()}`, () => {
  const t = channelTestServer(startFakeSmsGateway, (gateway) => ({
    SMS_API_BASE: gateway.url,
    SMS_WEBHOOK_SECRET: WEBHOOK_SECRET,
  }));
  const message = channelMessages('sms-delivery', 'Priya');

  let accounts = 0;
  /** An owner with SMS set up on a gateway account of its own, and the webhook paths of its URLs. */
  async function ownerWithSms(template = TEMPLATE, variables = ['customerName', 'businessName', 'link']) {
    accounts += 1;
    const userId = `20001${String(accounts).padStart(5, '0')}`;
    t.fake.accounts.set(userId, PASSWORD);
    t.fake.templates.set(TEMPLATE_ID, { text: TEMPLATE, header: HEADER, principalEntityId: ENTITY });
    const { owner, view, settings } = await ownerWithChannel(t.server, smsChannel, {
      userId,
      password: PASSWORD,
      principalEntityId: ENTITY,
      header: 'strlup',
      dltTemplateId: TEMPLATE_ID,
      templateText: template,
      variables,
    });
    const path = new URL(view.sms.deliveryReportUrl).pathname;
    const send = (msg: TRequestMessage) => smsChannel.send(t.server.deps, settings, msg);
    return {
      owner,
      userId,
      settings,
      send,
      view,
      deliveryPath: path,
      inboundPath: path.replace(/delivery$/, 'inbound'),
    };
  }

  describe('sending (contract with the Gupshup Enterprise API)', () => {
    it('POSTs SendMessage with every DLT field and the text filled exactly as registered', async () => {
      const { owner, userId, send } = await ownerWithSms();
      const result = await send(message(owner.id));
      expect(t.fake.requests).toHaveLength(1);
      const request = t.fake.requests[0]!;
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/GatewayAPI/rest');
      expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(request.params).toEqual({
        method: 'SendMessage',
        send_to: '919812345678',
        msg: 'Dear Priya, thank you for visiting Chai Point. Please rate us: https://starloop.test/r/Ab12Cd34Ef - STRLUP',
        msg_type: 'TEXT',
        userid: userId,
        auth_scheme: 'plain',
        password: PASSWORD,
        v: '1.1',
        format: 'json',
        mask: HEADER,
        principalEntityId: ENTITY,
        dltTemplateId: TEMPLATE_ID,
      });
      expect(result).toEqual({ status: 'sent', providerMessageId: t.fake.sent[0]!.id });
    });

    it('sends Hindi as Unicode, and cuts a long name to the 30 characters a variable holds', async () => {
      const { owner, send } = await ownerWithSms();
      await send(message(owner.id, { contact: { name: 'प्रिया', phoneE164: '+919812345678', email: null } }));
      await send(
        message(owner.id, {
          contact: {
            name: 'Venkata Subrahmanya Lakshminarasimha Rao',
            phoneE164: '+919812345679',
            email: null,
          },
        }),
      );
      expect(t.fake.sent.map((s) => s.msgType)).toEqual(['Unicode_text', 'TEXT']);
      expect(t.fake.sent[1]!.text).toContain('Dear Venkata Subrahmanya Lakshminar,');
    });

    it('checks the text against the template before sending: a link too long for a variable is never sent', async () => {
      const bare = 'Rate your visit to {#var#}: {#var#} -STRLUP';
      const { owner, send } = await ownerWithSms(bare, ['businessName', 'link']);
      const result = await send(
        message(owner.id, { link: 'https://reviews.starloop.example.in/r/Ab12Cd34Ef' }),
      );
      expect(result).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('does not fit a DLT variable'),
      });
      expect(t.fake.requests).toHaveLength(0);
    });

    it('never sends twice for one idempotency key', async () => {
      const { owner, send } = await ownerWithSms();
      const msg = message(owner.id);
      const first = await send(msg);
      expect(await send(msg)).toEqual(first);
      expect(t.fake.requests).toHaveLength(1);
    });

    it('maps refusals: bad account, foreign number and DLT mismatch fail; 5xx and throttling retry', async () => {
      const { owner, userId, settings } = await ownerWithSms();
      const send = (s: TChannelSettings = settings, m = message(owner.id)) =>
        smsChannel.send(t.server.deps, s, m);
      expect(await send({ ...settings, password: 'wrong' })).toMatchObject({
        status: 'failed',
        error: 'Gupshup 105: Authentication failed',
      });
      expect(
        await send(
          settings,
          message(owner.id, { contact: { name: 'Jo', phoneE164: '+14155550123', email: null } }),
        ),
      ).toMatchObject({ status: 'failed', error: expect.stringContaining('175') });
      expect(await send({ ...settings, dltTemplateId: '1207160000000000000' })).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('DLT template'),
      });
      t.fake.mode = 'error';
      expect(await send()).toMatchObject({ status: 'retry', error: 'Gupshup: HTTP 500' });
      t.fake.mode = 'throttled';
      expect(await send()).toMatchObject({ status: 'retry' });
      expect(t.fake.sent).toHaveLength(0);
      expect(userId).toBeTruthy();
    });

    it('a timeout after the gateway took it: not resent, and its delivery report names the message', async () => {
      const { owner, deliveryPath, send } = await ownerWithSms();
      const msg = message(owner.id);
      t.fake.mode = 'accept-and-hang';
      expect(await send(msg)).toMatchObject({ status: 'retry' });
      t.fake.mode = 'ok';
      expect(await send(msg)).toMatchObject({ status: 'retry' });
      expect(t.fake.requests).toHaveLength(1);

      const externalId = t.fake.sent[0]!.id;
      const res = await t.server.app.inject({
        method: 'GET',
        url: `${deliveryPath}?${deliveryReportQuery({ externalId, status: 'SUCCESS', phoneNo: '919812345678' })}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await send(msg)).toEqual({
        status: 'sent',
        providerMessageId: externalId,
      });
      expect(t.fake.requests).toHaveLength(1);
      expect(t.recorded.events).toEqual([
        expect.objectContaining({ channel: 'sms', providerMessageId: externalId, status: 'delivered' }),
      ]);
    });

    it('a timeout with no report fails as not confirmed after the window, sent once at most', async () => {
      const { owner, send } = await ownerWithSms();
      const msg = message(owner.id);
      t.fake.mode = 'hang';
      expect((await send(msg)).status).toBe('retry');
      t.fake.mode = 'ok';
      t.clockOffsetMs = (IN_DOUBT_WINDOW_SECONDS + 5) * 1000;
      expect(await send(msg)).toEqual({
        status: 'failed',
        error: SEND_TEXTS.notConfirmed,
      });
      expect(t.fake.requests).toHaveLength(1);
      expect((await findSendAttempt(t.server.deps.db, msg.idempotencyKey))?.state).toBe('abandoned');
    });

    it('refuses a customer marked without consent, without a request', async () => {
      const { owner, send } = await ownerWithSms();
      const msg = message(owner.id);
      (msg.contact as Record<string, unknown>).consent = false;
      expect(await send(msg)).toEqual({
        status: 'failed',
        error: SEND_TEXTS.noConsent,
      });
      expect(t.fake.requests).toHaveLength(0);
    });
  });

  describe('callbacks', () => {
    it("accepts reports only on the owner's own URL: a wrong token or another owner's token is a 404", async () => {
      const a = await ownerWithSms();
      const b = await ownerWithSms();
      const query = deliveryReportQuery({
        externalId: '123-456',
        status: 'SUCCESS',
        phoneNo: '919812345678',
      });
      const tokenOf = (path: string) => path.split('/')[5]!;
      for (const path of [
        a.deliveryPath.replace(tokenOf(a.deliveryPath), 'x'.repeat(43)),
        a.deliveryPath.replace(tokenOf(a.deliveryPath), tokenOf(b.deliveryPath)),
        a.deliveryPath.replace(`/${a.owner.id}/`, '/abc/'),
      ]) {
        const res = await t.server.app.inject({ method: 'GET', url: `${path}?${query}` });
        expect(res.statusCode, path).toBe(404);
      }
      expect(a.view.sms.deliveryReportUrl).toContain(`/api/webhooks/sms/${a.owner.id}/`);
    });

    it('records delivered and failed reports once each, ignores UNKNOWN and messages that are not its own', async () => {
      const a = await ownerWithSms();
      const b = await ownerWithSms();
      const sentA = await a.send(message(a.owner.id));
      const sentB = await b.send(message(b.owner.id));
      const idA = sentA.status === 'sent' ? sentA.providerMessageId : '';
      const idB = sentB.status === 'sent' ? sentB.providerMessageId : '';
      const at = new Date('2026-11-25T10:00:00.000Z');
      const report = (externalId: string, status: 'SUCCESS' | 'FAILURE' | 'UNKNOWN', path = a.deliveryPath) =>
        t.server.app.inject({
          method: 'GET',
          url: `${path}?${deliveryReportQuery({ externalId, status, phoneNo: '919812345678', at })}`,
        });
      for (const res of [
        await report(idA, 'UNKNOWN'),
        await report(idA, 'SUCCESS'),
        await report(idA, 'SUCCESS'),
        await report('9999999999-1', 'SUCCESS'),
        await report(idB, 'SUCCESS'),
        await report(idA, 'FAILURE'),
      ]) {
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(t.recorded.events).toEqual([
        { channel: 'sms', providerMessageId: idA, status: 'delivered', at },
        {
          channel: 'sms',
          providerMessageId: idA,
          status: 'failed',
          at,
          error: 'Gupshup 003 UNKNOWN_SUBSCRIBER',
        },
      ]);
    });

    it('reads the POST form (a JSON array of events)', async () => {
      const a = await ownerWithSms();
      const sent = await a.send(message(a.owner.id));
      const id = sent.status === 'sent' ? sent.providerMessageId : '';
      const res = await t.server.app.inject({
        method: 'POST',
        url: a.deliveryPath,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(
          deliveryReportBatch([{ externalId: id, eventType: 'DELIVERED', destAddr: '919812345678' }]),
        ),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(t.recorded.events).toEqual([
        expect.objectContaining({ providerMessageId: id, status: 'delivered' }),
      ]);
      const broken = await t.server.app.inject({ method: 'POST', url: a.deliveryPath, payload: '{nope' });
      expect(broken.statusCode).toBe(400);
    });

    it('opts the sender out on a STOP keyword (once), answers an empty XML so no reply SMS goes out', async () => {
      const a = await ownerWithSms();
      const stop = keywordQuery({
        msisdn: '919812345678',
        keyword: 'STOP',
        at: new Date('2026-11-25T10:00:00Z'),
      });
      const first = await t.server.app.inject({ method: 'GET', url: `${a.inboundPath}?${stop}` });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toContain('text/xml');
      expect(first.body).toBe('<response></response>');
      await t.server.app.inject({ method: 'GET', url: `${a.inboundPath}?${stop}` });
      await t.server.app.inject({
        method: 'GET',
        url: `${a.inboundPath}?${keywordQuery({ msisdn: '9812345670', keyword: 'HELLO', content: 'HELLO there' })}`,
      });
      expect(t.recorded.optOuts).toEqual([
        { channel: 'sms', phoneE164: '+919812345678', ownerId: a.owner.id, source: 'stop-reply' },
      ]);
    });
  });

  describe('settings', () => {
    it('keeps the gateway password sealed and write-only; refuses variables that do not match the template', async () => {
      const { owner, view } = await ownerWithSms();
      expect(JSON.stringify(view)).not.toContain(PASSWORD);
      expect(view.sms).toMatchObject({
        enabled: true,
        provider: 'gupshup',
        passwordSet: true,
        header: HEADER,
        variables: ['customerName', 'businessName', 'link'],
        ready: true,
      });
      const row = await t.server.deps.db
        .selectFrom('ownerChannelSettings')
        .selectAll()
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(row.sealedSecret).not.toContain(PASSWORD);

      const mismatch = await updateChannel(t.server, owner.id, {
        channel: 'sms',
        enabled: false,
        templateText: TEMPLATE,
        variables: ['customerName', 'link'],
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.data.field).toBe('variables');
    });
  });
});
