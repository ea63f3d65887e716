import {
  claimReplyRecipient,
  consumeOneTimeToken,
  DELETED_ACCOUNT,
  findPaymentByOrderId,
  insertEmail,
  insertManualPayment,
  insertPayment,
  insertRegistrationAttempt,
  insertReview,
  insertSession,
  issueOneTimeToken,
  listAdminPayments,
  lockLowRatingAlertWindow,
  markEmail,
  rebuildStatCounters,
  recordActivity,
  recordWebhookEvent,
  settleRegistrationAttempt,
  type TDb,
  upsertReplyTemplate,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOwner, createTestServer, ownerPersonId, type TTestServer } from '../test/test-server.ts';
import {
  MAINTENANCE_CRON,
  OWNER_PURGE_CRON,
  purgeDeletedOwners,
  runMaintenance,
  type TMaintenanceDeps,
} from './maintenance.job.ts';
import { QUEUES } from './queue.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const count = async (db: TDb, table: string, where = sql`true`) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db))
      .rows[0]!.n,
  );

/** Every counter metric's total, to compare with a rebuild from the tables. */
const counterTotals = async (db: TDb) =>
  (
    await sql<{ metric: string; n: string; amount: string }>`select metric, sum(n)::text as n,
      sum(amount)::text as amount from stat_counters group by metric having sum(n) <> 0 or sum(amount) <> 0
      order by metric`.execute(db)
  ).rows;

