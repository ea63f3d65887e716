import { REQUEST_TEXTS } from '@starloop/contract';
import { claimSendAttempt, settleSendAttempt } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeps } from '../../../context.ts';
import {
  deliveriesOf,
  e164,
  mobile,
  ownerClient,
  requestsOf,
  settled,
  type TOwnerClient,
  trpcError,
  waitFor,
} from '../../../test/requests-kit.ts';
import { startScriptedSmtp, type TScriptedSmtp } from '../../../test/scripted-smtp.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';
import type { TRequestChannel, TSendResult } from './channels/channel.types.ts';
import { registerChannel } from './channels/channel-registry.service.ts';
import { emailChannel } from './channels/email.channel.ts';
import { recordDeliveryEvent } from './delivery-events.service.ts';
import { optOutContact } from './opt-out.service.ts';
import { requestRetryDelaySeconds, sendDelivery } from './request-send.worker.ts';

/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);

/** A WhatsApp send attempt as sendOnce leaves it, holding the provider's id, in `state`. */
async function sendAttempt(
  deps: TDeps,
  attempt: { key: string; ownerId: number; deliveryId: number; providerMessageId: string },
  state: 'sending' | 'accepted',
) {
  await claimSendAttempt(deps.db, {
    idempotencyKey: attempt.key,
    channel: 'whatsapp',
    ownerId: attempt.ownerId,
    deliveryId: attempt.deliveryId,
    recipientHash: 'not-needed-here',
  });
  await settleSendAttempt(deps.db, attempt.key, { state, providerMessageId: attempt.providerMessageId });
}

/** A "delivered" report from WhatsApp for `providerMessageId`. */
const delivered = (deps: TDeps, providerMessageId: string) =>
  recordDeliveryEvent(deps, { channel: 'whatsapp', providerMessageId, status: 'delivered', at: deps.now() });

/**
 * A WhatsApp stand-in: accepts with an id, or answers "not now" while `outage` is on. With
 * `reportFirst` it is a fast provider: its "delivered" report arrives after the send attempt holds
 * the id and before the worker has written it on the delivery.
 */
function fakeWhatsapp() {
  const state = {
    outage: false,
    /** A 429 that says when to come back (seconds), while set. */
    retryAfter: undefined as number | undefined,
    reportFirst: false,
    calls: 0,
    accepted: [] as string[],
  };
  const channel: TRequestChannel = {
    name: 'whatsapp',
    available: (_settings, contact) => Boolean(contact.phoneE164),
    async send(deps, _settings, message): Promise<TSendResult> {
      state.calls += 1;
      if (state.outage) return { status: 'retry', error: 'HTTP 503 from the provider' };
      if (state.retryAfter !== undefined)
        return { status: 'retry', error: 'HTTP 429 from the provider', retryAfterSeconds: state.retryAfter };
      state.accepted.push(message.idempotencyKey);
      const providerMessageId = `wamid.${message.deliveryId}`;
      if (state.reportFirst) {
        const { idempotencyKey: key, ownerId, deliveryId } = message;
        await sendAttempt(deps, { key, ownerId, deliveryId, providerMessageId }, 'accepted');
        await delivered(deps, providerMessageId);
      }
      return { status: 'sent', providerMessageId };
    },
  };
  return { state, channel };
}

