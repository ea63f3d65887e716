import {
  CASE_TEXTS,
  CHANNEL_TEXTS,
  planOf,
  ZSmsSettingsUpdate,
  ZWhatsAppSettingsUpdate,
} from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUEUES } from '../../jobs/queue.ts';
import { addMember, createChain, type TChain } from '../../test/accounts-kit.ts';
import { addressSequence, postJson } from '../../test/client-kit.ts';
import { keywordQuery, startFakeSmsGateway, type TFakeSmsGateway } from '../../test/fake-sms-gateway.ts';
import {
  inboundTextWebhook,
  metaSignature,
  startFakeWhatsApp,
  statusWebhook,
  type TFakeWhatsApp,
} from '../../test/fake-whatsapp.ts';
import { bearer } from '../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../test/test-server.ts';
import { smsWebhookToken, updateChannelSettings } from '../owner/channels/channel-settings.service.ts';
import { DEFAULT_CASE_REPLIES } from './case-message-texts.ts';
import { renderCaseSms, runCaseMessageJob } from './case-messages.service.ts';

const PHONE_NUMBER_ID = '106540352242922';
const TOKEN = 'EAAGoperator-case-token-for-tests-0123456789';
const APP_SECRET = 'meta-app-secret-for-case-tests';
const SMS_SECRET = 'sms-webhook-secret-for-case-tests-0123456789';
const INBOUND_SECRET = 'inbound-email-secret-for-case-tests-0123456789';
const SMS_TEMPLATE = 'Reply from {#var#} to your feedback: {#var#}{#var#}{#var#}{#var#}{#var#} -StarLoop';
const SMS = {
  userId: '2000199999',
  password: 'gupshup-pass',
  entity: '1201159100000000001',
  header: 'STRLOP',
};
const SMS_TEMPLATE_ID = '1207161234567890123';
const freshIp = addressSequence('10.34');

