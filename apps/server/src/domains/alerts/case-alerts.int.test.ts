import { CASE_ALERT_BATCH_MINUTES } from '@starloop/contract';
import { listCaseAlertBatches, listEmails, type TOwnerPublic } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUEUES } from '../../jobs/queue.ts';
import { addMember } from '../../test/accounts-kit.ts';
import {
  inboundTextWebhook,
  metaSignature,
  startFakeWhatsApp,
  type TFakeWhatsApp,
} from '../../test/fake-whatsapp.ts';
import { bearer } from '../../test/requests-kit.ts';
import {
  createTestOwner,
  createTestServer,
  ownerPersonId,
  type TTestServer,
} from '../../test/test-server.ts';
import { storeReviews } from '../public/review/review-writer.service.ts';
import { runCaseAlertJob, runCaseAlertTick } from './case-alerts.worker.ts';

const PHONE_NUMBER_ID = '106540352242923';
const TOKEN = 'EAAGoperator-alerts-token-for-tests-0123456789';
const TEMPLATE = 'case_alert';
const APP_SECRET = 'meta-app-secret-for-alert-tests';
const APP_URL = 'https://app.starloop.test';
const MINUTE = 60_000;
/** An instant given as IST wall-clock time. */
const ist = (text: string) => new Date(`${text}+05:30`);

/**
 * Case alerts (issue 33 item 6) on a fixed clock: the server's own clock (deps.now) is set by the
 * test, so its job workers (which pick up the alert jobs queued in each review's transaction) and
 * the test's own calls see the same time. The clock is years ahead of the real one, so a follow-up
 * queued for "10 minutes later" never runs by itself: the test moves the clock and runs it.
 */
