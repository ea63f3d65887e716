import { listCaseAlertBatches, listPushSubscriptions, type TOwnerPublic } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { QUEUES } from '../../jobs/queue.ts';
import { addMember } from '../../test/accounts-kit.ts';
import { startFakePush, type TFakeBrowserSubscription, type TFakePush } from '../../test/fake-push.ts';
import { bearer, procedureData } from '../../test/requests-kit.ts';
import {
  createTestOwner,
  createTestServer,
  ownerPersonId,
  type TTestServer,
} from '../../test/test-server.ts';
import { sendDueRenewalReminders } from '../billing/renewal-reminders.service.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';
import { runCaseAlertJob } from './case-alerts.worker.ts';
import { PUSH_SERVICE_HOSTS, pushEndpointAllowed } from './push-subscriptions.service.ts';

const URL = '/api/v1/me/push-subscriptions';
const DAY = 86_400_000;
/** An instant given as IST wall-clock time. */
const ist = (text: string) => new Date(`${text}+05:30`);

/**
 * Web Push (issue 34 item 2) against a fake push service on loopback: people subscribe their
 * browsers, a new low review reaches the subscribed member's phone as an encrypted push with a
 * VAPID signature, their preferences and quiet hours (fixed clock) are honoured, and a subscription
 * the push service calls gone (410) is disabled.
 */
