import {
  ACCOUNT_CLOSURE_DAYS,
  ACCOUNT_TEXTS,
  ADMIN_TEXTS,
  CLOSURE_TEXTS,
  PUBLIC_TEXTS,
} from '@starloop/contract';
import {
  findAccountClosure,
  insertApiKey,
  insertPayment,
  insertReview,
  listEmails,
  softDeleteOwner,
  type TDb,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { CATALOGS } from '@starloop/review-page/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDeletedOwners } from '../../../jobs/maintenance.job.ts';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { addressSequence } from '../../../test/client-kit.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestAdmin, createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { runAccountClosures } from './account-closure.service.ts';

const DAY = 86_400_000;

const count = async (db: TDb, table: string, where = sql`true`) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db))
      .rows[0]!.n,
  );

describe(`closing an account, its 30 days, reopening and the erasure on ${testDriverName()}`, () => {
  let server: TTestServer;
  /** The server's clock: every step below moves it on purpose. */
  let clock = new Date('2026-12-01T06:00:00.000Z');
  const from = addressSequence('10.35');
  let adminToken: string;

  const call = (method: string, url: string, token: string | undefined, payload?: unknown) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': from() },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = (contactNumber: string, password: string) =>
    call('POST', '/api/users/login', undefined, { contactNumber, password });
  const freshAdminToken = async () => {
    const admin = await createTestAdmin(server, { role: 'admin' });
    return (await server.deps.tokens.issue('admin', admin.id)).token;
  };
  const phoneOf = async (personId: number) =>
    (
      await server.deps.db
        .selectFrom('persons')
        .select('phone')
        .where('id', '=', personId)
        .executeTakeFirstOrThrow()
    ).phone;

  beforeAll(async () => {
    server = await createTestServer({ APP_URL: 'https://starloop.test' }, { now: () => clock });
    adminToken = await freshAdminToken();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('closing', () => {
    let chain: TChain;
    let manager: Awaited<ReturnType<typeof addMember>>;
    let deletedBefore: number;

    beforeAll(async () => {
      chain = await createChain(server, { branches: 3, name: 'Closing Cafe' });
      manager = await addMember(server, chain.accountId, 'manager');
      // A branch an admin deleted before the closure stays deleted whatever happens next.
      deletedBefore = chain.branches[2]!.id;
      await softDeleteOwner(server.deps.db, deletedBefore, new Date(clock.getTime() - DAY));
      await server.deps.db
        .updateTable('persons')
        .set({
          passwordHash: await import('../../../auth/passwords.ts').then((m) => m.hashPassword('owner-pass')),
        })
        .where('id', '=', chain.ownerPersonId)
        .execute();
      await sql`insert into autopay_subscriptions (business_id, plan, razorpay_plan_id, razorpay_subscription_id,
        status, taxable_value, cgst, sgst, igst, amount)
        values (${chain.first.id}, 'professional', 'plan_x', ${`sub_close_${chain.first.id}`}, 'active', 100, 9, 9, 0, 118)`.execute(
        server.deps.db,
      );
      const campaign = await sql<{ id: string }>`insert into request_campaigns (owner_id, name, send_at)
        values (${chain.branches[1]!.id}, 'Diwali', ${new Date(clock.getTime() + 2 * DAY)}) returning id`.execute(
        server.deps.db,
      );
      await sql`insert into review_requests (owner_id, campaign_id, token, category, send_at)
        values (${chain.branches[1]!.id}, ${campaign.rows[0]!.id}, 'CloseTok01', 'service',
        ${new Date(clock.getTime() + 2 * DAY)})`.execute(server.deps.db);
      await insertApiKey(
        server.deps.db,
        { ownerId: chain.first.id, name: 'POS', prefix: 'sl_live_abcd', keyHash: `hash-${chain.first.id}` },
        10,
      );
    });

    it('is for the account’s owners only, with their password; a wrong one changes nothing', async () => {
      const byManager = await call('POST', '/api/v1/account/close', manager.token, {
        password: manager.password,
      });
      expect(byManager.statusCode).toBe(403);
      expect(byManager.json().message).toBe(ACCOUNT_TEXTS.accountForbidden);

      const wrong = await call('POST', '/api/v1/account/close', chain.ownerToken, { password: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: CLOSURE_TEXTS.passwordWrong, field: 'password' });

      const empty = await call('POST', '/api/v1/account/close', chain.ownerToken, { password: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(CLOSURE_TEXTS.passwordRequired);

      expect(await findAccountClosure(server.deps.db, chain.accountId)).toBeUndefined();
      expect((await call('GET', `/review/${chain.first.code}`, undefined)).statusCode).toBe(200);
    });

    it('closes at once: closed page in the page’s language, sessions and API keys revoked', async () => {
      const res = await call('POST', '/api/v1/account/close', chain.ownerToken, { password: 'owner-pass' });
      expect(res.statusCode, res.body).toBe(200);
      const erasureAt = new Date(clock.getTime() + ACCOUNT_CLOSURE_DAYS * DAY);
      expect(res.json()).toEqual({
        success: true,
        message: CLOSURE_TEXTS.closed('2026-12-31'),
        closed: true,
        closedAt: clock.toISOString(),
        erasureAt: erasureAt.toISOString(),
      });

      // The review pages: a polite closed page, in the language asked for.
      for (const lang of ['en', 'hi', 'ta'] as const) {
        const page = await call('GET', `/review/${chain.branches[1]!.code}?lang=${lang}`, undefined);
        expect(page.statusCode).toBe(410);
        // What the page shows (the catalog inlined for hydration holds every text).
        const shown = page.body.split('<script type="application/json"')[0]!;
        expect(shown).toContain(CATALOGS[lang].closedTitle);
        expect(shown).toContain(CATALOGS[lang].closedDetail);
        expect(shown).not.toContain(CATALOGS[lang].loadFailed);
      }
      const json = await call('GET', `/api/users/review-link/${chain.first.code}`, undefined);
      expect(json.statusCode).toBe(410);
      expect(json.json().message).toBe(PUBLIC_TEXTS.reviewPageClosed);
      // Another state keeps the spec's text: an inactive (not closed) page.
      const other = await createChain(server, { branches: 1, name: 'Open Dhaba' });
      await server.deps.db
        .updateTable('owners')
        .set({ status: 'inactive' })
        .where('id', '=', other.first.id)
        .execute();
      const inactive = await call('GET', `/api/users/review-link/${other.first.code}`, undefined);
      expect(inactive.json().message).toBe(PUBLIC_TEXTS.reviewPageInactive);

      // Nothing scheduled for it goes out.
      expect(
        await count(
          server.deps.db,
          'review_requests',
          sql`token = 'CloseTok01' and status = 'cancelled' and cancel_reason = 'account-closed'`,
        ),
      ).toBe(1);
      expect(
        await count(
          server.deps.db,
          'request_campaigns',
          sql`owner_id = ${chain.branches[1]!.id} and status = 'cancelled'`,
        ),
      ).toBe(1);
      // AutoPay stops charging it.
      expect(
        await count(
          server.deps.db,
          'autopay_subscriptions',
          sql`business_id = ${chain.first.id} and status = 'cancelled'`,
        ),
      ).toBe(1);
      // Every session of the account's people ends; its API keys are revoked.
      expect((await call('GET', '/api/users/me', chain.ownerToken)).statusCode).toBe(401);
      expect((await call('GET', '/api/users/me', manager.token)).statusCode).toBe(401);
      expect(
        await count(server.deps.db, 'api_keys', sql`owner_id = ${chain.first.id} and revoked_at is null`),
      ).toBe(0);
      // Its live branches are soft-deleted with the closure's mark; the one deleted before is not marked.
      const rows = await server.deps.db
        .selectFrom('owners')
        .select(['id', 'deletedAt', 'closedAt'])
        .where('accountId', '=', chain.accountId)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.id, r.closedAt?.toISOString() ?? null])).toEqual([
        [chain.branches[0]!.id, clock.toISOString()],
        [chain.branches[1]!.id, clock.toISOString()],
        [deletedBefore, null],
      ]);
      expect(rows.every((r) => r.deletedAt)).toBe(true);
    });

    it('lets the owner sign in to the closed state only: who they are, the closure, sign-out', async () => {
      const managerLogin = await login(manager.phone, manager.password);
      expect(managerLogin.statusCode).toBe(403);
      expect(managerLogin.json().message).toBe(CLOSURE_TEXTS.closedForMembers);

      const res = await login(await phoneOf(chain.ownerPersonId), 'owner-pass');
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().token as string;
      expect((await call('GET', '/api/users/me', token)).statusCode).toBe(200);
      const closure = await call('GET', '/api/v1/account/closure', token);
      expect(closure.json()).toMatchObject({ closed: true, closedAt: clock.toISOString() });
      for (const [method, url] of [
        ['GET', '/api/users/stats'],
        ['GET', '/api/v1/account/members'],
        ['GET', '/api/v1/account/retention'],
        ['POST', '/api/v1/account/close'],
      ] as const) {
        const refused = await call(
          method,
          url,
          token,
          method === 'POST' ? { password: 'owner-pass' } : undefined,
        );
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe(CLOSURE_TEXTS.restricted('2026-12-31'));
      }
      // What the 30 days are for: a copy of everything (issue 35 item 1).
      const started = await call('POST', '/api/v1/account/exports', token, {});
      expect(started.statusCode, started.body).toBe(202);
      const exportId = started.json().id as number;
      expect((await call('GET', `/api/v1/account/exports/${exportId}`, token)).statusCode).toBe(200);
      expect((await call('POST', '/api/users/logout', token)).statusCode).toBe(200);
    });

    it('is left to the closure by the soft-deleted owners’ purge, even past 30 days', async () => {
      const deps = { ...server.deps, now: () => new Date(clock.getTime() + 40 * DAY) };
      await purgeDeletedOwners(deps);
      // The branch deleted before the closure is not the closure's, but the account's: it stays until the erasure.
      expect(
        await count(server.deps.db, 'owners', sql`account_id = ${chain.accountId} and closed_at is not null`),
      ).toBe(2);
    });

    it('reopens within 30 days (admin): the closed branches come back, the earlier deleted one does not', async () => {
      clock = new Date(clock.getTime() + 10 * DAY);
      adminToken = await freshAdminToken();
      const res = await call('POST', `/api/admin/users/${chain.branches[1]!.id}/reopen`, adminToken, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: CLOSURE_TEXTS.reopened });
      expect(await findAccountClosure(server.deps.db, chain.accountId)).toBeUndefined();
      const rows = await server.deps.db
        .selectFrom('owners')
        .select(['id', 'deletedAt', 'closedAt'])
        .where('accountId', '=', chain.accountId)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.id, r.deletedAt !== null, r.closedAt])).toEqual([
        [chain.branches[0]!.id, false, null],
        [chain.branches[1]!.id, false, null],
      ]);
      expect((await call('GET', `/review/${chain.first.code}`, undefined)).statusCode).toBe(200);
      // The manager signs in again; API keys stay revoked.
      expect((await login(manager.phone, manager.password)).statusCode).toBe(200);
      expect(
        await count(server.deps.db, 'api_keys', sql`owner_id = ${chain.first.id} and revoked_at is null`),
      ).toBe(0);
      // Audited, by the admin.
      expect(
        await count(
          server.deps.db,
          'audit_log',
          sql`action = 'account.reopen' and target_id = ${chain.accountId}`,
        ),
      ).toBe(1);

      const again = await call('POST', `/api/admin/users/${chain.first.id}/reopen`, adminToken, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(CLOSURE_TEXTS.notClosed);
      const unknown = await call('POST', '/api/admin/users/987654321/reopen', adminToken, {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(ADMIN_TEXTS.userNotFound);
      const byOwner = await call('POST', `/api/admin/users/${chain.first.id}/reopen`, chain.ownerToken, {});
      expect(byOwner.statusCode).toBe(401);
    });
  });

  describe('the 30-day window, the emails and the erasure', () => {
    let chain: TChain;
    let closedAt: Date;
    let paymentId: number;
    let invoiceId: number;
    let otherReviewId: number;
    let aggregatesBefore: number;

    beforeAll(async () => {
      clock = new Date('2027-01-10T06:00:00.000Z');
      chain = await createChain(server, { branches: 2, name: 'Erased Eatery' });
      const other = await createChain(server, { branches: 1, name: 'Staying Sweets' });
      const db = server.deps.db;
      await db
        .updateTable('persons')
        .set({
          email: 'owner@erased.test',
          passwordHash: await import('../../../auth/passwords.ts').then((m) => m.hashPassword('owner-pass')),
        })
        .where('id', '=', chain.ownerPersonId)
        .execute();
      for (const [i, rating] of [5, 5, 4, 1].entries()) {
        const review = await insertReview(db, {
          ownerId: chain.branches[i % 2]!.id,
          rating,
          message: `Visit ${i}: the dosa was cold`,
          customerContact: 'ravi@example.in',
          createdAt: new Date('2026-12-05T10:00:00.000Z'),
        });
        await sql`insert into review_contacts (review_id, owner_id, phone_e164, email, consent, consent_at, consent_version, language)
          values (${review.id}, ${review.ownerId}, '+919811100001', 'ravi@example.in', true, now(), 'v1', 'en')`.execute(
          db,
        );
      }
      otherReviewId = (await insertReview(db, { ownerId: other.first.id, rating: 3, message: 'Fine' })).id;
      await sql`insert into contacts (owner_id, name, phone_e164) values (${chain.first.id}, 'Ravi', '+919811100001')`.execute(
        db,
      );
      paymentId = (
        await insertPayment(db, {
          ownerId: chain.first.id,
          plan: 'professional',
          purpose: 'registration',
          provider: 'test',
          amount: 235_882,
          status: 'captured',
          razorpayOrderId: `order_erase_${chain.first.id}`,
          capturedAt: new Date('2026-12-02T00:00:00.000Z'),
        })
      ).id;
      invoiceId = Number(
        (
          await sql<{
            id: string;
          }>`insert into invoices (kind, number, financial_year, serial, issued_at, account_id,
            business_id, payment_id, supplier, recipient, place_of_supply, place_of_supply_code, sac, description,
            taxable_value, cgst, sgst, igst, total)
          values ('invoice', ${`SL/26-27/9${chain.first.id}`}, '2026-27', ${900 + chain.first.id}, now(),
            ${chain.accountId}, ${chain.first.id}, ${paymentId}, '{"legalName":"StarLoop"}',
            '{"legalName":"Erased Eatery"}', 'Karnataka', '29', '998314', 'Professional plan', 199900, 17991, 17991,
            0, 235882) returning id`.execute(db)
        ).rows[0]!.id,
      );
      aggregatesBefore = await count(db, 'erased_review_aggregates');
      const res = await call('POST', '/api/v1/account/close', chain.ownerToken, { password: 'owner-pass' });
      expect(res.statusCode, res.body).toBe(200);
      closedAt = clock;
    });

    const runAt = (days: number) =>
      runAccountClosures({ ...server.deps, now: () => new Date(closedAt.getTime() + days * DAY) });
    const erasureMails = async () =>
      (await listEmails(server.deps.db, {})).filter((m) =>
        m.subject.startsWith('Your StarLoop account will be erased'),
      );

    it('emails the owners 7 days and 1 day before the erasure, each once', async () => {
      expect(await runAt(20)).toMatchObject({ notified: 0, erased: 0 });
      expect(await runAt(23.5)).toMatchObject({ notified: 1, erased: 0 });
      expect(await runAt(24)).toMatchObject({ notified: 0, erased: 0 });
      expect(await runAt(29.2)).toMatchObject({ notified: 1, erased: 0 });
      expect(await runAt(29.5)).toMatchObject({ notified: 0, erased: 0 });
      const mails = await erasureMails();
      expect(mails.map((m) => m.toAddress)).toEqual(['owner@erased.test', 'owner@erased.test']);
      expect(mails[0]!.subject).toBe('Your StarLoop account will be erased on 2027-02-09');
      expect(mails[0]!.textBody).toContain('Invoices and payment records are kept for 8 years');
      expect(mails[0]!.textBody).toContain('https://starloop.test/login');
    });

    it('refuses a reopen once the 30 days are over (409, saying why)', async () => {
      clock = new Date(closedAt.getTime() + ACCOUNT_CLOSURE_DAYS * DAY);
      adminToken = await freshAdminToken();
      const res = await call('POST', `/api/admin/users/${chain.first.id}/reopen`, adminToken, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CLOSURE_TEXTS.reopenWindowOver('2027-02-09'));
      expect(await findAccountClosure(server.deps.db, chain.accountId)).toBeDefined();
    });

    it('erases on the 30th day: personal data gone, reviews kept only as counts, invoices and payments kept', async () => {
      const db = server.deps.db;
      expect(await runAt(30.01)).toMatchObject({ erased: 1, failed: 0 });
      const ids = chain.branches.map((b) => b.id);
      expect(await count(db, 'accounts', sql`id = ${chain.accountId}`)).toBe(0);
      expect(await count(db, 'owners', sql`id in (${sql.join(ids)})`)).toBe(0);
      expect(await count(db, 'persons', sql`id = ${chain.ownerPersonId}`)).toBe(0);
      expect(await count(db, 'memberships', sql`account_id = ${chain.accountId}`)).toBe(0);
      expect(await count(db, 'reviews', sql`owner_id in (${sql.join(ids)})`)).toBe(0);
      expect(await count(db, 'review_contacts', sql`owner_id in (${sql.join(ids)})`)).toBe(0);
      expect(await count(db, 'contacts', sql`owner_id in (${sql.join(ids)})`)).toBe(0);
      expect(
        await count(db, 'auth_sessions', sql`subject_kind = 'owner' and subject_id = ${chain.ownerPersonId}`),
      ).toBe(0);
      // What remains: the counts (month, rating), nothing that names the business or the customer...
      // (one row per batch, month and rating; summed here, as a figure reads them)
      const aggregates = (
        await sql<{
          month: string;
          rating: number;
          reviews: number;
        }>`select to_char(month, 'YYYY-MM-DD') as month,
          rating, sum(reviews)::int as reviews from erased_review_aggregates group by month, rating
          order by month, rating`.execute(db)
      ).rows;
      expect(aggregates).toEqual([
        { month: '2026-12-01', rating: 1, reviews: 1 },
        { month: '2026-12-01', rating: 4, reviews: 1 },
        { month: '2026-12-01', rating: 5, reviews: 2 },
      ]);
      expect(aggregatesBefore).toBe(0);
      const columns = (
        await sql<{ columnName: string }>`select column_name from information_schema.columns
          where table_name = 'erased_review_aggregates' order by ordinal_position`.execute(db)
      ).rows.map((r) => r.columnName);
      expect(columns).toEqual(['month', 'rating', 'reviews', 'erased_at']);
      // ...the money records the law keeps, detached...
      const payment = await db
        .selectFrom('payments')
        .select(['ownerId', 'amount'])
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(payment).toEqual({ ownerId: null, amount: 235_882 });
      const invoice = await db
        .selectFrom('invoices')
        .select(['accountId', 'businessId', 'total', 'recipient'])
        .where('id', '=', invoiceId)
        .executeTakeFirstOrThrow();
      expect(invoice).toMatchObject({ accountId: null, businessId: null, total: 235_882 });
      expect(invoice.recipient).toMatchObject({ legalName: 'Erased Eatery' });
      // ...and the audit trail, which says what happened.
      expect(
        await count(
          db,
          'audit_log',
          sql`action in ('account.close', 'account.erase') and target_id = ${chain.accountId}`,
        ),
      ).toBe(2);
      // Another account is untouched.
      expect(await count(db, 'reviews', sql`id = ${otherReviewId}`)).toBe(1);
      // Nothing left to do.
      expect(await runAt(31)).toEqual({ notified: 0, erased: 0, failed: 0 });
      const gone = await call('POST', `/api/admin/users/${chain.first.id}/reopen`, adminToken, {});
      expect(gone.statusCode).toBe(404);
    });
  });
});