describe(`messages to a case's customer on ${testDriverName()}`, () => {
  let server: TTestServer;
  let whatsapp: TFakeWhatsApp;
  let sms: TFakeSmsGateway;
  let chain: TChain;
  let phones = 0;

  beforeAll(async () => {
    whatsapp = await startFakeWhatsApp();
    sms = await startFakeSmsGateway();
    server = await createTestServer({
      APP_URL: 'https://app.starloop.test',
      WHATSAPP_API_BASE: whatsapp.url,
      WHATSAPP_APP_SECRET: APP_SECRET,
      OPERATOR_WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      OPERATOR_WHATSAPP_ACCESS_TOKEN: TOKEN,
      OPERATOR_WHATSAPP_RENEWAL_TEMPLATE: 'plan_renewal_reminder',
      OPERATOR_WHATSAPP_CASE_TEMPLATE: 'case_reply',
      SMS_API_BASE: sms.url,
      SMS_WEBHOOK_SECRET: SMS_SECRET,
      PLATFORM_SMS_USER_ID: SMS.userId,
      PLATFORM_SMS_PASSWORD: SMS.password,
      PLATFORM_SMS_ENTITY_ID: SMS.entity,
      PLATFORM_SMS_HEADER: SMS.header,
      PLATFORM_SMS_CASE_TEMPLATE_ID: SMS_TEMPLATE_ID,
      PLATFORM_SMS_CASE_TEMPLATE_TEXT: SMS_TEMPLATE,
      CASE_REPLY_EMAIL_DOMAIN: 'reply.starloop.test',
      CASE_INBOUND_EMAIL_SECRET: INBOUND_SECRET,
    });
    chain = await createChain(server, { branches: 2, name: 'Chai Corner' });
    // The tests run each message's job themselves (runJob): the server's own worker, woken at once
    // on PostgreSQL, would otherwise send (or fail and give back) a message between a send and
    // what the test reads after it.
    await server.deps.jobs.boss.offWork(QUEUES.caseMessage);
  });
  afterAll(async () => {
    await server?.stop();
    await whatsapp?.close();
    await sms?.close();
  });
  beforeEach(async () => {
    await server.deps.db.deleteFrom('platformMessageUsage').execute();
    whatsapp.reset();
    sms.reset();
    sms.accounts.set(SMS.userId, SMS.password);
    sms.templates.set(SMS_TEMPLATE_ID, {
      text: SMS_TEMPLATE,
      header: SMS.header,
      principalEntityId: SMS.entity,
    });
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  /** A 2-star review left on the page in `language` with this contact; answers its case id and the phone. */
  async function lowReview(
    contact: { phone?: boolean; email?: string; consent: boolean } | null,
    options: { language?: string; code?: string } = {},
  ) {
    phones += 1;
    const mobile = `98765${String(10000 + phones).padStart(5, '0')}`;
    const res = await postJson(
      server,
      '/api/reviews/',
      {
        code: options.code ?? chain.first.code,
        rating: 2,
        message: 'दुकान 8 बजे बंद था',
        language: options.language ?? 'hi',
        ...(contact
          ? {
              contact: {
                ...(contact.phone === false ? {} : { phone: mobile }),
                ...(contact.email ? { email: contact.email } : {}),
                consent: contact.consent,
              },
            }
          : {}),
      },
      freshIp(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const kase = await server.deps.db
      .selectFrom('cases')
      .select('id')
      .where('reviewId', '=', res.json().id)
      .executeTakeFirstOrThrow();
    return { caseId: Number(kase.id), phone: `+91${mobile}`, wa: `91${mobile}` };
  }
  const messagesOf = (caseId: number) =>
    server.deps.db
      .selectFrom('caseMessages')
      .selectAll()
      .where('caseId', '=', caseId)
      .orderBy('id')
      .execute();
  const usage = async () =>
    (
      await server.deps.db
        .selectFrom('platformMessageUsage')
        .select('used')
        .where('ownerId', '=', chain.first.id)
        .executeTakeFirst()
    )?.used ?? 0;
  const send = (caseId: number, body: Record<string, unknown>, token = chain.ownerToken) =>
    api('POST', `/cases/${caseId}/messages`, token, body);
  /**
   * The case-message job of each of the case's queued messages, as the server's worker runs it (it
   * is off here); answers how the latest ended.
   */
  const runJob = async (caseId: number) => {
    const out = (await messagesOf(caseId)).filter((m) => m.direction === 'out');
    for (const message of out) await runCaseMessageJob(server.deps, { messageId: Number(message.id) });
    return (await messagesOf(caseId)).filter((m) => m.direction === 'out').at(-1)!.status;
  };
  const whatsappWebhook = (body: unknown) => {
    const raw = JSON.stringify(body);
    return server.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(APP_SECRET, raw) },
      payload: raw,
    });
  };

  it('refuses any message without a contact or without consent (409, the reason, nothing recorded)', async () => {
    const none = await lowReview(null);
    const unconsented = await lowReview({ consent: false });
    const usedBefore = await usage();
    for (const [caseId, reason] of [
      [none.caseId, CASE_TEXTS.noContact],
      [unconsented.caseId, CASE_TEXTS.noConsent],
    ] as const) {
      const res = await send(caseId, { channel: 'whatsapp', text: 'Sorry about that' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(reason);
      const detail = (await api('GET', `/cases/${caseId}`, chain.ownerToken)).json();
      expect(detail.reach).toEqual(
        ['whatsapp', 'sms', 'email'].map((channel) => ({ channel, available: false, via: null, reason })),
      );
      expect(await messagesOf(caseId)).toEqual([]);
    }
    expect(await usage()).toBe(usedBefore);
    const detail = (await api('GET', `/cases/${unconsented.caseId}`, chain.ownerToken)).json();
    expect(detail.contact).toMatchObject({
      phone: unconsented.phone,
      consent: false,
      consentAt: null,
      language: 'hi',
    });
  });

  it('replies by WhatsApp from StarLoop’s number in the page language, tracks delivery and threads the answer', async () => {
    const { caseId, phone, wa } = await lowReview({ consent: true });
    const before = await usage();
    const res = await send(caseId, { channel: 'whatsapp', text: DEFAULT_CASE_REPLIES.apology.hi });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent.status).toBe('in_progress');
    expect(sent.firstResponseAt).not.toBeNull();
    expect(sent.timeline.at(-1)).toMatchObject({
      kind: 'message_out',
      channel: 'whatsapp',
      delivery: 'queued',
      messageKind: 'reply',
      text: DEFAULT_CASE_REPLIES.apology.hi,
    });
    expect(await usage()).toBe(before + 1);
    const { rows } = await sql<{ data: { messageId: number } }>`
      select data from pgboss.job where name = 'case-message'`.execute(server.deps.db);
    const [queuedMessage] = await messagesOf(caseId);
    expect(rows.map((r) => Number(r.data.messageId))).toContain(Number(queuedMessage!.id));

    expect(await runJob(caseId)).toBe('sent');
    expect(whatsapp.messages.filter((m) => m.to === wa)).toEqual([
      expect.objectContaining({
        phoneNumberId: PHONE_NUMBER_ID,
        to: wa,
        template: {
          name: 'case_reply',
          language: 'hi',
          parameters: ['Chai Corner', DEFAULT_CASE_REPLIES.apology.hi],
        },
      }),
    ]);
    const [message] = await messagesOf(caseId);
    expect(message).toMatchObject({ status: 'sent', recipient: phone, via: 'platform', language: 'hi' });

    const delivered = await whatsappWebhook(
      statusWebhook(PHONE_NUMBER_ID, { id: message!.providerMessageId!, status: 'delivered', recipient: wa }),
    );
    expect(delivered.statusCode).toBe(200);
    const answer = await whatsappWebhook(inboundTextWebhook(PHONE_NUMBER_ID, wa, 'हाँ, कल 11 बजे कॉल करें'));
    expect(answer.statusCode).toBe(200);

    const detail = (await api('GET', `/cases/${caseId}`, chain.ownerToken)).json();
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'opened',
      'status',
      'message_out',
      'message_in',
    ]);
    expect(detail.timeline[2]).toMatchObject({ delivery: 'delivered' });
    expect(detail.timeline[3]).toMatchObject({
      kind: 'message_in',
      channel: 'whatsapp',
      delivery: 'received',
      text: 'हाँ, कल 11 बजे कॉल करें',
      actorId: null,
    });
  });

  it('never sends a text that asks to change a review or offers anything for one', async () => {
    const { caseId } = await lowReview({ consent: true });
    for (const text of [
      'We will give you a free dessert if you update your review',
      'Please change your rating to 5 stars',
      'कृपया अपना रिव्यू बदल दें, आपको छूट मिलेगी',
    ]) {
      const res = await send(caseId, { channel: 'whatsapp', text });
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toBe(CASE_TEXTS.incentiveRefused);
    }
    expect(await messagesOf(caseId)).toEqual([]);
    // A refund offered as recovery, with no word about the review, goes.
    expect(
      (await send(caseId, { channel: 'whatsapp', text: 'We have refunded your order. Sorry again.' }))
        .statusCode,
    ).toBe(201);
  });

  it("stops at the plan's monthly platform quota, says why, and still offers email", async () => {
    const { caseId } = await lowReview({ consent: true, email: 'quota@example.in' });
    const quota = planOf(chain.first.plan).platformMessagesPerMonth;
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    await server.deps.db
      .insertInto('platformMessageUsage')
      .values({ ownerId: chain.first.id, month, used: quota - 1 })
      .onConflict((oc) => oc.columns(['ownerId', 'month']).doUpdateSet({ used: quota - 1 }))
      .execute();
    expect((await send(caseId, { channel: 'sms', text: 'Sorry, we will call you.' })).statusCode).toBe(201);
    const refused = await send(caseId, { channel: 'whatsapp', text: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(
      `used its ${quota} messages from StarLoop's WhatsApp and SMS senders`,
    );
    const detail = (await api('GET', `/cases/${caseId}`, chain.ownerToken)).json();
    expect(detail.reach.find((r: { channel: string }) => r.channel === 'whatsapp')).toMatchObject({
      available: false,
    });
    expect(detail.reach.find((r: { channel: string }) => r.channel === 'email')).toEqual({
      channel: 'email',
      available: true,
      via: 'platform',
      reason: null,
    });
    expect(await usage()).toBe(quota);
    expect((await send(caseId, { channel: 'email', text: 'Sorry, we will call you.' })).statusCode).toBe(201);
    expect(await runJob(caseId)).toBe('sent');
    // A send the provider refuses for good gives its platform message back.
    sms.accounts.clear();
    await server.deps.db
      .updateTable('platformMessageUsage')
      .set({ used: quota - 1 })
      .where('ownerId', '=', chain.first.id)
      .execute();
    expect((await send(caseId, { channel: 'sms', text: 'Sorry again.' })).statusCode).toBe(201);
    expect(await usage()).toBe(quota);
    expect(await runJob(caseId)).toBe('failed');
    expect(await usage()).toBe(quota - 1);
  });

  it("replies from the business's own WhatsApp number and SMS sender once it names case templates, outside the platform quota", async () => {
    const branch = chain.branches[1]!;
    const own = { phoneNumberId: '106540352240001', token: 'EAAGown-number-token-0123456789abcdef' };
    const ownSms = {
      userId: '2000188888',
      password: 'own-gupshup-pass',
      entity: '1201159100000000777',
      header: 'CHAICR',
      templateId: '1207161234567890777',
      text: 'Chai Corner: {#var#} answers your feedback: {#var#}{#var#}{#var#}',
    };
    const actor = { id: branch.id, ip: null };
    // Set up for review requests only: case replies still go from StarLoop's number.
    const requestsOnly = {
      channel: 'whatsapp' as const,
      enabled: true,
      phoneNumberId: own.phoneNumberId,
      templateName: 'review_request',
      templateLanguage: 'en',
      accessToken: own.token,
      caseTemplateName: null,
    };
    await updateChannelSettings(server.deps, actor, ZWhatsAppSettingsUpdate.parse(requestsOnly));
    const first = await lowReview({ consent: true }, { code: branch.code });
    expect((await api('GET', `/cases/${first.caseId}`, chain.ownerToken)).json().reach[0]).toMatchObject({
      channel: 'whatsapp',
      available: true,
      via: 'platform',
    });

    const view = await updateChannelSettings(
      server.deps,
      actor,
      ZWhatsAppSettingsUpdate.parse({ ...requestsOnly, caseTemplateName: 'case_reply_own' }),
    );
    expect(view.whatsapp).toMatchObject({ caseTemplateName: 'case_reply_own', caseReady: true });
    // A case template without its DLT id is refused, and nothing is saved.
    const smsSettings = {
      channel: 'sms' as const,
      enabled: true,
      userId: ownSms.userId,
      password: ownSms.password,
      principalEntityId: ownSms.entity,
      header: ownSms.header,
      dltTemplateId: '1207161234567890001',
      templateText: 'Hi {#var#}, please review {#var#}: {#var#}',
      variables: ['customerName', 'businessName', 'link'],
      caseTemplateText: ownSms.text,
    };
    await expect(
      updateChannelSettings(server.deps, actor, ZSmsSettingsUpdate.parse(smsSettings)),
    ).rejects.toThrow(CHANNEL_TEXTS.caseTemplateIdNeeded);
    const smsView = await updateChannelSettings(
      server.deps,
      actor,
      ZSmsSettingsUpdate.parse({ ...smsSettings, caseDltTemplateId: ownSms.templateId }),
    );
    expect(smsView.sms).toMatchObject({ caseDltTemplateId: ownSms.templateId, caseReady: true });
    sms.accounts.set(ownSms.userId, ownSms.password);
    sms.templates.set(ownSms.templateId, {
      text: ownSms.text,
      header: ownSms.header,
      principalEntityId: ownSms.entity,
    });

    const usageOf = async () =>
      (
        await server.deps.db
          .selectFrom('platformMessageUsage')
          .select('used')
          .where('ownerId', '=', branch.id)
          .executeTakeFirst()
      )?.used ?? 0;
    const { caseId, phone, wa } = await lowReview({ consent: true }, { code: branch.code });
    const reach = (await api('GET', `/cases/${caseId}`, chain.ownerToken)).json().reach;
    expect(reach.slice(0, 2)).toEqual([
      { channel: 'whatsapp', available: true, via: 'own', reason: null },
      { channel: 'sms', available: true, via: 'own', reason: null },
    ]);
    const before = await usageOf();
    expect((await send(caseId, { channel: 'whatsapp', text: 'क्षमा करें, हम कल कॉल करेंगे' })).statusCode).toBe(
      201,
    );
    expect(await runJob(caseId)).toBe('sent');
    const fromOwn = whatsapp.requests.filter(
      (r) => r.path.includes(own.phoneNumberId) && (r.body as { to?: string }).to === wa,
    );
    expect(fromOwn).toHaveLength(1);
    expect(fromOwn[0]!.headers.authorization).toBe(`Bearer ${own.token}`);
    expect(whatsapp.messages.filter((m) => m.to === wa)).toEqual([
      expect.objectContaining({
        phoneNumberId: own.phoneNumberId,
        template: {
          name: 'case_reply_own',
          language: 'en',
          parameters: [branch.businessName, 'क्षमा करें, हम कल कॉल करेंगे'],
        },
      }),
    ]);
    expect(
      (await send(caseId, { channel: 'sms', text: 'Sorry, we will call you tomorrow.' })).statusCode,
    ).toBe(201);
    expect(await runJob(caseId)).toBe('sent');
    const texts = sms.sent.filter((m) => `+${m.to}` === phone);
    expect(texts).toEqual([
      expect.objectContaining({ header: ownSms.header, dltTemplateId: ownSms.templateId }),
    ]);
    expect((await messagesOf(caseId)).map((m) => m.via)).toEqual(['own', 'own']);
    expect(await usageOf()).toBe(before);

    // The owner turns their number off: replies go from StarLoop's number again.
    await updateChannelSettings(
      server.deps,
      actor,
      ZWhatsAppSettingsUpdate.parse({ ...requestsOnly, caseTemplateName: 'case_reply_own' }),
    );
    await server.deps.db
      .updateTable('ownerChannelSettings')
      .set({ enabled: false })
      .where('ownerId', '=', branch.id)
      .execute();
    const after = (await api('GET', `/cases/${caseId}`, chain.ownerToken)).json().reach;
    expect(after[0]).toMatchObject({ channel: 'whatsapp', available: true, via: 'platform' });
  });

  it('replies by SMS on the DLT template; a keyword answer threads, STOP withdraws consent everywhere', async () => {
    const { caseId, phone } = await lowReview({ consent: true }, { language: 'en' });
    const text = 'Sorry about the wait. We have spoken to the team and it will not happen again.';
    expect((await send(caseId, { channel: 'sms', text })).statusCode).toBe(201);
    expect(await runJob(caseId)).toBe('sent');
    const texts = sms.sent.filter((m) => `+${m.to}` === phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text.replace(/\s+/g, ' ')).toContain('Reply from Chai Corner to your feedback:');
    const tooLong = await send(caseId, { channel: 'sms', text: 'x '.repeat(120) });
    expect(tooLong.statusCode).toBe(400);

    const platformUrl = `/api/webhooks/sms/0/${smsWebhookToken(SMS_SECRET, 0)}/inbound`;
    const msisdn = phone.replace('+', '');
    const answered = await server.app.inject({
      method: 'GET',
      url: `${platformUrl}?${keywordQuery({ msisdn, keyword: 'OK', content: 'OK thank you' })}`,
    });
    expect(answered.statusCode).toBe(200);
    let detail = (await api('GET', `/cases/${caseId}`, chain.ownerToken)).json();
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'message_in',
      channel: 'sms',
      text: 'OK OK thank you',
    });

    const stop = await server.app.inject({
      method: 'GET',
      url: `${platformUrl}?${keywordQuery({ msisdn, keyword: 'STOP' })}`,
    });
    expect(stop.statusCode).toBe(200);
    detail = (await api('GET', `/cases/${caseId}`, chain.ownerToken)).json();
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'consent_withdrawn', channel: 'sms' });
    expect(detail.contact.withdrawnAt).not.toBeNull();
    expect(detail.reach.every((r: { reason: string }) => r.reason === CASE_TEXTS.consentWithdrawn)).toBe(
      true,
    );
    const after = await send(caseId, { channel: 'whatsapp', text: 'Hello?' });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(CASE_TEXTS.consentWithdrawn);
  });

  it('replies by email with a reply address; the answer comes back through the inbound webhook', async () => {
    const { caseId } = await lowReview(
      { consent: true, phone: false, email: 'Meera@Example.in' },
      { language: 'en' },
    );
    expect((await send(caseId, { channel: 'email', text: 'Sorry. May we call you?' })).statusCode).toBe(201);
    expect(await runJob(caseId)).toBe('sent');
    const [message] = await messagesOf(caseId);
    const mail = await server.deps.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('toAddress', '=', 'meera@example.in')
      .executeTakeFirstOrThrow();
    const headers = (typeof mail.headers === 'string' ? JSON.parse(mail.headers) : mail.headers) as Record<
      string,
      string
    >;
    expect(headers['Reply-To']).toBe(`case+${message!.replyToken}@reply.starloop.test`);
    expect(mail.textBody).toContain('Sorry. May we call you?');

    const inbound = (secret: string, to: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/webhooks/email/inbound/${secret}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          From: 'Meera <meera@example.in>',
          FromFull: { Email: 'meera@example.in' },
          To: to,
          TextBody: 'Yes, after 6 pm please.\n\nOn Mon, Chai Corner wrote:\n> Sorry. May we call you?',
          MessageID: `msg-${caseId}`,
        }),
      });
    expect(
      (await inbound('wrong-secret', `case+${message!.replyToken}@reply.starloop.test`)).statusCode,
    ).toBe(404);
    expect(
      (await inbound(INBOUND_SECRET, `case+${message!.replyToken}@reply.starloop.test`)).statusCode,
    ).toBe(200);
    // The same mail posted twice is one answer.
    await inbound(INBOUND_SECRET, `case+${message!.replyToken}@reply.starloop.test`);
    const detail = (await api('GET', `/cases/${caseId}`, chain.ownerToken)).json();
    const answers = detail.timeline.filter((e: { kind: string }) => e.kind === 'message_in');
    expect(answers).toEqual([expect.objectContaining({ channel: 'email', text: 'Yes, after 6 pm please.' })]);
  });

  it('sends the one neutral invitation only once the case is resolved, and only once', async () => {
    const { caseId, wa } = await lowReview({ consent: true }, { language: 'ta' });
    const early = await send(caseId, { channel: 'whatsapp', kind: 'invitation' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CASE_TEXTS.invitationNotResolved);
    await api('PATCH', `/cases/${caseId}`, chain.ownerToken, { status: 'in_progress' });
    const resolved = await api('PATCH', `/cases/${caseId}`, chain.ownerToken, {
      status: 'resolved',
      outcome: 'not_recovered',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const invited = await send(caseId, { channel: 'whatsapp', kind: 'invitation', text: 'ignored' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ invitationSent: true, status: 'resolved' });
    const line = invited.json().timeline.at(-1);
    expect(line).toMatchObject({ kind: 'message_out', messageKind: 'invitation' });
    expect(line.text).toContain('Chai Corner');
    expect(line.text).not.toContain('ignored');
    expect((await send(caseId, { channel: 'whatsapp', kind: 'invitation' })).json().message).toBe(
      CASE_TEXTS.invitationSent,
    );
    await runJob(caseId);
    expect(whatsapp.messages.filter((m) => m.to === wa).at(-1)).toMatchObject({
      template: { language: 'ta' },
    });
  });

  it('keeps each branch to its own: staff of another branch get a 404 and nothing is sent', async () => {
    const other = chain.branches[1]!;
    const staff = await addMember(server, chain.accountId, 'staff', [other.id]);
    const { caseId } = await lowReview({ consent: true });
    const res = await send(caseId, { channel: 'whatsapp', text: 'Hello' }, staff.token);
    expect(res.statusCode).toBe(404);
    expect(await messagesOf(caseId)).toEqual([]);
  });

  it('serves reply templates in every page language; managers reword them, staff may not', async () => {
    const hindi = (await api('GET', '/cases/templates?language=hi', chain.ownerToken)).json();
    expect(hindi.templates).toEqual([
      { kind: 'apology', language: 'hi', text: DEFAULT_CASE_REPLIES.apology.hi, custom: false },
      { kind: 'callback', language: 'hi', text: DEFAULT_CASE_REPLIES.callback.hi, custom: false },
    ]);
    expect((await api('GET', '/cases/templates', chain.ownerToken)).json().templates).toHaveLength(16);
    expect((await api('GET', '/cases/templates?language=fr', chain.ownerToken)).statusCode).toBe(400);
    const own = 'क्षमा करें, हम आपको आज ही कॉल करेंगे।';
    const saved = await api('PUT', '/cases/templates', chain.ownerToken, {
      kind: 'apology',
      language: 'hi',
      text: own,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().templates[0]).toEqual({ kind: 'apology', language: 'hi', text: own, custom: true });
    const bribe = await api('PUT', '/cases/templates', chain.ownerToken, {
      kind: 'apology',
      language: 'en',
      text: 'Get a free coffee for a better review',
    });
    expect(bribe.statusCode).toBe(400);
    const staff = await addMember(server, chain.accountId, 'staff');
    expect(
      (await api('PUT', '/cases/templates', staff.token, { kind: 'apology', language: 'hi', text: 'x' }))
        .statusCode,
    ).toBe(403);
    const reset = await api('PUT', '/cases/templates', chain.ownerToken, {
      kind: 'apology',
      language: 'hi',
      text: '',
    });
    expect(reset.json().templates[0]).toMatchObject({ custom: false, text: DEFAULT_CASE_REPLIES.apology.hi });
  });

  it('splits an SMS reply over the DLT template’s variables, 30 characters each', () => {
    const rendered = renderCaseSms(
      SMS_TEMPLATE,
      'Chai Corner',
      'We are very sorry about the cold tea, it will not happen again.',
    );
    expect(rendered).toMatchObject({ ok: true, unicode: false });
    if (!rendered.ok) return;
    expect(rendered.text.replace(/\s+/g, ' ')).toBe(
      'Reply from Chai Corner to your feedback: We are very sorry about the cold tea, it will not happen again. -StarLoop',
    );
    expect(renderCaseSms(SMS_TEMPLATE, 'Chai Corner', 'x'.repeat(151))).toMatchObject({ ok: false });
  });
});