describe(`request deliveries on ${testDriverName()}`, () => {
  let server: TTestServer;
  const clock = ist('2026-11-25T11:00:00');
  const whatsapp = fakeWhatsapp();
  let restore: () => void;

  beforeAll(async () => {
    restore = registerChannel(whatsapp.channel);
    server = await createTestServer(
      {},
      { now: () => clock, rateLimits: { requestSendPerChannel: { points: 10_000 } } },
    );
  });
  afterAll(async () => {
    restore?.();
    await server?.stop();
  });

  const contact = async (client: TOwnerClient, fields: Record<string, unknown>) =>
    client.data(await client.mutate('owner.requests.addContact', { consent: true, ...fields })).contact;
  const campaignOf = async (client: TOwnerClient, id: number) =>
    client.data(await client.query('owner.requests.getCampaign', { id }));

  it('provider statuses move the delivery and the campaign figures, once; a failure falls back to email', async () => {
    const client = await ownerClient(server);
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      ids.push((await contact(client, { phone: mobile(100 + i), email: `wa${i}@example.in` })).id);
    }
    const campaign = client.data(
      await client.mutate('owner.requests.createCampaign', { name: 'WhatsApp first', contactIds: ids }),
    );
    const sent = await settled(server, client.owner.id, 4);
    expect(sent.map((d) => [d.channel, d.status])).toEqual(Array(4).fill(['whatsapp', 'sent']));
    const [d0, d1, d2, d3] = sent.map((d) => d.providerMessageId!);
    const at = new Date('2026-11-25T05:31:00.000Z');
    const event = (providerMessageId: string, status: 'delivered' | 'read' | 'failed', error?: string) =>
      recordDeliveryEvent(server.deps, {
        channel: 'whatsapp',
        providerMessageId,
        status,
        at,
        ...(error ? { error } : {}),
      });
    await event(d0!, 'delivered');
    await event(d1!, 'delivered');
    await event(d1!, 'read');
    // Read before delivered (webhooks come in any order): delivered is implied, never a step back.
    await event(d2!, 'read');
    await event(d2!, 'delivered');
    await event(d3!, 'failed', '131026: message undeliverable');
    const figures = async () => campaignOf(client, campaign.id);
    await settled(server, client.owner.id, 5);
    const first = await figures();
    expect(first.byChannel).toEqual([
      expect.objectContaining({ channel: 'whatsapp', sent: 3, delivered: 3, read: 2, failed: 0 }),
      expect.objectContaining({ channel: 'email', sent: 1, delivered: 0, read: 0, failed: 0 }),
    ]);
    expect(first.figures).toMatchObject({ requests: 4, sent: 4, delivered: 3, read: 2 });
    const rows = await deliveriesOf(server, client.owner.id);
    expect(rows.find((d) => d.providerMessageId === d2)).toMatchObject({
      status: 'read',
      deliveredAt: at,
      readAt: at,
    });
    expect(rows.find((d) => d.providerMessageId === d3)).toMatchObject({
      status: 'failed',
      error: '131026: message undeliverable',
    });
    expect(rows.at(-1)).toMatchObject({ channel: 'email', purpose: 'initial', status: 'sent' });

    // The same events again, late ones and unknown ones: nothing moves.
    await event(d0!, 'delivered');
    await event(d1!, 'delivered');
    await event(d1!, 'failed', 'late');
    await event(d3!, 'failed', 'again');
    await event('wamid.unknown', 'read');
    expect(await figures()).toEqual(first);
    expect(await deliveriesOf(server, client.owner.id)).toHaveLength(5);
  });

  it('a report that beats the worker to the message id is kept: the delivery is delivered, its request sent', async () => {
    const client = await ownerClient(server);
    const c = await contact(client, { phone: mobile(150) });
    whatsapp.state.reportFirst = true;
    try {
      client.data(await client.mutate('owner.requests.send', { contactId: c.id }));
      const [delivery] = await settled(server, client.owner.id, 1);
      expect(delivery).toMatchObject({
        channel: 'whatsapp',
        status: 'delivered',
        providerMessageId: `wamid.${delivery!.id}`,
        sentAt: clock,
        deliveredAt: clock,
        leaseUntil: null,
        error: null,
      });
      expect((await requestsOf(server, client.owner.id))[0]).toMatchObject({
        status: 'sent',
        channel: 'whatsapp',
        sentAt: clock,
      });
      // The worker's own record afterwards changes nothing, and the message went once.
      expect(await sendDelivery(server.deps, delivery!.id, { retryCount: 1 })).toBe('skipped');
      expect(whatsapp.state.accepted.filter((key) => key === delivery!.idempotencyKey)).toHaveLength(1);
    } finally {
      whatsapp.state.reportFirst = false;
    }
  });

  it('a report for a message no provider accepted yet is ignored', async () => {
    const client = await ownerClient(server);
    const c = await contact(client, { phone: mobile(160) });
    whatsapp.state.outage = true;
    try {
      client.data(await client.mutate('owner.requests.send', { contactId: c.id }));
      await waitFor(async () => (await deliveriesOf(server, client.owner.id))[0]?.error != null);
      const [queued] = await deliveriesOf(server, client.owner.id);
      // An attempt still sending (no answer yet) that somehow carries the id: not a sent message.
      const probe = {
        key: `${queued!.idempotencyKey}:probe`,
        ownerId: client.owner.id,
        deliveryId: queued!.id,
      };
      await sendAttempt(server.deps, { ...probe, providerMessageId: 'wamid.probe' }, 'sending');
      await delivered(server.deps, 'wamid.probe');
      expect((await deliveriesOf(server, client.owner.id))[0]).toMatchObject({
        status: 'queued',
        providerMessageId: null,
        deliveredAt: null,
      });
    } finally {
      whatsapp.state.outage = false;
    }
  });

  it('a provider outage queues, never drops and never sends twice', async () => {
    const client = await ownerClient(server);
    const c = await contact(client, { phone: mobile(200) });
    whatsapp.state.outage = true;
    const before = whatsapp.state.calls;
    client.data(await client.mutate('owner.requests.send', { contactId: c.id }));
    // The worker's first attempt: "not now"; the delivery stays queued with the reason.
    await waitFor(async () => whatsapp.state.calls > before);
    await waitFor(async () => (await deliveriesOf(server, client.owner.id))[0]?.leaseUntil === null);
    const [waiting] = await deliveriesOf(server, client.owner.id);
    expect(waiting).toMatchObject({ status: 'queued', error: expect.stringContaining('HTTP 503') });
    // Another attempt while it lasts (a retry): still queued, thrown for pg-boss to retry later.
    await expect(sendDelivery(server.deps, waiting!.id, { retryCount: 1 })).rejects.toThrow(/not sent yet/);
    whatsapp.state.outage = false;
    expect(await sendDelivery(server.deps, waiting!.id, { retryCount: 2 })).toBe('sent');
    // A retry that comes after it went (a lost acknowledgement, a second worker): nothing happens.
    expect(await sendDelivery(server.deps, waiting!.id, { retryCount: 3 })).toBe('skipped');
    expect(whatsapp.state.accepted.filter((key) => key === waiting!.idempotencyKey)).toHaveLength(1);
    expect((await deliveriesOf(server, client.owner.id))[0]).toMatchObject({ status: 'sent', error: null });
    expect((await requestsOf(server, client.owner.id))[0]).toMatchObject({
      status: 'sent',
      channel: 'whatsapp',
    });
  });

  it("waits as long as the provider's Retry-After says (never less than the backoff), counting a retry", async () => {
    /** The send jobs queued for a delivery: their retries so far and how far ahead they start. */
    const queuedSends = async (deliveryId: number) =>
      (
        await sql<{ retries: number | null; wait: number }>`
          select (data->>'retries')::int as retries,
                 extract(epoch from (start_after - now()))::float8 as wait
          from pgboss.job
          where name = 'request-send' and state = 'created' and (data->>'deliveryId')::int = ${deliveryId}
          order by start_after`.execute(server.deps.db)
      ).rows;
    const client = await ownerClient(server);
    const c = await contact(client, { phone: mobile(250) });
    whatsapp.state.retryAfter = 600;
    try {
      const before = whatsapp.state.calls;
      client.data(await client.mutate('owner.requests.send', { contactId: c.id }));
      await waitFor(async () => whatsapp.state.calls > before);
      await waitFor(async () => (await deliveriesOf(server, client.owner.id))[0]?.leaseUntil === null);
      const [limited] = await deliveriesOf(server, client.owner.id);
      expect(limited).toMatchObject({ status: 'queued', error: expect.stringContaining('HTTP 429') });
      // The worker's first attempt queued the next one ten minutes out, as its first retry.
      await waitFor(async () => (await queuedSends(limited!.id)).length === 1);
      const [next] = await queuedSends(limited!.id);
      expect(next!.retries).toBe(1);
      expect(next!.wait).toBeGreaterThan(590);
      expect(next!.wait).toBeLessThanOrEqual(600);

      // A short Retry-After on a later retry still waits the backoff (60 s after one retry).
      whatsapp.state.retryAfter = 5;
      expect(await sendDelivery(server.deps, limited!.id, { retryCount: 1 })).toBe('retry-later');
      const waits = await queuedSends(limited!.id);
      expect(waits.map((j) => j.retries)).toEqual([2, 1]);
      expect(waits[0]!.wait).toBeGreaterThan(requestRetryDelaySeconds(1) - 10);
      expect(waits[0]!.wait).toBeLessThanOrEqual(requestRetryDelaySeconds(1));

      // The last retry's answer is final: the request moves on instead of waiting again.
      expect(await sendDelivery(server.deps, limited!.id, { retryCount: 30 })).toBe('failed');
      expect((await deliveriesOf(server, client.owner.id))[0]).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^Not sent after every retry: HTTP 429/),
      });
    } finally {
      whatsapp.state.retryAfter = undefined;
    }
  });

  it('after every retry it moves on to the next channel instead of dropping the request', async () => {
    const client = await ownerClient(server);
    const c = await contact(client, { phone: mobile(300), email: 'fallback@example.in' });
    whatsapp.state.outage = true;
    client.data(await client.mutate('owner.requests.send', { contactId: c.id }));
    await waitFor(async () => (await deliveriesOf(server, client.owner.id))[0]?.error != null);
    await waitFor(async () => (await deliveriesOf(server, client.owner.id))[0]?.leaseUntil === null);
    const [first] = await deliveriesOf(server, client.owner.id);
    expect(await sendDelivery(server.deps, first!.id, { retryCount: 30 })).toBe('failed');
    whatsapp.state.outage = false;
    const rows = await settled(server, client.owner.id, 2);
    expect(rows.map((d) => [d.channel, d.status])).toEqual([
      ['whatsapp', 'failed'],
      ['email', 'sent'],
    ]);
    expect(rows[0]!.error).toMatch(/^Not sent after every retry: /);
  });

  it('a STOP opts the customer out of one owner, or of every owner when the sender is shared', async () => {
    const a = await ownerClient(server);
    const b = await ownerClient(server);
    const phone = mobile(400);
    const ca = await contact(a, { phone });
    const cb = await contact(b, { phone, email: 'stop@example.in' });
    // A campaign of A's scheduled for the evening: the STOP cancels it and gives the usage back.
    const later = a.data(
      await a.mutate('owner.requests.createCampaign', {
        name: 'Evening',
        contactIds: [ca.id],
        sendAt: ist('2026-11-25T19:00:00').toISOString(),
      }),
    );
    expect(a.data(await a.query('owner.requests.summary')).usage.used).toBe(1);
    expect(
      await optOutContact(server.deps, {
        channel: 'whatsapp',
        phoneE164: `+91 ${phone}`,
        ownerId: a.owner.id,
        source: 'stop-reply',
      }),
    ).toBe(1);
    expect(
      await optOutContact(server.deps, {
        channel: 'whatsapp',
        phoneE164: e164(400),
        ownerId: a.owner.id,
        source: 'stop-reply',
      }),
    ).toBe(0);
    expect(a.data(await a.query('owner.requests.contactHistory', { id: ca.id })).contact).toMatchObject({
      optOutSource: 'stop-reply',
    });
    expect(
      b.data(await b.query('owner.requests.contactHistory', { id: cb.id })).contact.optedOutAt,
    ).toBeNull();
    expect((await campaignOf(a, later.id)).figures).toMatchObject({ requests: 1, cancelled: 1, waiting: 0 });
    expect(a.data(await a.query('owner.requests.summary')).usage.used).toBe(0);
    // A shared sender number: no owner named, every owner's customer with that number.
    const c = await ownerClient(server);
    await contact(c, { phone });
    expect(
      await optOutContact(server.deps, { channel: 'sms', phoneE164: e164(400), source: 'stop-reply' }),
    ).toBe(2);
    trpcError(await b.mutate('owner.requests.send', { contactId: cb.id }), 403, REQUEST_TEXTS.optedOut);
    expect(
      await optOutContact(server.deps, { channel: 'sms', phoneE164: 'not a phone', source: 'stop-reply' }),
    ).toBe(0);
  });

  it('counts a customer who opted out after a sent request in that campaign', async () => {
    const client = await ownerClient(server);
    const c = await contact(client, { email: 'late-stop@example.in' });
    const campaign = client.data(
      await client.mutate('owner.requests.createCampaign', { name: 'Sent', contactIds: [c.id] }),
    );
    await settled(server, client.owner.id, 1);
    await optOutContact(server.deps, {
      channel: 'email',
      email: 'LATE-STOP@example.in',
      ownerId: client.owner.id,
      source: 'unsubscribe',
    });
    const figures = await campaignOf(client, campaign.id);
    expect(figures.figures.optedOut).toBe(1);
    expect(figures.byChannel).toEqual([expect.objectContaining({ channel: 'email', optedOut: 1 })]);
  });
});

