import { REPORT_TYPES, type TReportType } from '@starloop/contract';
import { insertAgent, insertEmail, insertManualPayment, insertPayment, insertReview } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { parseCsv } from '../../../test/parse-csv.ts';
import type { TReceivedMail } from '../../../test/smtp-sink.ts';
import { createTestOwner, type TTestServer } from '../../../test/test-server.ts';
import { REPORT_COLUMNS, REPORT_PAGE_ROWS } from './report-files.service.ts';
import { buildAndEmailReport } from './reports.service.ts';

const TABLES: Record<TReportType, string> = {
  users: 'owners',
  payments: 'payments',
  'manual-payments': 'manual_payments',
  reviews: 'reviews',
  agents: 'agents',
};
const TRICKY = ['Great, "really" great', 'Line one\nline two', '=HYPERLINK("http://evil")', 'Plain'];
const BULK_REVIEWS = REPORT_PAGE_ROWS * 2 + 500;

async function idsOf(server: TTestServer, type: TReportType): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from ${sql.table(TABLES[type])} order by id desc`.execute(
    server.deps.db,
  );
  return rows.rows.map((r) => Number(r.id));
}

async function readXlsx(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe(`admin reports on ${testDriverName()}`, () => {
  const api = adminApi({ smtpSink: true });

  const exportReport = (query: string) => api.send('GET', `/api/reports/?${query}`);
  const mailFor = (to: string, type: TReportType) =>
    api.sink.waitFor((m) => m.to.includes(to) && m.subject === `StarLoop ${type.replace('-', ' ')} report`);

  beforeAll(async () => {
    const { server, db } = api;
    const agent = await insertAgent(db, {
      code: 'AG0101',
      name: 'Report Agent',
      email: 'ra@agents.in',
      phone: '9822222222',
    });
    await insertAgent(db, {
      code: 'AG0102',
      name: 'Other, Agent',
      email: 'oa@agents.in',
      phone: '9822222223',
    });
    const owners = [
      await createTestOwner(server, { agentId: agent.id, businessName: 'Sharma "Sweets", Pune' }),
      await createTestOwner(server),
      await createTestOwner(server),
    ];
    for (const [i, message] of TRICKY.entries()) {
      await insertReview(db, { ownerId: owners[i % owners.length]!.id, rating: (i % 5) + 1, message });
    }
    for (const [i, status] of (['captured', 'pending', 'failed'] as const).entries()) {
      await insertPayment(db, {
        ownerId: owners[i]!.id,
        plan: 'essential',
        purpose: 'registration',
        provider: 'test',
        amount: 199_950,
        status,
        razorpayOrderId: `order_${i}`,
      });
    }
    await insertManualPayment(db, { amount: 12000, paymentMethod: 'cash', notes: 'Two, branches' }, [
      owners[0]!.id,
      owners[1]!.id,
    ]);
    await insertManualPayment(db, { amount: 0, paymentMethod: 'bank_transfer', notes: null }, []);
  });

  describe('GET /api/reports/?type&email', () => {
    it('answers {success, message} at once', async () => {
      const res = await exportReport('type=agents&email=Boss@Example.in');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'agents report will be emailed to boss@example.in',
      });
      // Without the trailing slash too.
      const plain = await api.send('GET', '/api/reports?type=users&email=boss@example.in');
      expect(plain.json()).toEqual({
        success: true,
        message: 'users report will be emailed to boss@example.in',
      });
    });

    it.each([
      ['email=a@b.in', 'Please provide email and select report type'],
      ['type=users', 'Please provide email and select report type'],
      ['type=users&email=', 'Please provide email and select report type'],
      ['type=secrets&email=a@b.in', 'Please provide email and select report type'],
      ['', 'Please provide email and select report type'],
      ['type=users&email=not-an-email', 'Please enter a valid email address'],
    ])('refuses "%s" with "%s" (400) and queues nothing', async (query, message) => {
      const before = await api.db
        .selectFrom('activityEvents')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('type', '=', 'report')
        .executeTakeFirstOrThrow();
      const res = await exportReport(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
      const after = await api.db
        .selectFrom('activityEvents')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('type', '=', 'report')
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });
  });

  describe('the report job', () => {
    const received: Partial<Record<TReportType, TReceivedMail>> = {};

    beforeAll(async () => {
      // Enough reviews for the readers to page (keyset pages of REPORT_PAGE_ROWS rows).
      await sql`insert into reviews (owner_id, rating, message)
        select (select min(id) from owners), 1 + (n % 5), 'Bulk review ' || n
        from generate_series(1, ${sql.lit(BULK_REVIEWS)}) as n`.execute(api.db);
      for (const type of REPORT_TYPES) {
        const res = await exportReport(`type=${type}&email=reports@starloop.test`);
        expect(res.statusCode).toBe(200);
      }
      for (const type of REPORT_TYPES) received[type] = await mailFor('reports@starloop.test', type);
    }, 60_000);

    it.each(REPORT_TYPES)(
      'emails the %s report as CSV with a header row and one row per record',
      async (type) => {
        const mail = received[type]!;
        expect(mail.text).toContain('attached');
        const csv = mail.attachments.find((a) => a.filename?.endsWith('.csv'));
        expect(csv?.filename).toMatch(new RegExp(`^starloop-${type}-report-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
        expect(csv?.contentType).toBe('text/csv');
        const rows = parseCsv(csv!.content.toString('utf8'));
        expect(rows[0]).toEqual(REPORT_COLUMNS[type].map((c) => c.header));
        const ids = await idsOf(api.server, type);
        expect(ids.length).toBeGreaterThan(0);
        expect(rows).toHaveLength(ids.length + 1);
        expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(ids);
        for (const row of rows) expect(row).toHaveLength(REPORT_COLUMNS[type].length);
      },
    );

    it.each(REPORT_TYPES)('attaches the %s report as XLSX too, with the same rows', async (type) => {
      const xlsx = received[type]!.attachments.find((a) => a.filename?.endsWith('.xlsx'));
      expect(xlsx?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const { rows } = await readXlsx(xlsx!.content);
      expect(rows[0]).toEqual(REPORT_COLUMNS[type].map((c) => c.header));
      expect(rows.slice(1).map((r) => r[0])).toEqual(await idsOf(api.server, type));
      // Dates are real date cells.
      const created = REPORT_COLUMNS[type].findIndex((c) => c.header === 'Created');
      expect(rows[1]![created]).toBeInstanceOf(Date);
    });

    it('keeps tricky texts intact and defuses formulas in the CSV', async () => {
      const rows = parseCsv(
        received.reviews!.attachments.find((a) => a.filename?.endsWith('.csv'))!.content.toString('utf8'),
      );
      const messages = rows.map((r) => r[5]);
      expect(messages).toContain('Great, "really" great');
      expect(messages).toContain('Line one\nline two');
      expect(messages).toContain(`'=HYPERLINK("http://evil")`);
      const users = parseCsv(
        received.users!.attachments.find((a) => a.filename?.endsWith('.csv'))!.content.toString('utf8'),
      );
      const sharma = users.find((r) => r[2] === 'Sharma "Sweets", Pune');
      expect(sharma?.[12]).toBe('Report Agent (AG0101)');
      const payments = parseCsv(
        received.payments!.attachments.find((a) => a.filename?.endsWith('.csv'))!.content.toString('utf8'),
      );
      expect(payments[0]![8]).toBe('Amount (INR)');
      expect(payments.slice(1).every((r) => r[8] === '1999.5')).toBe(true);
      const manual = parseCsv(
        received['manual-payments']!.attachments.find((a) => a.filename?.endsWith('.csv'))!.content.toString(
          'utf8',
        ),
      );
      expect(manual[2]![4]).toMatch(/^Sharma "Sweets", Pune \(test-biz-.*\); Test Business \(test-biz-.*\)$/);
    });

    it('records the sent mail in the outbox', async () => {
      const rows = await api.db
        .selectFrom('emailOutbox')
        .selectAll()
        .where('toAddress', '=', 'reports@starloop.test')
        .execute();
      expect(rows).toHaveLength(REPORT_TYPES.length);
      for (const row of rows) {
        expect(row.status).toBe('sent');
        expect(row.category).toBe('report');
        expect(row.attachments).toHaveLength(2);
      }
    });

    it('cuts an emailed report to its newest rows and says so', async () => {
      const result = await buildAndEmailReport(
        api.server.deps,
        { type: 'reviews', email: 'cap@starloop.test' },
        50,
      );
      expect(result.status).toBe('sent');
      const mail = await mailFor('cap@starloop.test', 'reviews');
      const rows = parseCsv(
        mail.attachments.find((a) => a.filename?.endsWith('.csv'))!.content.toString('utf8'),
      );
      expect(rows).toHaveLength(51);
      const ids = await idsOf(api.server, 'reviews');
      expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(ids.slice(0, 50));
      expect(mail.text).toContain(`The table holds ${ids.length} rows; this email carries the newest 50.`);
    });
  });

  describe('GET /api/reports/download?type&format', () => {
    it('streams the complete CSV with a content-disposition', async () => {
      const res = await api.send('GET', '/api/reports/download?type=reviews&format=csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="starloop-reviews-report-\d{4}-\d\d-\d\d\.csv"$/,
      );
      const rows = parseCsv(res.body);
      const ids = await idsOf(api.server, 'reviews');
      expect(ids.length).toBeGreaterThan(REPORT_PAGE_ROWS * 2);
      expect(rows).toHaveLength(ids.length + 1);
      expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(ids);
    });

    it('serves XLSX', async () => {
      const res = await api.send('GET', '/api/reports/download?type=agents&format=xlsx');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('.xlsx"');
      const { name, rows } = await readXlsx(res.rawPayload);
      expect(name).toBe('Agents');
      expect(rows.slice(1).map((r) => r[1])).toEqual(['AG0102', 'AG0101']);
    });

    it('defaults to CSV and refuses a bad type or format', async () => {
      const csv = await api.send('GET', '/api/reports/download?type=agents');
      expect(csv.headers['content-type']).toContain('text/csv');
      const badType = await api.send('GET', '/api/reports/download?type=secrets');
      expect(badType.statusCode).toBe(400);
      expect(badType.json().message).toBe('Please select report type');
      const badFormat = await api.send('GET', '/api/reports/download?type=agents&format=pdf');
      expect(badFormat.statusCode).toBe(400);
      expect(badFormat.json().message).toBe('Format must be csv or xlsx');
    });
  });

  describe('tRPC admin.reports.export', () => {
    it('queues a report and answers the same message', async () => {
      const res = await api.mutate('admin.reports.export', { type: 'payments', email: 'trpc@starloop.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.data).toEqual({
        success: true,
        message: 'payments report will be emailed to trpc@starloop.test',
      });
      const mail = await mailFor('trpc@starloop.test', 'payments');
      expect(mail.attachments).toHaveLength(2);
      const bad = await api.mutate('admin.reports.export', { type: 'payments', email: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Please enter a valid email address');
    });
  });

  describe('admin.outbox.list', () => {
    it('lists recorded mails newest first, field by field', async () => {
      const res = await api.query('admin.outbox.list', { limit: 3 });
      expect(res.statusCode).toBe(200);
      const { emails } = res.json().result.data;
      expect(emails).toHaveLength(3);
      for (const email of emails) {
        expect(Object.keys(email).sort()).toEqual([
          'category',
          'createdAt',
          'error',
          'id',
          'sentAt',
          'status',
          'subject',
          'textBody',
          'toAddress',
        ]);
      }
      expect(emails[0].id).toBeGreaterThan(emails[1].id);
      const all = await api.query('admin.outbox.list');
      const report = all
        .json()
        .result.data.emails.find((e: { toAddress: string }) => e.toAddress === 'trpc@starloop.test');
      expect(report).toMatchObject({
        subject: 'StarLoop payments report',
        status: 'sent',
        error: null,
        category: 'report',
        sentAt: expect.stringMatching(/Z$/),
      });
    });

    it('shows delivered mails without their links, undelivered ones whole', async () => {
      await api.server.deps.mailer.send({
        to: 'owner@starloop.test',
        subject: 'Reset',
        text: 'Open https://app.test/reset-password?token=SECRETtoken123 within an hour.',
        category: 'reset_password',
      });
      await insertEmail(
        api.db,
        {
          to: 'stuck@starloop.test',
          subject: 'Set',
          text: 'Open https://app.test/set-password?token=KEEPthis456',
        },
        'outbox',
      );
      const res = await api.query('admin.outbox.list', { limit: 2 });
      const [stuck, sent] = res.json().result.data.emails;
      expect(stuck.textBody).toBe('Open https://app.test/set-password?token=KEEPthis456');
      expect(sent.status).toBe('sent');
      // The stored row itself lost the link at sending (mailer.ts).
      expect(sent.textBody).toBe('Open [link removed after sending] within an hour.');
      // A row sent before that redaction still shows no token.
      await insertEmail(
        api.db,
        {
          to: 'old@starloop.test',
          subject: 'Old',
          text: 'Open https://app.test/reset-password?token=OLDtoken789',
        },
        'sent',
      );
      const again = await api.query('admin.outbox.list', { limit: 1 });
      expect(again.json().result.data.emails[0].textBody).toBe(
        'Open https://app.test/reset-password?token=[hidden]',
      );
    });
  });

  describe('authorization', () => {
    it('answers 401 to no token, an expired or tampered token and an owner token', async () => {
      const before = api.sink.messages.length;
      await api.expectAdminOnly(
        [
          { method: 'GET', url: '/api/reports/?type=users&email=thief@evil.test' },
          { method: 'GET', url: '/api/reports/download?type=users&format=csv' },
        ],
        [
          {
            path: 'admin.reports.export',
            kind: 'mutation',
            input: { type: 'users', email: 'thief@evil.test' },
          },
          { path: 'admin.outbox.list', kind: 'query', input: {} },
        ],
      );
      const queued = await api.db
        .selectFrom('activityEvents')
        .select('message')
        .where('message', 'like', '%thief@evil.test%')
        .execute();
      expect(queued).toEqual([]);
      expect(api.sink.messages.length).toBe(before);
    });
  });
});
