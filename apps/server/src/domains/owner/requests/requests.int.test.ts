import { REQUEST_LIMITS, REQUEST_TEXTS } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callProcedure } from '../../../test/admin-auth-cases.ts';
import { addressSequence, postJson } from '../../../test/client-kit.ts';
import {
  bearer,
  customersCsv,
  deliveriesOf,
  importFile,
  ownerClient,
  requestsOf,
  settled,
  type TOwnerClient,
  trpcError,
} from '../../../test/requests-kit.ts';
import { createTestAdmin, createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { dispatchDueRequests } from './request-dispatch.worker.ts';

const DAY = 24 * 60 * 60 * 1000;
/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe(`review requests on ${testDriverName()}`, () => {
  let server: TTestServer;
  /** The server's clock: the rules (interval, hours, quota month) read it. */
  let clock = ist('2026-11-25T12:00:00');
  const freshIp = addressSequence('10.91');

  beforeAll(async () => {
    server = await createTestServer(
      {},
      { now: () => clock, rateLimits: { requestSendPerChannel: { points: 10_000 } } },
    );
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(() => {
    clock = ist('2026-11-25T12:00:00');
  });

  const outboxFor = (to: string) =>
    server.deps.db.selectFrom('emailOutbox').selectAll().where('toAddress', '=', to).orderBy('id').execute();
  const contact = async (client: TOwnerClient, fields: Record<string, unknown>) =>
    client.data(await client.mutate('owner.requests.addContact', { consent: true, ...fields })).contact;
  /** A contact added as `contact` does, sent a request at once. */
  const sendTo = async (client: TOwnerClient, fields: Record<string, unknown>) => {
    const added = await contact(client, fields);
    client.data(await client.mutate('owner.requests.send', { contactId: added.id }));
    return added;
  };
  /** A bearer header of a new admin. */
  const adminAuth = async (role?: 'admin') =>
    bearer((await server.deps.tokens.issue('admin', (await createTestAdmin(server, { role })).id)).token);
  const submitReview = (body: Record<string, unknown>) =>
    postJson(server, '/api/reviews/', { deviceId: `device-${Math.random()}`, ...body }, freshIp());

  describe('one request now', () => {
    it('sends by email with the short link and a List-Unsubscribe header; the mail stays in the outbox without SMTP (sent)', async () => {
      const client = await ownerClient(server, { businessName: 'Dosa Corner' });
      const asha = await contact(client, { name: 'Asha', email: 'asha@example.in' });
      const sent = client.data(await client.mutate('owner.requests.send', { contactId: asha.id }));
      expect(sent).toMatchObject({ success: true, message: REQUEST_TEXTS.requestQueued, contactId: asha.id });
      const [delivery] = await settled(server, client.owner.id, 1);
      expect(delivery).toMatchObject({ channel: 'email', purpose: 'initial', status: 'sent', attempts: 1 });
      const [request] = await requestsOf(server, client.owner.id);
      expect(request).toMatchObject({ status: 'sent', channel: 'email', category: 'service' });
      expect(request!.token).toMatch(/^[A-Za-z0-9]{10}$/);
      const [mail] = await outboxFor('asha@example.in');
      expect(mail).toMatchObject({
        status: 'outbox',
        category: 'review-request',
        subject: 'Dosa Corner would love your feedback',
      });
      expect(delivery!.providerMessageId).toBe(`outbox:${mail!.id}`);
      expect(mail!.textBody).toContain(`${server.config.appUrl}/r/${request!.token}`);
      expect(mail!.textBody).toContain('Hello Asha,');
      // The notice (issue 35): who keeps what, until when, and where to see or erase it.
      expect(mail!.textBody).toContain(
        `StarLoop stores it for them. See or erase your data: ${server.config.appUrl}/my-data`,
      );
      expect(mail!.headers?.['List-Unsubscribe']).toMatch(
        /^<http.*\/api\/unsubscribe\?token=r\d+\.[\w-]{22}>$/,
      );
      expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail!.textBody).toContain(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
      const history = client.data(await client.query('owner.requests.contactHistory', { id: asha.id }));
      expect(history.requests).toEqual([
        expect.objectContaining({
          status: 'sent',
          channel: 'email',
          category: 'service',
          deliveries: [expect.objectContaining({ channel: 'email', status: 'sent' })],
        }),
      ]);
    });

    it('adds the customer typed at the counter and sends at once, any hour (a service message)', async () => {
      clock = ist('2026-11-25T23:40:00');
      const client = await ownerClient(server);
      const sent = client.data(
        await client.mutate('owner.requests.send', {
          contact: {
            name: 'Late diner',
            email: 'late@example.in',
            consent: true,
            consentSource: 'in-person',
          },
        }),
      );
      expect(sent.sendAt).toBe(clock.toISOString());
      await settled(server, client.owner.id, 1);
      expect(await outboxFor('late@example.in')).toHaveLength(1);
    });
  });

  describe('the rules', () => {
    it('never asks the same customer twice in 90 days; the owner may shorten it, not below 30', async () => {
      const client = await ownerClient(server);
      const ravi = await sendTo(client, { email: 'ravi@example.in' });
      const again = trpcError(
        await client.mutate('owner.requests.send', { contactId: ravi.id }),
        403,
        REQUEST_TEXTS.tooSoon(90),
      );
      expect(again.data.field).toBe('contactId');
      clock = new Date(clock.getTime() + 60 * DAY);
      await client.signIn();
      trpcError(
        await client.mutate('owner.requests.send', { contactId: ravi.id }),
        403,
        REQUEST_TEXTS.tooSoon(90),
      );
      trpcError(
        await client.mutate('owner.requests.updateSettings', { intervalDays: 29 }),
        400,
        REQUEST_TEXTS.intervalDays,
      );
      expect(
        client.data(await client.mutate('owner.requests.updateSettings', { intervalDays: 30 })),
      ).toMatchObject({
        intervalDays: 30,
        channelOrder: ['whatsapp', 'sms', 'email'],
        availableChannels: expect.arrayContaining(['email']),
      });
      client.data(await client.mutate('owner.requests.send', { contactId: ravi.id }));
      expect(await requestsOf(server, client.owner.id)).toHaveLength(2);
      // The 91st day under the default rule.
      const other = await ownerClient(server);
      const meera = await sendTo(other, { email: 'meera@example.in' });
      clock = new Date(clock.getTime() + 90 * DAY + 60_000);
      await other.signIn();
      other.data(await other.mutate('owner.requests.send', { contactId: meera.id }));
    });

    it('asks only customers who consented and never one who opted out (the owner marking it)', async () => {
      const client = await ownerClient(server);
      const silent = await contact(client, { email: 'silent@example.in', consent: false });
      trpcError(
        await client.mutate('owner.requests.send', { contactId: silent.id }),
        403,
        REQUEST_TEXTS.noConsent,
      );
      const kiran = await contact(client, { email: 'kiran@example.in' });
      expect(client.data(await client.mutate('owner.requests.optOutContact', { id: kiran.id }))).toEqual({
        success: true,
        message: REQUEST_TEXTS.optedOut,
      });
      expect(client.data(await client.mutate('owner.requests.optOutContact', { id: kiran.id })).message).toBe(
        REQUEST_TEXTS.optedOutAlready,
      );
      trpcError(
        await client.mutate('owner.requests.send', { contactId: kiran.id }),
        403,
        REQUEST_TEXTS.optedOut,
      );
      // Adding the same customer again does not undo the opt-out.
      const re = client.data(
        await client.mutate('owner.requests.addContact', { email: 'kiran@example.in', consent: true }),
      );
      expect(re.contact).toMatchObject({ id: kiran.id, optOutSource: 'owner' });
      expect(re.contact.optedOutAt).not.toBeNull();
      const campaign = await client.mutate('owner.requests.createCampaign', {
        name: 'Everyone',
        contactIds: [silent.id, kiran.id],
      });
      trpcError(campaign, 400, REQUEST_TEXTS.campaignNoneEligible);
      expect(await requestsOf(server, client.owner.id)).toEqual([]);
      expect(await outboxFor('kiran@example.in')).toEqual([]);
    });

    it('stops requests to a customer who used the unsubscribe link in the email (GET shows, POST does)', async () => {
      const client = await ownerClient(server, { businessName: 'Chai Point' });
      const neha = await sendTo(client, { email: 'neha@example.in' });
      await settled(server, client.owner.id, 1);
      const [mail] = await outboxFor('neha@example.in');
      const link = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
      const path = link.slice(server.config.appUrl.length);
      const page = await server.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(REQUEST_TEXTS.unsubscribeConfirm('Chai Point'));
      expect(
        (await client.query('owner.requests.contactHistory', { id: neha.id })).json().result.data.contact
          .optedOutAt,
      ).toBeNull();
      // RFC 8058 one-click: a POST without a browser.
      const done = await server.app.inject({ method: 'POST', url: path });
      expect(done.json()).toEqual({ success: true, message: REQUEST_TEXTS.unsubscribeDone('Chai Point') });
      const again = await server.app.inject({ method: 'POST', url: path });
      expect(again.json().message).toBe(REQUEST_TEXTS.unsubscribeAlready('Chai Point'));
      const history = client.data(await client.query('owner.requests.contactHistory', { id: neha.id }));
      expect(history.contact).toMatchObject({ optOutSource: 'unsubscribe' });
      clock = new Date(clock.getTime() + 200 * DAY);
      await client.signIn();
      trpcError(
        await client.mutate('owner.requests.send', { contactId: neha.id }),
        403,
        REQUEST_TEXTS.optedOut,
      );
      // Only this business: the address still gets other mail, and a forged token is refused.
      expect(await server.deps.db.selectFrom('emailSuppressions').selectAll().execute()).not.toContainEqual(
        expect.anything(),
      );
      const forged = await server.app.inject({
        method: 'POST',
        url: path.replace(/\.[\w-]{22}$/, '.AAAAAAAAAAAAAAAAAAAAAA'),
      });
      expect(forged.statusCode).toBe(400);
    });

    it('holds campaign messages and reminders to 9 am - 9 pm IST (fixed clock), service messages go any hour', async () => {
      clock = ist('2026-11-25T22:00:00');
      const client = await ownerClient(server);
      const ids: number[] = [];
      for (const name of ['a', 'b', 'c'])
        ids.push((await contact(client, { email: `${name}@night.example.in` })).id);
      const campaign = client.data(
        await client.mutate('owner.requests.createCampaign', {
          name: 'Late campaign',
          contactIds: ids,
          reminderAfterDays: 2,
        }),
      );
      expect(campaign).toMatchObject({
        status: 'scheduled',
        sendAt: ist('2026-11-26T09:00:00').toISOString(),
      });
      expect(campaign.figures).toMatchObject({ requests: 3, waiting: 3, sent: 0 });
      clock = ist('2026-11-25T23:59:00');
      await dispatchDueRequests(server.deps);
      clock = ist('2026-11-26T08:59:00');
      await dispatchDueRequests(server.deps);
      expect(await deliveriesOf(server, client.owner.id)).toEqual([]);

      clock = ist('2026-11-26T09:00:00');
      await client.signIn();
      // The server's own once-a-minute dispatch may take them first: either way each goes once.
      await dispatchDueRequests(server.deps);
      await settled(server, client.owner.id, 3);
      const sent = client.data(await client.query('owner.requests.getCampaign', { id: campaign.id }));
      expect(sent).toMatchObject({ status: 'sent', figures: { requests: 3, waiting: 0, sent: 3 } });
      expect(sent.byChannel).toEqual([expect.objectContaining({ channel: 'email', sent: 3 })]);

      // One of them reviews; the reminder is due two days after the send, found at night it waits.
      const [first] = await requestsOf(server, client.owner.id);
      const review = await submitReview({ code: client.owner.code, rating: 4, placement: first!.token });
      expect(review.statusCode, review.body).toBe(201);
      clock = ist('2026-11-28T21:30:00');
      expect((await dispatchDueRequests(server.deps)).reminders).toBe(0);
      expect((await deliveriesOf(server, client.owner.id)).filter((d) => d.purpose === 'reminder')).toEqual(
        [],
      );
      clock = ist('2026-11-29T09:00:00');
      await dispatchDueRequests(server.deps);
      const all = await settled(server, client.owner.id, 5);
      expect(all.filter((d) => d.purpose === 'reminder').map((d) => d.status)).toEqual(['sent', 'sent']);
      expect(await outboxFor('a@night.example.in')).toHaveLength(1);
      expect((await outboxFor('b@night.example.in')).map((m) => m.subject)).toEqual([
        expect.stringMatching(/would love your feedback$/),
        expect.stringMatching(/^A quick reminder from /),
      ]);
      await client.signIn();
      const after = client.data(await client.query('owner.requests.getCampaign', { id: campaign.id }));
      expect(after.figures).toMatchObject({ remindersSent: 2, reviewed: 1, ratings: { 4: 1 } });
    });

    it('cancels a scheduled campaign and gives its requests back to the month', async () => {
      clock = ist('2026-11-25T21:30:00');
      const client = await ownerClient(server);
      const one = await contact(client, { email: 'one@cancel.example.in' });
      const campaign = client.data(
        await client.mutate('owner.requests.createCampaign', { name: 'Tomorrow', contactIds: [one.id] }),
      );
      expect(client.data(await client.query('owner.requests.summary')).usage.used).toBe(1);
      expect(client.data(await client.mutate('owner.requests.cancelCampaign', { id: campaign.id }))).toEqual({
        success: true,
        message: REQUEST_TEXTS.campaignCancelled,
      });
      trpcError(
        await client.mutate('owner.requests.cancelCampaign', { id: campaign.id }),
        409,
        REQUEST_TEXTS.campaignNotCancellable,
      );
      expect(client.data(await client.query('owner.requests.summary')).usage.used).toBe(0);
      clock = ist('2026-11-26T10:00:00');
      await dispatchDueRequests(server.deps);
      expect(await deliveriesOf(server, client.owner.id)).toEqual([]);
      expect((await requestsOf(server, client.owner.id))[0]).toMatchObject({
        status: 'cancelled',
        cancelReason: 'campaign-cancelled',
      });
    });
  });

  describe('plan quotas', () => {
    it('Essential: 100 requests a month; the plan screen shows the use; a new month starts again', async () => {
      const client = await ownerClient(server, { plan: 'essential' });
      await importFile(client, customersCsv(101, { prefix: 'quota' }));
      const all = client.data(await client.query('owner.requests.listContacts', { page: 1, limit: 100 }));
      expect(all.meta.total).toBe(101);
      trpcError(
        await client.mutate('owner.requests.createCampaign', { name: 'All', allReachable: true }),
        403,
        REQUEST_TEXTS.quotaTooSmall(101, 100),
      );
      const ids = all.contacts.map((c: { id: number }) => c.id);
      expect(ids).toHaveLength(100);
      const campaign = client.data(
        await client.mutate('owner.requests.createCampaign', { name: 'Hundred', contactIds: ids }),
      );
      expect(campaign.figures.requests).toBe(100);
      const plan = client.data(await client.query('owner.plan.get'));
      expect(plan.requests).toEqual({ month: '2026-11', used: 100, limit: REQUEST_LIMITS.essential });
      const rest = await server.deps.db
        .selectFrom('contacts')
        .select('id')
        .where('ownerId', '=', client.owner.id)
        .where('id', 'not in', ids)
        .executeTakeFirstOrThrow();
      trpcError(
        await client.mutate('owner.requests.send', { contactId: rest.id }),
        403,
        REQUEST_TEXTS.quotaReached(100, 'Essential'),
      );
      clock = ist('2026-12-01T10:00:00');
      await client.signIn();
      client.data(await client.mutate('owner.requests.send', { contactId: rest.id }));
      expect(client.data(await client.query('owner.plan.get')).requests).toEqual({
        month: '2026-12',
        used: 1,
        limit: 100,
      });
      await settled(server, client.owner.id, 101);
    }, 60_000);

    it('Professional: 1,000 a month', async () => {
      const client = await ownerClient(server, { plan: 'professional' });
      await importFile(client, customersCsv(150, { prefix: 'pro' }));
      const campaign = client.data(
        await client.mutate('owner.requests.createCampaign', { name: 'All', allReachable: true }),
      );
      expect(campaign.figures.requests).toBe(150);
      expect(client.data(await client.query('owner.requests.summary')).usage).toEqual({
        month: '2026-11',
        used: 150,
        limit: REQUEST_LIMITS.professional,
      });
      await settled(server, client.owner.id, 150);
    }, 60_000);
  });

  describe('the short link', () => {
    it('redirects to the review page with the request, counts a click, and ties the review to the request', async () => {
      const client = await ownerClient(server);
      await sendTo(client, { name: 'Asha', email: 'asha@link.example.in' });
      const [request] = await requestsOf(server, client.owner.id);
      const token = request!.token;

      const preview = await server.app.inject({
        method: 'GET',
        url: `/r/${token}`,
        headers: { 'user-agent': 'WhatsApp/2.23.20.0' },
      });
      expect(preview.statusCode).toBe(302);
      const head = await server.app.inject({ method: 'HEAD', url: `/r/${token}` });
      expect(head.statusCode).toBe(302);
      const click = await server.app.inject({
        method: 'GET',
        url: `/r/${token}`,
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' },
      });
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe(`/review/${client.owner.code}?p=${token}`);
      expect(click.headers['cache-control']).toBe('no-store');
      expect(click.headers['referrer-policy']).toBe('no-referrer');
      // A redirect and nothing else: no business, no customer.
      expect(click.body).not.toContain(client.owner.businessName);
      expect((await requestsOf(server, client.owner.id))[0]).toMatchObject({ clicks: 1 });
      expect((await requestsOf(server, client.owner.id))[0]!.firstClickedAt).toEqual(clock);

      for (const url of ['/r/AAAAAAAAAA', '/r/short', `/r/${token}x`, '/r/%27%3B--%20xx']) {
        const unknown = await server.app.inject({ method: 'GET', url });
        expect(unknown.statusCode, url).toBe(404);
        expect(unknown.body).toBe('This link is not valid.');
      }

      const page = await server.app.inject({ method: 'GET', url: click.headers.location as string });
      expect(page.statusCode).toBe(200);
      const res = await submitReview({
        code: client.owner.code,
        rating: 5,
        message: 'Lovely',
        placement: token,
      });
      expect(res.statusCode, res.body).toBe(201);
      const review = await server.deps.db
        .selectFrom('reviews')
        .selectAll()
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      const system = await server.deps.db
        .selectFrom('placements')
        .selectAll()
        .where('ownerId', '=', client.owner.id)
        .executeTakeFirstOrThrow();
      expect(system).toMatchObject({ name: 'Requests', system: 'requests', deletedAt: null });
      expect(review).toMatchObject({ reviewRequestId: request!.id, placementId: system.id });
      expect((await requestsOf(server, client.owner.id))[0]).toMatchObject({
        reviewId: review.id,
        rating: 5,
      });

      // A QR review beside it, and another business's link on this page: neither is a request's.
      const other = await ownerClient(server);
      await sendTo(other, { email: 'o@link.example.in' });
      const [foreign] = await requestsOf(server, other.owner.id);
      const qr = await submitReview({
        code: client.owner.code,
        rating: 3,
        message: 'Okay',
        placement: foreign!.token,
      });
      const qrRow = await server.deps.db
        .selectFrom('reviews')
        .selectAll()
        .where('id', '=', qr.json().id)
        .executeTakeFirstOrThrow();
      expect(qrRow).toMatchObject({ reviewRequestId: null, placementId: null });
      expect((await requestsOf(server, other.owner.id))[0]!.reviewId).toBeNull();

      await settled(server, client.owner.id, 1);
      expect(client.data(await client.query('owner.requests.summary'))).toMatchObject({
        reviewsFromRequests: 1,
        averageFromRequests: 5,
        qrReviews: 1,
        requestsSent: 1,
      });
      // The system placement is nobody's QR code: not listed, not renamable, not deletable.
      expect(client.data(await client.query('owner.placements.list')).placements).toEqual([]);
      trpcError(await client.mutate('owner.placements.rename', { id: system.id, name: 'Mine' }), 404);
      trpcError(await client.mutate('owner.placements.delete', { id: system.id }), 404);
      // Reviews are stamped by the database's clock, the range by the server's (fixed) one: a wide range.
      const stats = client.data(
        await client.query('owner.placements.stats', { from: '2026-11-01', to: '2027-10-31' }),
      );
      expect(stats.rows).toContainEqual(
        expect.objectContaining({ placement: expect.objectContaining({ name: 'Requests' }), ratings: 1 }),
      );
    });

    it('attributes a review given on the page without the script (the rate form) too', async () => {
      const client = await ownerClient(server);
      await sendTo(client, { email: 'noscript@example.in' });
      const [request] = await requestsOf(server, client.owner.id);
      const res = await server.app.inject({
        method: 'POST',
        url: `/review/${client.owner.code}/rate`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
        payload: `stars=5&p=${request!.token}`,
      });
      expect(res.statusCode, res.body).toBe(303);
      await expect.poll(async () => (await requestsOf(server, client.owner.id))[0]!.rating).toBe(5);
    });
  });

  describe('who may see what', () => {
    it("an owner never reaches another owner's contacts, requests, campaigns or imports", async () => {
      const a = await ownerClient(server);
      const b = await ownerClient(server);
      const secret = await contact(a, { name: 'A secret', email: 'secret@a.example.in' });
      const campaign = a.data(
        await a.mutate('owner.requests.createCampaign', { name: 'A only', contactIds: [secret.id] }),
      );
      const listed = b.data(await b.query('owner.requests.listContacts', { page: 1, limit: 100 }));
      expect(listed).toMatchObject({ contacts: [], counts: { total: 0, optedOut: 0 } });
      expect(b.data(await b.query('owner.requests.listCampaigns', { page: 1, limit: 10 })).campaigns).toEqual(
        [],
      );
      // B's calls on A's ids, in turn: [call, path, input, status, message].
      const refused: [TOwnerClient['query'], string, unknown, number, string][] = [
        [b.query, 'owner.requests.contactHistory', { id: secret.id }, 404, REQUEST_TEXTS.contactNotFound],
        [b.mutate, 'owner.requests.optOutContact', { id: secret.id }, 404, REQUEST_TEXTS.contactNotFound],
        [b.mutate, 'owner.requests.send', { contactId: secret.id }, 404, REQUEST_TEXTS.contactNotFound],
        [b.query, 'owner.requests.getCampaign', { id: campaign.id }, 404, REQUEST_TEXTS.campaignNotFound],
        [b.mutate, 'owner.requests.cancelCampaign', { id: campaign.id }, 404, REQUEST_TEXTS.campaignNotFound],
        [
          b.mutate,
          'owner.requests.createCampaign',
          { name: 'Steal', contactIds: [secret.id] },
          400,
          REQUEST_TEXTS.campaignNoneEligible,
        ],
      ];
      for (const [call, path, input, status, message] of refused) {
        trpcError(await call(path, input), status, message);
      }
      // B adding the same address gets its own contact; A's stays A's.
      const mine = await contact(b, { email: 'secret@a.example.in' });
      expect(mine.id).not.toBe(secret.id);
      expect(await requestsOf(server, b.owner.id)).toEqual([]);
      const history = a.data(await a.query('owner.requests.contactHistory', { id: secret.id }));
      expect(history.contact.optedOutAt).toBeNull();
      // No token or an admin token: 401 on every requests procedure.
      for (const headers of [{}, await adminAuth()]) {
        const res = await callProcedure(
          server,
          { path: 'owner.requests.listContacts', kind: 'query', input: {} },
          headers,
        );
        expect(res.statusCode).toBe(401);
      }
    });

    it('admins see per-owner monthly usage and the platform total', async () => {
      const client = await ownerClient(server);
      await sendTo(client, { email: 'usage@example.in' });
      const auth = await adminAuth('admin');
      const usage = await callProcedure(
        server,
        { path: 'admin.users.requests', kind: 'query', input: { id: client.owner.id } },
        auth,
      );
      expect(usage.statusCode, usage.body).toBe(200);
      const months = usage.json().result.data.months;
      expect(months).toHaveLength(12);
      expect(months.at(-1)).toEqual({ month: '2026-11', requests: 1 });
      expect(months[0]).toEqual({ month: '2025-12', requests: 0 });
      expect(usage.json().result.data.limit).toBe(REQUEST_LIMITS.essential);
      const overview = await callProcedure(server, { path: 'admin.overview.stats', kind: 'query' }, auth);
      const requests = overview.json().result.data.requests;
      expect(requests.month).toBe('2026-11');
      expect(requests.requests).toBeGreaterThanOrEqual(1);
      expect(requests.owners).toBeGreaterThanOrEqual(1);
      const ownerToken = client.auth;
      expect(
        (
          await callProcedure(
            server,
            { path: 'admin.users.requests', kind: 'query', input: { id: client.owner.id } },
            ownerToken,
          )
        ).statusCode,
      ).toBe(401);
    });

    it("keeps customers' names, phones and emails out of the log", async () => {
      const lines: string[] = [];
      const spies = (['info', 'warn', 'error', 'debug'] as const).map((level) =>
        vi.spyOn(server.deps.log, level).mockImplementation(((...args: unknown[]) => {
          lines.push(JSON.stringify(args));
        }) as never),
      );
      try {
        const client = await ownerClient(server);
        await importFile(client, 'name,phone,email\nZubin Quayle,9812345678,zubin.quayle@example.in\n');
        const c = await sendTo(client, { name: 'Zubin Quayle', phone: '9812345678' });
        await settled(server, client.owner.id, 1);
        client.data(await client.mutate('owner.requests.optOutContact', { id: c.id }));
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      expect(lines.length).toBeGreaterThan(0);
      const all = lines.join('\n');
      for (const secret of ['Zubin', 'Quayle', '9812345678', 'zubin.quayle@example.in'])
        expect(all).not.toContain(secret);
    });
  });
});
