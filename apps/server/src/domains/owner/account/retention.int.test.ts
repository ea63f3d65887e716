import { CLOSURE_TEXTS, RETENTION_DEFAULTS } from '@starloop/contract';
import { insertReview, type TDb } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../../../jobs/maintenance.job.ts';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { addressSequence } from '../../../test/client-kit.ts';
import { parseCsv } from '../../../test/parse-csv.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestAdmin, createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { purgeExpiredCustomerData } from './account-closure.service.ts';

const DAY = 86_400_000;

describe(`retention, the grievance officer and the audit export on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  let other: TChain;
  const from = addressSequence('10.36');
  /** A fixed clock: the purge runs "now" = this instant. */
  const NOW = new Date('2027-06-15T03:00:00.000Z');

  const call = (method: string, url: string, token: string | undefined, payload?: unknown) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': from() },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const reviewAt = async (db: TDb, ownerId: number, daysAgo: number) => {
    const review = await insertReview(db, {
      ownerId,
      rating: 2,
      message: `Feedback ${daysAgo} days old`,
      customerContact: `c${daysAgo}@example.in`,
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
    });
    await sql`insert into review_contacts (review_id, owner_id, email, consent, consent_at, consent_version, language,
      created_at) values (${review.id}, ${ownerId}, ${`c${daysAgo}@example.in`}, true, ${review.createdAt}, 'v1', 'en',
      ${review.createdAt})`.execute(db);
    return review.id;
  };
  let phoneSeq = 0;
  const contactAt = async (db: TDb, ownerId: number, name: string, daysAgo: number, optedOut = false) => {
    phoneSeq += 1;
    const at = new Date(NOW.getTime() - daysAgo * DAY);
    await sql`insert into contacts (owner_id, name, phone_e164, created_at, updated_at, opted_out_at, opt_out_source)
      values (${ownerId}, ${name}, ${`+9198${String(phoneSeq).padStart(8, '0')}`}, ${at}, ${at},
      ${optedOut ? at : null}, ${optedOut ? 'owner' : null})`.execute(db);
  };

  beforeAll(async () => {
    server = await createTestServer();
    chain = await createChain(server, { branches: 1, name: 'Retention Rasoi' });
    other = await createChain(server, { branches: 1, name: 'Default Dhaba' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('starts at the stated defaults; owners set it, with a clear 400 out of range', async () => {
    const res = await call('GET', '/api/v1/account/retention', chain.ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ contactRetentionDays: 365, feedbackRetentionDays: 1095 });
    expect(RETENTION_DEFAULTS).toEqual(res.json());

    const bad = await call('PUT', '/api/v1/account/retention', chain.ownerToken, {
      contactRetentionDays: 10,
      feedbackRetentionDays: 400,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: CLOSURE_TEXTS.retentionDays, field: 'contactRetentionDays' });

    const manager = await addMember(server, chain.accountId, 'manager');
    expect((await call('GET', '/api/v1/account/retention', manager.token)).statusCode).toBe(403);

    const ok = await call('PUT', '/api/v1/account/retention', chain.ownerToken, {
      contactRetentionDays: 90,
      feedbackRetentionDays: 180,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      message: CLOSURE_TEXTS.retentionSaved,
      contactRetentionDays: 90,
      feedbackRetentionDays: 180,
    });
  });

  it('the purge, on a fixed clock, removes what is past each account’s retention and nothing else', async () => {
    const db = server.deps.db;
    const fresh = await reviewAt(db, chain.first.id, 60);
    const pastContacts = await reviewAt(db, chain.first.id, 120);
    const pastBoth = await reviewAt(db, chain.first.id, 200);
    // The other account keeps the defaults (365 and 1095 days).
    const otherYoung = await reviewAt(db, other.first.id, 200);
    const otherOld = await reviewAt(db, other.first.id, 400);
    await contactAt(db, chain.first.id, 'Recent', 30);
    await contactAt(db, chain.first.id, 'Stale', 100);
    await contactAt(db, chain.first.id, 'Opted out', 100, true);
    await contactAt(db, other.first.id, 'Other stale', 100);

    const removed = await purgeExpiredCustomerData({ ...server.deps, now: () => NOW });
    // review_contacts: 120, 200 (chain), 400 (other); customer_contact: the same three; contacts: Stale.
    expect(removed).toEqual({ contacts: 7, feedbackTexts: 1 });

    const reviews = await db
      .selectFrom('reviews')
      .leftJoin('reviewContacts', 'reviewContacts.reviewId', 'reviews.id')
      .select([
        'reviews.id',
        'reviews.rating',
        'reviews.message',
        'reviews.customerContact',
        'reviewContacts.email',
      ])
      .where('reviews.id', 'in', [fresh, pastContacts, pastBoth, otherYoung, otherOld])
      .orderBy('reviews.id')
      .execute();
    expect(reviews).toEqual([
      {
        id: fresh,
        rating: 2,
        message: 'Feedback 60 days old',
        customerContact: 'c60@example.in',
        email: 'c60@example.in',
      },
      { id: pastContacts, rating: 2, message: 'Feedback 120 days old', customerContact: null, email: null },
      { id: pastBoth, rating: 2, message: '', customerContact: null, email: null },
      {
        id: otherYoung,
        rating: 2,
        message: 'Feedback 200 days old',
        customerContact: 'c200@example.in',
        email: 'c200@example.in',
      },
      { id: otherOld, rating: 2, message: 'Feedback 400 days old', customerContact: null, email: null },
    ]);
    const contacts = await db.selectFrom('contacts').select(['ownerId', 'name']).orderBy('id').execute();
    expect(contacts).toEqual([
      { ownerId: chain.first.id, name: 'Recent' },
      { ownerId: chain.first.id, name: 'Opted out' },
      { ownerId: other.first.id, name: 'Other stale' },
    ]);
    // A second run the same day has nothing left to do.
    expect(await purgeExpiredCustomerData({ ...server.deps, now: () => NOW })).toEqual({
      contacts: 0,
      feedbackTexts: 0,
    });
  });

  it('keeps the audit trail past a year: the hourly maintenance does not touch it', async () => {
    const old = new Date(NOW.getTime() - 400 * DAY);
    await sql`insert into audit_log (actor_kind, actor_id, action, created_at) values ('system', null, 'owner.sign_in', ${old})`.execute(
      server.deps.db,
    );
    await runMaintenance({ ...server.deps, now: () => NOW });
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_log where created_at = ${old}`.execute(server.deps.db);
    expect(left.rows[0]!.n).toBe(1);
  });

  describe('the grievance officer and the audit export (admin)', () => {
    let superToken: string;
    let adminToken: string;

    beforeAll(async () => {
      superToken = (await server.deps.tokens.issue('admin', (await createTestAdmin(server)).id)).token;
      adminToken = (
        await server.deps.tokens.issue('admin', (await createTestAdmin(server, { role: 'admin' })).id)
      ).token;
    });

    it('a super admin names the officer; the privacy page reads it publicly', async () => {
      expect((await call('GET', '/api/privacy/grievance-officer', undefined)).json()).toEqual({
        name: null,
        email: null,
        phone: null,
      });
      const bad = await call('PUT', '/api/admin/privacy/grievance-officer', superToken, {
        name: 'A',
        email: 'nope',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: CLOSURE_TEXTS.grievanceEmailInvalid, field: 'email' });
      const byAdmin = await call('PUT', '/api/admin/privacy/grievance-officer', adminToken, {
        name: 'Asha Rao',
        email: 'grievance@starloop.in',
      });
      expect(byAdmin.statusCode).toBe(403);
      const res = await call('PUT', '/api/admin/privacy/grievance-officer', superToken, {
        name: ' Asha Rao ',
        email: 'Grievance@StarLoop.in',
        phone: '+918041234567',
      });
      expect(res.statusCode, res.body).toBe(200);
      const officer = { name: 'Asha Rao', email: 'grievance@starloop.in', phone: '+918041234567' };
      expect(res.json()).toEqual({ success: true, message: CLOSURE_TEXTS.grievanceSaved, ...officer });
      expect((await call('GET', '/api/privacy/grievance-officer', undefined)).json()).toEqual(officer);
      expect((await call('GET', '/api/admin/privacy/grievance-officer', adminToken)).json()).toEqual(officer);
    });

    it('exports the audit trail of a range as CSV (super admin), and audits the export', async () => {
      const start = new Date(Date.now() - DAY).toISOString();
      const end = new Date(Date.now() + DAY).toISOString();
      const url = `/api/admin/audit-log/export?from=${encodeURIComponent(start)}&to=${encodeURIComponent(end)}`;
      expect((await call('GET', url, adminToken)).statusCode).toBe(403);
      const res = await call('GET', url, superToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const rows = parseCsv(res.body);
      expect(rows[0]).toEqual([
        'id',
        'at',
        'actor_kind',
        'actor_id',
        'actor_name',
        'action',
        'target_table',
        'target_id',
        'ip',
        'details',
      ]);
      const actions = rows.slice(1).map((r) => r[5]);
      expect(actions).toContain('account.retention_update');
      expect(actions).toContain('grievance_officer.update');
      // The 400-day-old row is outside the range.
      expect(rows.slice(1).every((r) => Date.parse(r[1]!) >= Date.parse(start))).toBe(true);
      const reversed = await call(
        'GET',
        `/api/admin/audit-log/export?from=${encodeURIComponent(end)}&to=${encodeURIComponent(start)}`,
        superToken,
      );
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toBe(CLOSURE_TEXTS.auditRangeInvalid);
      const audited = await sql<{
        n: number;
      }>`select count(*)::int as n from audit_log where action = 'audit.export'`.execute(server.deps.db);
      expect(audited.rows[0]!.n).toBe(1);
    });
  });
});
