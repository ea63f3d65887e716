import { listRenewalReminders, updateOwner } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWhatsApp, type TFakeWhatsApp } from '../../test/fake-whatsapp.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  type TTestServer,
} from '../../test/test-server.ts';
import { reminderDue, sendDueRenewalReminders } from './renewal-reminders.service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('which renewal reminder is due', () => {
  const end = new Date('2026-12-10T18:30:00Z');
  it.each([
    [8 * DAY, null],
    [7 * DAY, '7-days'],
    [2 * DAY, '7-days'],
    [DAY, '1-day'],
    [HOUR, '1-day'],
    [0, 'ended'],
    [-6 * DAY + HOUR, 'ended'],
    [-6 * DAY, 'grace-closing'],
    [-7 * DAY + HOUR, 'grace-closing'],
    [-7 * DAY, null],
  ])('%i ms before the end: %s', (before, kind) => {
    expect(reminderDue(end, new Date(end.getTime() - before))).toBe(kind);
  });
});

describe(`renewal reminders with a fixed clock on ${testDriverName()}`, () => {
  let server: TTestServer;
  // The Cloud API owners' review requests use; StarLoop's own sender (OPERATOR_WHATSAPP_*) is not set.
  let whatsapp: TFakeWhatsApp;
  let clock = new Date('2026-12-01T04:00:00Z');
  beforeAll(async () => {
    whatsapp = await startFakeWhatsApp();
    server = await createTestServer(
      { APP_URL: 'https://app.starloop.test', WHATSAPP_API_BASE: whatsapp.url },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await whatsapp?.close();
  });
  const mailsTo = (to: string) =>
    server.deps.db
      .selectFrom('emailOutbox')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', to)
      .where('category', '=', 'renewal-reminder')
      .orderBy('id')
      .execute();

  it('sends each reminder once, the latest due only, and none for a renewed period', async () => {
    const end = new Date(clock.getTime() + 6 * DAY);
    const owner = await createTestOwner(server, {
      email: 'renew@example.in',
      subscriptionStart: new Date(clock.getTime() - 24 * DAY),
      subscriptionEnd: end,
    });
    const other = await createTestOwner(server, {
      email: 'later@example.in',
      subscriptionEnd: new Date(clock.getTime() + 20 * DAY),
    });

    expect(await sendDueRenewalReminders(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await sendDueRenewalReminders(server.deps)).toBe(0);
    let mails = await mailsTo('renew@example.in');
    expect(mails.map((m) => m.subject)).toEqual([
      `Your StarLoop plan for ${owner.businessName} ends in 7 days`,
    ]);
    expect(mails[0]!.textBody).toContain(
      `Renew now: https://app.starloop.test/dashboard/plan?branch=${owner.id}`,
    );
    expect(await mailsTo('later@example.in')).toEqual([]);

    // The last day, twice in the same hour: one "ends tomorrow".
    clock = new Date(end.getTime() - 12 * HOUR);
    await sendDueRenewalReminders(server.deps);
    await sendDueRenewalReminders(server.deps);
    mails = await mailsTo('renew@example.in');
    expect(mails.map((m) => m.subject).at(-1)).toBe(
      `Your StarLoop plan for ${owner.businessName} ends tomorrow`,
    );
    expect(mails).toHaveLength(2);

    // Ended, then the day before the review page closes.
    clock = new Date(end.getTime() + HOUR);
    await sendDueRenewalReminders(server.deps);
    clock = new Date(end.getTime() + 6 * DAY + HOUR);
    await sendDueRenewalReminders(server.deps);
    clock = new Date(end.getTime() + 8 * DAY);
    await sendDueRenewalReminders(server.deps);
    mails = await mailsTo('renew@example.in');
    expect(mails.map((m) => m.subject).slice(2)).toEqual([
      `Your StarLoop plan for ${owner.businessName} has ended`,
      `Your review page for ${owner.businessName} closes tomorrow`,
    ]);
    expect((await listRenewalReminders(server.deps.db, owner.id)).map((r) => r.kind)).toEqual([
      '7-days',
      '1-day',
      'ended',
      'grace-closing',
    ]);
    // Without StarLoop's WhatsApp sender: email only.
    expect(whatsapp.requests).toEqual([]);
    expect((await listRenewalReminders(server.deps.db, owner.id)).map((r) => r.whatsappState)).toEqual([
      null,
      null,
      null,
      null,
    ]);

    // Renewed a day before its end: nothing more for the old period, and nothing yet for the new one.
    clock = new Date(end.getTime() - DAY - HOUR);
    const renewedEnd = new Date(end.getTime() + 30 * DAY);
    await updateOwner(server.deps.db, other.id, { subscriptionEnd: renewedEnd });
    const before = (await mailsTo('later@example.in')).length;
    await sendDueRenewalReminders(server.deps);
    expect((await mailsTo('later@example.in')).length).toBe(before);
  });

  it('lists renewals due in 30 days for admins, and lets one send a reminder by hand', async () => {
    clock = new Date('2027-02-01T04:00:00Z');
    const soon = await createTestOwner(server, {
      email: 'soon@example.in',
      subscriptionEnd: new Date(clock.getTime() + 12 * DAY),
    });
    await createTestOwner(server, { subscriptionEnd: new Date(clock.getTime() + 45 * DAY) });
    const admin = await createTestAdmin(server, { role: 'admin' });
    const headers = { authorization: `Bearer ${(await server.deps.tokens.issue('admin', admin.id)).token}` };
    const list = await server.app.inject({ method: 'GET', url: '/api/admin/renewals', headers });
    expect(list.statusCode, list.body).toBe(200);
    const renewals = list.json().renewals as { businessId: number; daysLeft: number }[];
    expect(renewals.find((r) => r.businessId === soon.id)).toMatchObject({
      daysLeft: 12,
      lastReminderAt: null,
    });
    expect(renewals.every((r) => r.daysLeft <= 30)).toBe(true);

    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/admin/renewals/${soon.id}/remind`,
      headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'Renewal reminder sent.' });
    expect((await mailsTo('soon@example.in')).map((m) => m.subject)).toEqual([
      `Renew your StarLoop plan for ${soon.businessName}`,
    ]);
    const far = await server.app.inject({
      method: 'POST',
      url: '/api/admin/renewals/999999/remind',
      headers,
    });
    expect(far.statusCode).toBe(404);
    const audit = await server.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'renewal.remind')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorId: admin.id, targetId: soon.id });
  });
});