describe(`push notifications on ${testDriverName()}`, () => {
  let server: TTestServer;
  let push: TFakePush;
  let clock = ist('2030-02-10T11:00');
  let seq = 0;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    push = await startFakePush();
    server = await createTestServer(
      {
        APP_URL: 'https://app.starloop.test',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:alerts@starloop.test',
        // The fake push service listens on loopback.
        OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on',
      },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await push?.close();
  });

  const waitFor = async <T>(
    check: () => Promise<T | undefined | false>,
    what: string,
    timeoutMs = 20_000,
  ) => {
    const started = Date.now();
    for (;;) {
      const found = await check();
      if (found) return found;
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  async function business() {
    seq += 1;
    const owner = await createTestOwner(server, {
      email: `push-${seq}-${Date.now()}@owner.test`,
      contactNumber: `98761${String(10000 + seq).slice(-5)}`,
      businessName: `Vada Pav Stall ${seq}`,
      plan: 'professional',
    });
    const personId = await ownerPersonId(server, owner.id);
    const token = (await server.deps.tokens.issue('owner', personId)).token;
    return { owner, personId, token };
  }

  const subscribe = (token: string, sub: Pick<TFakeBrowserSubscription, 'endpoint' | 'keys'>) =>
    server.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...bearer(token), 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile' },
      payload: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
    });

  async function review(owner: TOwnerPublic, rating: number, message: string) {
    const [row] = await server.deps.db
      .transaction()
      .execute((trx) => storeReviews(server.deps, trx, [{ owner, rating, message, createdAt: clock }]));
    return row!;
  }

  const pushJobs = async (personId: number) =>
    (
      await sql<{ state: string; startAfter: Date; data: { kind: string; payload: { title: string } } }>`
        select state, start_after as "startAfter", data from pgboss.job
         where name = ${QUEUES.pushSend} and (data->>'personId')::bigint = ${personId}
         order by created_on`.execute(server.deps.db)
    ).rows;
  const batchesOf = (personId: number) => listCaseAlertBatches(server.deps.db, personId);
  const setPreferences = async (token: string, body: Record<string, unknown>) => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/me/alert-preferences',
      headers: bearer(token),
      payload: {
        newCase: { email: true, whatsapp: true },
        overdue: { email: true, whatsapp: true },
        quietHours: null,
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('any member subscribes their own browser; the endpoint must be a push service; an API key is refused', async () => {
    const { owner, personId, token } = await business();
    const list = await server.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ publicKey: vapid.publicKey, subscriptions: [] });

    const phone = push.subscription();
    const created = await subscribe(token, phone);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile',
      lastSuccessAt: null,
      disabledAt: null,
    });
    // The endpoint is a capability: it is never answered back.
    expect(
      JSON.stringify((await server.app.inject({ method: 'GET', url: URL, headers: bearer(token) })).json()),
    ).not.toContain(phone.endpoint);
    // Subscribing the same browser again keeps one row.
    expect((await subscribe(token, phone)).statusCode).toBe(201);
    expect(await listPushSubscriptions(server.deps.db, personId)).toHaveLength(1);

    // Anything but a browser push service is refused, and nothing is stored.
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://fcm.googleapis.com/fcm/send/x',
      'ftp://127.0.0.1/x',
    ]) {
      const res = await subscribe(token, { endpoint, keys: phone.keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe(
        'The push endpoint must be an https address of a browser push service.',
      );
    }
    const badKeys = await subscribe(token, {
      endpoint: push.subscription().endpoint,
      keys: { p256dh: 'short', auth: 'x' },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(await listPushSubscriptions(server.deps.db, personId)).toHaveLength(1);

    // A staff member subscribes for themselves; an API key acts for no person.
    const staff = await addMember(server, owner.accountId, 'staff', [owner.id]);
    expect((await subscribe(staff.token, push.subscription())).statusCode).toBe(201);
    expect(await listPushSubscriptions(server.deps.db, staff.personId)).toHaveLength(1);
    const key = procedureData(
      await server.app.inject({
        method: 'POST',
        url: '/trpc/owner.integrations.apiKeys.create',
        headers: bearer(token),
        payload: { name: 'push' },
      }),
    ).key as string;
    expect((await subscribe(key, push.subscription())).statusCode).toBe(403);

    // Unsubscribing ends only the person's own subscription of that endpoint.
    const other = await server.app.inject({
      method: 'DELETE',
      url: `${URL}?endpoint=${encodeURIComponent(phone.endpoint)}`,
      headers: bearer(staff.token),
    });
    expect(other.statusCode).toBe(404);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${URL}?endpoint=${encodeURIComponent(phone.endpoint)}`,
      headers: bearer(token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listPushSubscriptions(server.deps.db, personId)).toHaveLength(0);
  });

  it('a new low review reaches the subscribed member’s phone as an encrypted, VAPID-signed push', async () => {
    clock = ist('2030-02-10T11:00');
    const { owner, personId, token } = await business();
    const phone = push.subscription();
    expect((await subscribe(token, phone)).statusCode).toBe(201);
    const prefs = await setPreferences(token, {});
    expect(prefs).toMatchObject({
      newCase: { push: true },
      overdue: { push: true },
      payment: { push: true },
      push: { available: true, reason: null, devices: 1 },
    });

    const written = await review(owner, 2, 'Pav was soggy and the chutney was missing');
    const [received] = await push.waitFor(phone.endpoint, 1, 20_000);
    expect(received!.status).toBe(201);
    expect(received!.vapidError).toBeNull();
    expect(received!.vapidKey).toBe(vapid.publicKey);
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(received!.headers.urgency).toBe('high');
    expect(Number(received!.headers.ttl)).toBeGreaterThan(0);
    const kase = await server.deps.db
      .selectFrom('cases')
      .select('id')
      .where('reviewId', '=', written.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(phone.decrypt(received!.body))).toEqual({
      title: `A new 2-star review for ${owner.businessName}`,
      body: '★★☆☆☆ Pav was soggy and the chutney was missing',
      url: `/dashboard/inbox?case=${kase.id}`,
      tag: `case-${kase.id}`,
    });
    // The push went with the alert batch, whose email went too.
    const [batch] = await batchesOf(personId);
    expect(batch).toMatchObject({ alertCount: 1 });
    await waitFor(
      async () => (await listPushSubscriptions(server.deps.db, personId))[0]?.lastSuccessAt !== null,
      'the subscription’s last success',
    );
  });

  it('honours the person’s choices: push off for new cases, and quiet hours hold the push until they end', async () => {
    clock = ist('2030-02-11T11:00');
    const { owner, personId, token } = await business();
    const phone = push.subscription();
    expect((await subscribe(token, phone)).statusCode).toBe(201);

    // New cases by email only: the batch goes, with no push.
    await setPreferences(token, { newCase: { email: true, whatsapp: false, push: false } });
    await review(owner, 1, 'Cold vada');
    const [batch] = await waitFor(async () => {
      const batches = await batchesOf(personId);
      return batches.length > 0 && batches;
    }, 'the email-only batch');
    expect(batch!.alertCount).toBe(1);
    expect(await pushJobs(personId)).toEqual([]);
    // A PUT that leaves push out (an older client) keeps the choice.
    expect(await setPreferences(token, { quietHours: { start: '22:00', end: '08:00' } })).toMatchObject({
      newCase: { push: false },
    });

    // Push back on, quiet hours 22:00-08:00: a review at 23:15 sends nothing...
    await setPreferences(token, {
      newCase: { email: false, whatsapp: false, push: true },
      quietHours: { start: '22:00', end: '08:00' },
    });
    clock = ist('2030-02-11T23:15');
    await review(owner, 2, 'Stale bread at night');
    await waitFor(async () => {
      const jobs = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = ${QUEUES.caseAlert} and data->>'kind' = 'person' and (data->>'personId')::bigint = ${personId}`.execute(
        server.deps.db,
      );
      return jobs.rows[0]!.n > 0;
    }, 'the follow-up at the end of quiet hours');
    expect(await pushJobs(personId)).toEqual([]);
    expect(push.pushesTo(phone.endpoint)).toEqual([]);

    // ...and at 08:00 the held alert goes as a push.
    clock = ist('2030-02-12T08:00');
    expect(await runCaseAlertJob(server.deps, { kind: 'person', personId })).toBe('sent');
    const [received] = await push.waitFor(phone.endpoint, 1, 20_000);
    expect(JSON.parse(phone.decrypt(received!.body)).title).toBe(
      `A new 2-star review for ${owner.businessName}`,
    );
  });

  it('a subscription the push service calls gone (410) is disabled and never pushed to again', async () => {
    clock = ist('2030-02-13T12:00');
    const { owner, personId, token } = await business();
    const gone = push.subscription();
    const live = push.subscription();
    expect((await subscribe(token, gone)).statusCode).toBe(201);
    expect((await subscribe(token, live)).statusCode).toBe(201);
    push.answer(gone.endpoint.split('/').pop()!, 410);

    await review(owner, 1, 'Burnt');
    await push.waitFor(gone.endpoint, 1, 20_000);
    await push.waitFor(live.endpoint, 1, 20_000);
    const rows = await waitFor(async () => {
      const subs = await listPushSubscriptions(server.deps.db, personId);
      return subs.some((s) => s.disabledAt !== null) && subs;
    }, 'the gone subscription disabled');
    const byEndpoint = new Map(rows.map((r) => [r.endpoint, r]));
    expect(byEndpoint.get(gone.endpoint)).toMatchObject({ disabledStatus: 410 });
    expect(byEndpoint.get(live.endpoint)!.disabledAt).toBeNull();
    const listed = (await server.app.inject({ method: 'GET', url: URL, headers: bearer(token) })).json();
    expect(
      listed.subscriptions.filter((s: { disabledAt: string | null }) => s.disabledAt !== null),
    ).toHaveLength(1);

    // The next alert (after the batch window) goes to the live one only.
    clock = ist('2030-02-13T12:30');
    await review(owner, 2, 'Burnt again');
    await push.waitFor(live.endpoint, 2, 20_000);
    expect(push.pushesTo(gone.endpoint)).toHaveLength(1);

    // Subscribing that browser again turns it back on.
    expect((await subscribe(token, gone)).statusCode).toBe(201);
    const revived = (await listPushSubscriptions(server.deps.db, personId)).find(
      (s) => s.endpoint === gone.endpoint,
    );
    expect(revived!.disabledAt).toBeNull();
  });

  it('a renewal reminder goes as a push to the owner it is addressed to, after their quiet hours', async () => {
    clock = ist('2030-03-01T23:30');
    seq += 1;
    const owner = await createTestOwner(server, {
      email: `renew-push-${seq}-${Date.now()}@owner.test`,
      contactNumber: `98762${String(10000 + seq).slice(-5)}`,
      businessName: `Misal House ${seq}`,
      plan: 'professional',
      subscriptionStart: new Date(clock.getTime() - 24 * DAY),
      subscriptionEnd: new Date(clock.getTime() + 6 * DAY),
    });
    const personId = await ownerPersonId(server, owner.id);
    const token = (await server.deps.tokens.issue('owner', personId)).token;
    expect((await subscribe(token, push.subscription())).statusCode).toBe(201);
    await setPreferences(token, { quietHours: { start: '22:00', end: '07:00' } });

    expect(await sendDueRenewalReminders(server.deps)).toBeGreaterThanOrEqual(1);
    const [job] = await pushJobs(personId);
    expect(job!.data.kind).toBe('renewal-reminder');
    expect(job!.data.payload.title).toBe(`Your StarLoop plan for ${owner.businessName} ends in 7 days`);
    expect(new Date(job!.startAfter)).toEqual(ist('2030-03-02T07:00'));
  });

  it('holds endpoints to the browsers’ push services', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/abc', false)).toBe(true);
    expect(pushEndpointAllowed('https://web.push.apple.com/QGx', false)).toBe(true);
    expect(pushEndpointAllowed('https://wns2-par02p.notify.windows.com/w/?token=x', false)).toBe(true);
    expect(pushEndpointAllowed('https://fcm.googleapis.com.evil.example/x', false)).toBe(false);
    expect(pushEndpointAllowed('https://fcm.googleapis.com:8443/x', false)).toBe(false);
    expect(pushEndpointAllowed('https://user:pw@fcm.googleapis.com/x', false)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9/push/x', false)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9/push/x', true)).toBe(true);
    expect(pushEndpointAllowed('http://10.0.0.5/push/x', true)).toBe(false);
    expect(PUSH_SERVICE_HOSTS.length).toBeGreaterThan(0);
  });
});