describe(`retention purges on ${testDriverName()}`, () => {
  let server: TTestServer;
  const start = new Date();
  /** The maintenance job's view of the world `ms` after `start`. */
  const at = (ms: number): TMaintenanceDeps => ({
    ...server.deps,
    now: () => new Date(start.getTime() + ms),
  });

  beforeAll(async () => {
    // Workers stay off the clock here: every run below is called with an injected clock.
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('runs once per tick across instances: both jobs are pg-boss schedules', async () => {
    const schedules = await server.deps.jobs.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: QUEUES.maintenance, cron: MAINTENANCE_CRON }),
        expect.objectContaining({ name: QUEUES.ownerPurge, cron: OWNER_PURGE_CRON }),
      ]),
    );
  });

  it('deletes expired sessions, spent or expired one-time links and old reply limits', async () => {
    const db = server.deps.db;
    const owner = await createTestOwner(server);
    const personId = await ownerPersonId(server, owner.id);
    const session = (id: string, expiresIn: number) =>
      insertSession(db, {
        id,
        subjectKind: 'owner',
        subjectId: personId,
        expiresAt: new Date(start.getTime() + expiresIn),
      });
    await session('purge-expiring', HOUR);
    await session('purge-live', 30 * DAY);
    const link = (ttlSeconds: number) =>
      issueOneTimeToken(db, { personId, kind: 'reset_password', ttlSeconds }, start);
    const expiring = await link(3600);
    const used = await link(7 * 86_400);
    expect(await consumeOneTimeToken(db, used.token, ['reset_password'], start)).toBeDefined();
    const live = await link(7 * 86_400);
    await claimReplyRecipient(db, 'limited@customer.test', { now: start, windowSeconds: 86_400 });

    const sessions = () => count(db, 'auth_sessions', sql`id in ('purge-expiring', 'purge-live')`);
    const links = () => count(db, 'one_time_tokens', sql`person_id = ${personId}`);
    const limits = () => count(db, 'reply_recipients');

    // Half an hour on: nothing is due but the used link.
    await runMaintenance(at(HOUR / 2));
    expect([await sessions(), await links(), await limits()]).toEqual([2, 2, 1]);
    // Two hours on: the expired session and link go.
    await runMaintenance(at(2 * HOUR));
    expect([await sessions(), await links(), await limits()]).toEqual([1, 1, 1]);
    const [left] = await db
      .selectFrom('oneTimeTokens')
      .select('expiresAt')
      .where('personId', '=', personId)
      .execute();
    expect(left!.expiresAt.getTime()).toBe(live.expiresAt.getTime());
    expect(expiring.expiresAt.getTime()).toBeLessThan(start.getTime() + 2 * HOUR);
    // A day on, the address's daily reply limit has nothing left to limit.
    await runMaintenance(at(DAY + HOUR));
    expect(await limits()).toBe(0);
  });

  it('deletes processed webhook ids after 90 days', async () => {
    const db = server.deps.db;
    expect(await recordWebhookEvent(db, 'evt_retention_1', 'payment.captured')).toBe(true);
    const kept = () => count(db, 'webhook_events', sql`event_id = 'evt_retention_1'`);
    await runMaintenance(at(89 * DAY));
    expect(await kept()).toBe(1);
    expect((await runMaintenance(at(91 * DAY))).webhookEvents).toBeGreaterThanOrEqual(1);
    expect(await kept()).toBe(0);
  });

  it('deletes sent mails with their attachments after 30 days, and keeps unsent ones', async () => {
    const db = server.deps.db;
    const attachments = [{ filename: 'r.csv', contentType: 'text/csv', contentBase64: 'YSxi' }];
    const sent = await insertEmail(db, { to: 'old@owner.test', subject: 'Report', text: 'x', attachments });
    await markEmail(db, sent.id, { status: 'sent', sentAt: start });
    const outbox = await insertEmail(db, { to: 'old@owner.test', subject: 'Kept', text: 'y' }, 'outbox');
    const failed = await insertEmail(db, { to: 'old@owner.test', subject: 'Kept too', text: 'z' }, 'failed');
    const exists = async (id: number) => (await count(db, 'email_outbox', sql`id = ${id}`)) === 1;

    await runMaintenance(at(29 * DAY));
    expect(await exists(sent.id)).toBe(true);
    expect((await runMaintenance(at(31 * DAY))).sentMails).toBeGreaterThanOrEqual(1);
    expect(await exists(sent.id)).toBe(false);
    expect(await exists(outbox.id)).toBe(true);
    expect(await exists(failed.id)).toBe(true);
  });

  it('really deletes owners soft-deleted over 30 days ago with their data, keeping payments detached', async () => {
    const db = server.deps.db;
    const gone = await createTestOwner(server, {
      name: 'Purged Person',
      businessName: 'Purged Pakode',
      email: 'purged@owner.test',
      deletedAt: start,
    });
    const recent = await createTestOwner(server, {
      email: 'recent@owner.test',
      deletedAt: new Date(start.getTime() + 5 * DAY),
    });
    const live = await createTestOwner(server, { email: 'live@owner.test' });

    for (let i = 0; i < 5; i++) {
      await insertReview(db, {
        ownerId: gone.id,
        rating: (i % 5) + 1,
        message: `purged review ${i}`,
        customerContact: `c${i}@customer.test`,
      });
    }
    await insertReview(db, { ownerId: recent.id, rating: 4, message: 'kept review' });
    await insertReview(db, { ownerId: live.id, rating: 5, message: 'live review' });
    const payment = (ownerId: number, status: 'captured' | 'pending', orderId: string) =>
      insertPayment(db, {
        ownerId,
        plan: 'essential',
        purpose: 'registration',
        provider: 'test',
        amount: 99_900,
        status,
        razorpayOrderId: orderId,
        ...(status === 'captured' ? { capturedAt: start } : {}),
      });
    const captured = await payment(gone.id, 'captured', 'order_purge_captured');
    const refund = await payment(gone.id, 'captured', 'order_purge_refund');
    const pending = await payment(gone.id, 'pending', 'order_purge_pending');
    const attempt = (paymentId: number) =>
      insertRegistrationAttempt(db, {
        paymentId,
        name: 'Purged Person',
        email: 'purged@owner.test',
        businessName: 'Purged Pakode',
        code: `purged-${paymentId}`,
        plan: 'essential',
      });
    await attempt(captured.id);
    await settleRegistrationAttempt(db, captured.id, { outcome: 'applied' }, start);
    await attempt(refund.id);
    await settleRegistrationAttempt(db, refund.id, { outcome: 'needs_refund', reason: 'phone' }, start);
    const manual = await insertManualPayment(
      db,
      { amount: 5000, paymentMethod: 'cash', email: 'purged@owner.test' },
      [gone.id, live.id],
    );
    await upsertReplyTemplate(db, gone.id, 'negative', 'Sorry {customerName}');
    const gonePerson = await ownerPersonId(server, gone.id);
    await issueOneTimeToken(db, { personId: gonePerson, kind: 'set_password', ttlSeconds: 3600 });
    await insertSession(db, {
      id: 'purged-owner-session',
      subjectKind: 'owner',
      subjectId: gonePerson,
      expiresAt: new Date(start.getTime() + 30 * DAY),
    });
    await recordActivity(db, {
      type: 'user',
      message: 'Purged Pakode was deleted by Admin',
      code: gone.code,
      ownerId: gone.id,
    });
    await db.transaction().execute((trx) => lockLowRatingAlertWindow(trx, gone.id));
    await db
      .insertInto('ownerDigests')
      .values({ ownerId: gone.id, digestDate: '2026-01-01', reviewCount: 1 })
      .execute();

    // 29 days after the soft delete: nothing is due yet.
    expect(await purgeDeletedOwners(at(29 * DAY))).toEqual({ purged: 0, failed: 0 });
    expect(await count(db, 'owners', sql`id = ${gone.id}`)).toBe(1);

    // 31 days after: the owner goes, reviews in batches of two.
    expect(await purgeDeletedOwners(at(31 * DAY), { reviewBatch: 2 })).toEqual({ purged: 1, failed: 0 });
    const of = (column: string) => sql`${sql.ref(column)} = ${gone.id}`;
    expect(await count(db, 'owners', of('id'))).toBe(0);
    for (const table of [
      'reviews',
      'owner_review_stats',
      'reply_templates',
      'owner_digests',
      'low_rating_alert_windows',
      'manual_payment_owners',
      'activity_events',
    ]) {
      expect(await count(db, table, of('owner_id')), table).toBe(0);
    }
    // Its account was its only one: the account and its person go, with their links and sessions.
    expect(await count(db, 'accounts', sql`id = ${gone.accountId}`)).toBe(0);
    expect(await count(db, 'persons', sql`id = ${gonePerson}`)).toBe(0);
    expect(await count(db, 'one_time_tokens', sql`person_id = ${gonePerson}`)).toBe(0);
    expect(await count(db, 'auth_sessions', sql`subject_kind = 'owner' and subject_id = ${gonePerson}`)).toBe(
      0,
    );
    expect(await count(db, 'reviews', sql`customer_contact like 'c_@customer.test'`)).toBe(0);

    // Money records stay, detached: payments with owner_id null, the manual payment without its
    // link, and only the refund-owed registration details (the applied one was the owner's data).
    const kept = await db
      .selectFrom('payments')
      .select(['id', 'ownerId', 'amount', 'status'])
      .where('id', 'in', [captured.id, refund.id, pending.id])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { id: captured.id, ownerId: null, amount: 99_900, status: 'captured' },
      { id: refund.id, ownerId: null, amount: 99_900, status: 'captured' },
      { id: pending.id, ownerId: null, amount: 99_900, status: 'pending' },
    ]);
    expect(await count(db, 'registration_attempts', sql`payment_id = ${captured.id}`)).toBe(0);
    expect(await count(db, 'registration_attempts', sql`payment_id = ${refund.id}`)).toBe(1);
    expect(await count(db, 'manual_payments', sql`id = ${manual.id}`)).toBe(1);
    expect(await count(db, 'manual_payment_owners', sql`manual_payment_id = ${manual.id}`)).toBe(1);
    // The back office still lists them, under 'Deleted account'.
    const page = await listAdminPayments(db, { page: 1, limit: 100, search: undefined });
    const listed = page.rows.find((row) => row.id === captured.id);
    expect(listed).toMatchObject({
      ownerId: null,
      ownerName: DELETED_ACCOUNT,
      businessName: DELETED_ACCOUNT,
    });
    // A detached payment is part of no payment flow any more (verify, webhook, reconcile).
    expect(await findPaymentByOrderId(db, 'order_purge_captured')).toBeUndefined();

    // The others are untouched, and every platform counter still matches the tables.
    expect(await count(db, 'owners', sql`id in (${recent.id}, ${live.id})`)).toBe(2);
    expect(await count(db, 'reviews', sql`owner_id in (${recent.id}, ${live.id})`)).toBe(2);
    const before = await counterTotals(db);
    await rebuildStatCounters(db);
    expect(await counterTotals(db)).toEqual(before);

    // The recently deleted owner goes once its 30 days are up.
    expect(await purgeDeletedOwners(at(36 * DAY))).toEqual({ purged: 1, failed: 0 });
    expect(await count(db, 'owners', sql`id = ${recent.id}`)).toBe(0);
  });
});