describe(`case alerts to the team on ${testDriverName()}`, () => {
  let server: TTestServer;
  let fake: TFakeWhatsApp;
  let clock = ist('2030-01-15T09:30');
  let seq = 0;

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    server = await createTestServer(
      {
        APP_URL,
        WHATSAPP_API_BASE: fake.url,
        WHATSAPP_APP_SECRET: APP_SECRET,
        OPERATOR_WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        OPERATOR_WHATSAPP_ACCESS_TOKEN: TOKEN,
        OPERATOR_WHATSAPP_RENEWAL_TEMPLATE: 'plan_renewal_reminder',
        OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE: TEMPLATE,
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
    fake.tokens.clear();
    fake.tokens.add(TOKEN);
    fake.templates.clear();
    fake.templates.add(TEMPLATE);
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

  /** A business with an owner who has an email and a mobile of their own. */
  async function business(overrides: Partial<Parameters<typeof createTestOwner>[1]> = {}) {
    seq += 1;
    const mobile = `98765${String(10000 + seq).slice(-5)}`;
    const email = `alerts-${seq}-${Date.now()}@owner.test`;
    const owner = await createTestOwner(server, {
      email,
      contactNumber: mobile,
      businessName: `Dosa Corner ${seq}`,
      plan: 'professional',
      ...overrides,
    });
    return { owner, email, mobile, to: `91${mobile}`, personId: await ownerPersonId(server, owner.id) };
  }

  /** Reviews through the review writer's seam at the clock's time (the listeners queue the alert job). */
  async function review(owner: TOwnerPublic, rating: number, message: string) {
    const [row] = await server.deps.db
      .transaction()
      .execute((trx) => storeReviews(server.deps, trx, [{ owner, rating, message, createdAt: clock }]));
    return row!;
  }

  /** The alert jobs of a branch, as pg-boss holds them. */
  const branchJobs = async (ownerId: number) =>
    (
      await sql<{ state: string; startAfter: Date; createdOn: Date }>`
        select state, start_after as "startAfter", created_on as "createdOn" from pgboss.job
         where name = ${QUEUES.caseAlert} and data->>'kind' = 'new-cases'
           and (data->>'ownerId')::bigint = ${ownerId}`.execute(server.deps.db)
    ).rows;
  /** Every alert job of the branch ran. */
  const branchJobsDone = (ownerId: number, count: number) =>
    waitFor(async () => {
      const jobs = await branchJobs(ownerId);
      return jobs.length === count && jobs.every((j) => j.state === 'completed') && jobs;
    }, `${count} alert jobs of branch ${ownerId}`);
  const personJobs = async (personId: number) =>
    (
      await sql<{ startAfter: Date }>`
        select start_after as "startAfter" from pgboss.job
         where name = ${QUEUES.caseAlert} and data->>'kind' = 'person'
           and (data->>'personId')::bigint = ${personId} order by start_after`.execute(server.deps.db)
    ).rows.map((r) => new Date(r.startAfter));
  const batchesOf = (personId: number) => listCaseAlertBatches(server.deps.db, personId);
  const alertMails = async (to: string) =>
    (await listEmails(server.deps.db, { to })).filter((m) => m.category === 'case-alert').reverse();
  const messagesTo = (to: string) => fake.messages.filter((m) => m.to === to);
  const caseOf = async (reviewId: number) =>
    server.deps.db.selectFrom('cases').selectAll().where('reviewId', '=', reviewId).executeTakeFirstOrThrow();
  const setPreferences = async (personId: number, body: Record<string, unknown>) => {
    const token = (await server.deps.tokens.issue('owner', personId)).token;
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
  };

  it('alert latency with a fixed clock: the first alert after a quiet spell leaves at once, a burst is grouped', async () => {
    clock = ist('2030-01-15T09:30');
    const { owner, email, to, personId } = await business();

    // 1. The review's transaction queues the branch's alert job to run at once...
    const first = await review(owner, 2, 'Idli was stale and the chutney sour');
    const [job] = await branchJobs(owner.id);
    expect(job).toBeDefined();
    expect(new Date(job!.startAfter).getTime() - new Date(job!.createdOn).getTime()).toBeLessThan(1000);
    // ...and the worker sends it at the review's own instant: email and WhatsApp, one batch.
    const [batch] = await waitFor(async () => {
      const batches = await batchesOf(personId);
      return batches.length > 0 && batches;
    }, 'the first alert');
    expect(batch!.createdAt).toEqual(clock);
    const kase = await caseOf(first.id);
    expect(batch!.alerts).toEqual([{ caseId: Number(kase.id), kind: 'new' }]);
    const [mail] = await alertMails(email);
    expect(mail!.subject).toBe(`New 2-star review for ${owner.businessName}`);
    expect(mail!.textBody).toContain('"Idli was stale and the chutney sour"');
    expect(mail!.textBody).toContain(`Open the case: ${APP_URL}/dashboard/inbox?case=${kase.id}`);
    expect(mail!.textBody).toContain('Respond by: 15 Jan 2030, 11:30 am IST');
    await waitFor(async () => messagesTo(to).length === 1, 'the WhatsApp alert');
    expect(messagesTo(to)[0]).toMatchObject({
      phoneNumberId: PHONE_NUMBER_ID,
      template: {
        name: TEMPLATE,
        language: 'en',
        parameters: ['a new 2-star review', owner.businessName, `${APP_URL}/dashboard/inbox?case=${kase.id}`],
      },
    });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);

    // 2. A burst within the batch window: nothing goes now; one follow-up waits for the window to close.
    clock = ist('2030-01-15T09:31');
    await review(owner, 1, 'Waited 40 minutes');
    clock = ist('2030-01-15T09:34');
    await review(owner, 3, 'Table was dirty');
    await branchJobsDone(owner.id, 3);
    expect(await batchesOf(personId)).toHaveLength(1);
    const closes = new Date(ist('2030-01-15T09:30').getTime() + CASE_ALERT_BATCH_MINUTES * MINUTE);
    const followUpAt = new Date(closes.getTime() + (personId % 30) * 1000);
    expect(await personJobs(personId)).toEqual([followUpAt]);

    // 3. When it closes, one message lists both, oldest first.
    clock = followUpAt;
    expect(await runCaseAlertJob(server.deps, { kind: 'person', personId })).toBe('sent');
    expect(await runCaseAlertJob(server.deps, { kind: 'person', personId })).toBe('none');
    const batches = await batchesOf(personId);
    expect(batches.map((b) => [b.createdAt, b.alertCount])).toEqual([
      [followUpAt, 2],
      [ist('2030-01-15T09:30'), 1],
    ]);
    const mails = await alertMails(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `New 2-star review for ${owner.businessName}`,
      `2 new low-rating reviews for ${owner.businessName}`,
    ]);
    const body = mails[1]!.textBody;
    expect(body.indexOf('Waited 40 minutes')).toBeGreaterThan(0);
    expect(body.indexOf('Table was dirty')).toBeGreaterThan(body.indexOf('Waited 40 minutes'));
    expect(messagesTo(to).map((m) => m.template.parameters)).toEqual([
      ['a new 2-star review', owner.businessName, `${APP_URL}/dashboard/inbox?case=${kase.id}`],
      ['2 new low-rating reviews', owner.businessName, `${APP_URL}/dashboard/inbox`],
    ]);

    // 4. After another quiet spell the next one goes at once again, alone.
    clock = ist('2030-01-15T10:15');
    await review(owner, 2, 'Cold sambar');
    await branchJobsDone(owner.id, 4);
    expect((await batchesOf(personId))[0]).toMatchObject({ createdAt: clock, alertCount: 1 });
    expect(await alertMails(email)).toHaveLength(3);
  });

  it('holds alerts in quiet hours and sends one summary when they end', async () => {
    clock = ist('2030-01-15T23:10');
    const { owner, email, to, personId } = await business();
    await setPreferences(personId, { quietHours: { start: '22:00', end: '08:00' } });

    await review(owner, 1, 'Rude at closing time');
    clock = ist('2030-01-16T01:48');
    await review(owner, 2, 'Burnt parotta');
    await branchJobsDone(owner.id, 2);
    expect(await batchesOf(personId)).toHaveLength(0);
    expect(messagesTo(to)).toHaveLength(0);
    const endsAt = new Date(ist('2030-01-16T08:00').getTime() + (personId % 30) * 1000);
    expect(await personJobs(personId)).toEqual([endsAt]);

    clock = endsAt;
    // The follow-up job's work (the minute's tick, on the same clock, may get there first).
    await runCaseAlertJob(server.deps, { kind: 'person', personId });
    expect((await batchesOf(personId)).map((b) => [b.createdAt, b.alertCount])).toEqual([[endsAt, 2]]);
    const [mail] = await alertMails(email);
    expect(mail!.subject).toBe(`2 new low-rating reviews for ${owner.businessName}`);
    expect(mail!.textBody).toContain(
      'While your quiet hours (22:00-08:00 IST) were on, 2 feedback cases need your attention:',
    );
    expect(mail!.textBody).toContain('Rude at closing time');
    expect(mail!.textBody).toContain('Burnt parotta');
    await waitFor(async () => messagesTo(to).length === 1, 'one WhatsApp summary');
    expect(messagesTo(to)[0]!.template.parameters[0]).toBe('2 new low-rating reviews');
  });

  it('tells the assignee, else the branch’s managers, else the owners, each on the channels they chose', async () => {
    clock = ist('2030-01-16T10:00');
    const { owner, email: ownerEmail, to: ownerTo, personId: ownerId } = await business();
    const manager = await addMember(server, owner.accountId, 'manager', [owner.id]);
    const managerEmail = `manager-${seq}@owner.test`;
    await server.deps.db
      .updateTable('persons')
      .set({ email: managerEmail })
      .where('id', '=', manager.personId)
      .execute();
    const staff = await addMember(server, owner.accountId, 'staff', [owner.id]);

    // A new case goes to the branch's manager, not the owner.
    await review(owner, 2, 'Long queue');
    await waitFor(async () => (await batchesOf(manager.personId)).length === 1, "the manager's alert");
    expect(await batchesOf(ownerId)).toHaveLength(0);
    expect((await alertMails(managerEmail)).map((m) => m.subject)).toEqual([
      `New 2-star review for ${owner.businessName}`,
    ]);
    await waitFor(async () => messagesTo(`91${manager.phone}`).length === 1, "the manager's WhatsApp");

    // The manager turns new-case alerts off: the next new case reaches the owner instead.
    await setPreferences(manager.personId, { newCase: { email: false, whatsapp: false } });
    clock = ist('2030-01-16T10:20');
    const second = await review(owner, 1, 'Wrong order');
    await waitFor(async () => (await batchesOf(ownerId)).length === 1, "the owner's alert");
    expect(await batchesOf(manager.personId)).toHaveLength(1);
    expect(await alertMails(ownerEmail)).toHaveLength(1);
    await waitFor(async () => messagesTo(ownerTo).length === 1, "the owner's WhatsApp");

    // Overdue: the case assigned to a staff member (no email) reaches them by WhatsApp only.
    const kase = await caseOf(second.id);
    await server.deps.db
      .updateTable('cases')
      .set({ assigneePersonId: staff.personId })
      .where('id', '=', kase.id)
      .execute();
    clock = new Date(new Date(kase.dueAt).getTime() - MINUTE);
    await runCaseAlertTick(server.deps);
    expect(await batchesOf(staff.personId)).toHaveLength(0);
    clock = new Date(new Date(kase.dueAt).getTime() + MINUTE);
    await runCaseAlertTick(server.deps);
    await runCaseAlertTick(server.deps);
    const [staffBatch] = await batchesOf(staff.personId);
    expect(staffBatch).toMatchObject({ alertCount: 1, emailId: null, whatsappState: 'sent' });
    expect(staffBatch!.alerts).toEqual([{ caseId: Number(kase.id), kind: 'overdue' }]);
    expect(messagesTo(`91${staff.phone}`).map((m) => m.template.parameters.slice(0, 2))).toEqual([
      ['a feedback case past its response time', owner.businessName],
    ]);
    // Told once: the case is marked, and nobody else was told about it.
    expect((await caseOf(second.id)).overdueAlertedAt).toEqual(clock);
    expect(await batchesOf(ownerId)).toHaveLength(1);
  });

  it('a case opened by hand (a 4-5 star complaint) is alerted too, but not to the person who opened it', async () => {
    clock = ist('2030-01-16T15:00');
    const { owner, personId: ownerId } = await business();
    const manager = await addMember(server, owner.accountId, 'manager', [owner.id]);
    const happy = await review(owner, 4, 'Good food but the bill was wrong');
    await branchJobsDone(owner.id, 0);
    const token = (await server.deps.tokens.issue('owner', ownerId)).token;
    const opened = await server.app.inject({
      method: 'POST',
      url: `/api/v1/reviews/${happy.id}/case`,
      headers: bearer(token),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    // The tick picks up a case no review job announced.
    clock = ist('2030-01-16T15:03');
    await runCaseAlertTick(server.deps);
    const [batch] = await waitFor(async () => {
      const batches = await batchesOf(manager.personId);
      return batches.length > 0 && batches;
    }, "the manager's alert");
    expect(batch!.alerts).toEqual([{ caseId: opened.json().id, kind: 'new' }]);
    await waitFor(async () => messagesTo(`91${manager.phone}`).length === 1, "the manager's WhatsApp");
    expect(messagesTo(`91${manager.phone}`)[0]!.template.parameters[0]).toBe(
      'a new 4-star review with a complaint',
    );
    expect(await batchesOf(ownerId)).toHaveLength(0);
  });

  it('drops a held overdue alert whose case was answered meanwhile, and honours a STOP to StarLoop’s number', async () => {
    clock = ist('2030-01-17T09:00');
    const { owner, email, to, personId } = await business();
    // STOP to StarLoop's own number: no more WhatsApp from it; email still goes.
    const stop = JSON.stringify(inboundTextWebhook(PHONE_NUMBER_ID, to, 'STOP'));
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(APP_SECRET, stop) },
      payload: stop,
    });
    expect(res.statusCode, res.body).toBe(200);

    const answered = await review(owner, 2, 'Noisy hall');
    await waitFor(async () => (await batchesOf(personId)).length === 1, 'the new-case alert');
    expect((await batchesOf(personId))[0]).toMatchObject({ whatsappState: null });
    expect(messagesTo(to)).toHaveLength(0);
    expect(await alertMails(email)).toHaveLength(1);

    // Overdue within the batch window of that alert: it waits...
    const kase = await caseOf(answered.id);
    await server.deps.db
      .updateTable('cases')
      .set({ dueAt: ist('2030-01-17T09:04') })
      .where('id', '=', kase.id)
      .execute();
    clock = ist('2030-01-17T09:05');
    await runCaseAlertTick(server.deps);
    expect(await batchesOf(personId)).toHaveLength(1);
    // ...and someone responds before it goes: nothing is sent about it.
    await server.deps.db
      .updateTable('cases')
      .set({ firstResponseAt: ist('2030-01-17T09:06') })
      .where('id', '=', kase.id)
      .execute();
    clock = ist('2030-01-17T09:11');
    expect(await runCaseAlertJob(server.deps, { kind: 'person', personId })).toBe('none');
    expect(await batchesOf(personId)).toHaveLength(1);
    expect(await alertMails(email)).toHaveLength(1);
  });

  it('alerts written but not delivered (a failed delivery) are sent by the tick, unless quiet hours hold them', async () => {
    clock = ist('2030-01-20T10:00');
    const { owner, email, personId } = await business();
    const first = await review(owner, 2, 'Stale bread');
    await waitFor(async () => (await batchesOf(personId)).length === 1, 'the first alert');
    // An overdue alert written whose delivery failed: nothing queued will send it.
    const kase = await caseOf(first.id);
    await server.deps.db
      .insertInto('caseAlerts')
      .values({ caseId: kase.id, personId, kind: 'overdue', createdAt: ist('2030-01-20T10:02') })
      .execute();
    clock = ist('2030-01-20T10:12');
    await runCaseAlertTick(server.deps);
    expect(await batchesOf(personId)).toHaveLength(1);
    clock = ist('2030-01-20T10:18');
    await runCaseAlertTick(server.deps);
    const batches = await batchesOf(personId);
    expect(batches).toHaveLength(2);
    expect(batches[0]!.alerts).toEqual([{ caseId: Number(kase.id), kind: 'overdue' }]);
    expect((await alertMails(email)).map((m) => m.subject)).toEqual([
      `New 2-star review for ${owner.businessName}`,
      `Overdue: a 2-star review for ${owner.businessName} has had no response`,
    ]);
  });

  it('the branch’s own switch (low-rating emails off, or the digest instead) silences its new-case alerts', async () => {
    clock = ist('2030-01-18T11:00');
    const off = await business({ notifyLowRatings: false });
    const digest = await business({ dailyDigest: true });
    await review(off.owner, 1, 'Off branch complaint');
    await review(digest.owner, 1, 'Digest branch complaint');
    await branchJobsDone(off.owner.id, 1);
    await branchJobsDone(digest.owner.id, 1);
    expect(await batchesOf(off.personId)).toHaveLength(0);
    expect(await batchesOf(digest.personId)).toHaveLength(0);
    // Claimed all the same: turning the switch on later does not send old news.
    expect(
      (
        await server.deps.db
          .selectFrom('cases')
          .select('alertedAt')
          .where('ownerId', '=', off.owner.id)
          .executeTakeFirstOrThrow()
      ).alertedAt,
    ).toEqual(clock);
  });

  it('a WhatsApp outage holds only the WhatsApp message: the tick retries it once the provider is back', async () => {
    clock = ist('2030-01-19T10:00');
    const { owner, email, to, personId } = await business();
    fake.mode = 'error';
    await review(owner, 2, 'AC not working');
    await waitFor(
      async () => (await batchesOf(personId))[0]?.whatsappState === 'pending',
      'a pending WhatsApp',
    );
    expect(await alertMails(email)).toHaveLength(1);
    expect(messagesTo(to)).toHaveLength(0);

    fake.mode = 'ok';
    clock = ist('2030-01-19T10:01');
    await runCaseAlertTick(server.deps);
    await runCaseAlertTick(server.deps);
    expect(messagesTo(to)).toHaveLength(1);
    expect((await batchesOf(personId))[0]).toMatchObject({ whatsappState: 'sent' });
    expect(JSON.stringify(await batchesOf(personId))).not.toContain(TOKEN);
    expect(await alertMails(email)).toHaveLength(1);
  });
});