describe(`request emails through an SMTP outage on ${testDriverName()}`, () => {
  let server: TTestServer;
  let smtp: TScriptedSmtp;
  /** How many mails the SMTP server took per address. */
  const takenPerAddress = () => {
    const counts = new Map<string, number>();
    for (const to of smtp.state.received) counts.set(to, (counts.get(to) ?? 0) + 1);
    return counts;
  };
  beforeAll(async () => {
    // Down: it refuses for now (451) until the test brings it back.
    smtp = await startScriptedSmtp('transient');
    server = await createTestServer(
      { SMTP_URL: smtp.url, REQUESTS_PROMOTIONAL_HOURS: '0-24' },
      { rateLimits: { requestSendPerChannel: { points: 10_000 } } },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('sends each message exactly once when the mail server comes back', async () => {
    const client = await ownerClient(server);
    const addresses = Array.from({ length: 5 }, (_, i) => `outage${i}@example.in`);
    const ids: number[] = [];
    for (const email of addresses) {
      ids.push(
        client.data(await client.mutate('owner.requests.addContact', { email, consent: true })).contact.id,
      );
    }
    const campaign = client.data(
      await client.mutate('owner.requests.createCampaign', { name: 'Through the outage', contactIds: ids }),
    );
    const deliveries = await settled(server, client.owner.id, 5);
    expect(deliveries.every((d) => d.status === 'sent')).toBe(true);
    const mails = () =>
      server.deps.db
        .selectFrom('emailOutbox')
        .selectAll()
        .where('category', '=', 'review-request')
        .where('toAddress', 'in', addresses)
        .execute();
    // The mail server refuses for now: every mail is waiting for a retry, none lost.
    await waitFor(
      async () => smtp.state.attempts >= 5 && (await mails()).every((m) => m.status === 'failed'),
    );
    expect((await mails()).every((m) => m.error?.includes('Try again later'))).toBe(true);
    // A request-send job run again (a lost acknowledgement) records no second mail.
    for (const d of deliveries)
      expect(await sendDelivery(server.deps, d.id, { retryCount: 0 })).toBe('skipped');
    const [one] = deliveries;
    const again = await emailChannel.send(server.deps, undefined, {
      deliveryId: one!.id,
      requestId: one!.requestId,
      idempotencyKey: one!.idempotencyKey,
      ownerId: client.owner.id,
      businessName: 'x',
      contact: { name: null, phoneE164: null, email: addresses[0]! },
      link: 'http://x/r/AAAAAAAAAA',
      language: 'en',
    });
    expect(again).toEqual({ status: 'sent', providerMessageId: one!.providerMessageId });
    expect(await mails()).toHaveLength(5);

    smtp.state.mode = 'ok';
    // The outbox says 'failed' before pg-boss files the job for a retry: wait for all five retries,
    // or one still active would be filed after the update below and wait its full 30 seconds.
    const mailIds = (await mails()).map((m) => String(m.id));
    const retrying = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = 'mail-send' and state = 'retry' and data->>'mailId' in (${sql.join(mailIds)})`.execute(
        server.deps.db,
      );
      return rows[0]!.n;
    };
    await waitFor(async () => (await retrying()) === 5);
    // Time passes: the retries are due now rather than in 30 seconds.
    await sql`update pgboss.job set start_after = now() where name = 'mail-send' and state = 'retry'`.execute(
      server.deps.db,
    );
    await waitFor(async () => (await mails()).every((m) => m.status === 'sent'), 30_000);
    expect([...takenPerAddress().entries()].sort()).toEqual(addresses.map((a) => [a, 1]).sort());
    // SMTP took them: the deliveries say delivered, and so do the figures.
    await waitFor(async () =>
      (await deliveriesOf(server, client.owner.id)).every((d) => d.status === 'delivered'),
    );
    const figures = client.data(await client.query('owner.requests.getCampaign', { id: campaign.id }));
    expect(figures.byChannel).toEqual([expect.objectContaining({ channel: 'email', sent: 5, delivered: 5 })]);
    // Sent mail keeps no working unsubscribe link, headers included.
    const sentMail = (await mails())[0]!;
    expect(sentMail.headers?.['List-Unsubscribe']).toBe('<[link removed after sending]>');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...takenPerAddress().values()]).toEqual([1, 1, 1, 1, 1]);
  }, 60_000);
});
