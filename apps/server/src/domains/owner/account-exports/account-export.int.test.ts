import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACCOUNT_EXPORT_EXCLUDED,
  ACCOUNT_EXPORT_TABLES,
  countExportRows,
  findAccountExportById,
  insertAccountExport,
  listEmails,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../../../jobs/maintenance.job.ts';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { addressSequence } from '../../../test/client-kit.ts';
import { parseCsv } from '../../../test/parse-csv.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestAdmin, createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { buildAccountExport, EXPORT_DOCUMENT_NAME } from './account-export.worker.ts';
import { exportScope } from './account-exports.service.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const SCOPE_COLUMNS = ['owner_id', 'account_id', 'business_id'];

describe(`account data export on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  let other: TChain;
  const from = addressSequence('10.35');

  const call = (method: string, url: string, token: string, payload?: object) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(token), 'x-forwarded-for': from() },
      ...(payload === undefined ? {} : { payload }),
    });

  /** Polls GET /api/v1/account/exports/{id} until the job has finished it. */
  async function waitReady(id: number, token = chain.ownerToken) {
    for (let i = 0; i < 200; i += 1) {
      const res = await call('GET', `/api/v1/account/exports/${id}`, token);
      expect(res.statusCode, res.body).toBe(200);
      if (res.json().status !== 'running') return res.json();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} still running`);
  }

  beforeAll(async () => {
    server = await createTestServer({ APP_URL: 'https://starloop.test' });
    chain = await createChain(server, { branches: 2, name: 'Export Chai' });
    other = await createChain(server, { branches: 1, name: 'Other Cafe' });
    await sql`update persons set email = 'owner@export.test' where id = ${chain.ownerPersonId}`.execute(
      server.deps.db,
    );
    const [first, second] = chain.branches;
    await sql`insert into reviews (owner_id, rating, message) values
      (${first!.id}, 5, 'Known review: the masala chai, "strong", and fresh'),
      (${second!.id}, 2, 'Cold samosa at the second branch'),
      (${other.first.id}, 4, 'Another account review that must not leak')`.execute(server.deps.db);
    await sql`insert into contacts (owner_id, name, phone_e164, consent, consent_at, consent_source)
      values (${first!.id}, 'Asha', '+919812345678', true, now(), 'import')`.execute(server.deps.db);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('every table with an owner_id, account_id or business_id column is exported or excluded on purpose', async () => {
    const { rows } = await sql<{ table: string }>`
      select distinct c.table_name as table from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
         and c.column_name in (${sql.join(SCOPE_COLUMNS)})
       order by 1`.execute(server.deps.db);
    const exported = new Set(ACCOUNT_EXPORT_TABLES.map((spec) => spec.table));
    const scoped = rows.map((row) => row.table);
    // A new owner-scoped table fails here until it is added to the export or to the commented exclusions.
    expect(scoped.filter((table) => !exported.has(table) && !(table in ACCOUNT_EXPORT_EXCLUDED))).toEqual([]);
    // The lists name real tables only, and never both.
    expect(Object.keys(ACCOUNT_EXPORT_EXCLUDED).filter((table) => !scoped.includes(table))).toEqual([]);
    expect(Object.keys(ACCOUNT_EXPORT_EXCLUDED).filter((table) => exported.has(table))).toEqual([]);
    expect(scoped.length).toBeGreaterThan(30);
  });

  it('an owner exports, follows the progress, gets the email and downloads a complete ZIP', async () => {
    const started = await call('POST', '/api/v1/account/exports', chain.ownerToken);
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json();
    expect(id).toBeGreaterThan(0);

    const ready = await waitReady(id);
    expect(ready).toMatchObject({
      id,
      status: 'ready',
      progress: 100,
      downloadUrl: `/api/v1/account/exports/${id}/download`,
    });
    expect(new Date(ready.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const listed = await call('GET', '/api/v1/account/exports', chain.ownerToken);
    expect(listed.json().exports[0]).toMatchObject({ id, status: 'ready' });

    const download = await call('GET', ready.downloadUrl, chain.ownerToken);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
    const files = unzipSync(new Uint8Array(download.rawPayload));

    // Every file of the manifest is there, with exactly the account's rows of its table.
    const scope = await exportScope(server.deps, chain.accountId);
    for (const spec of ACCOUNT_EXPORT_TABLES) {
      const file = files[spec.file];
      expect(file, spec.file).toBeDefined();
      const rows = parseCsv(strFromU8(file!)).filter((row) => row.length > 1 || row[0] !== '');
      expect(rows.length - 1, spec.file).toBe(await countExportRows(server.deps.db, spec, scope));
    }
    const reviews = parseCsv(strFromU8(files['reviews.csv']!));
    const header = reviews[0]!;
    const message = header.indexOf('message');
    expect(reviews.map((row) => row[message])).toContain(
      'Known review: the masala chai, "strong", and fresh',
    );
    expect(reviews.map((row) => row[message])).toContain('Cold samosa at the second branch');
    expect(strFromU8(files['reviews.csv']!)).not.toContain('must not leak');
    // Consent records come with their contacts; secrets stay in the database.
    expect(strFromU8(files['contacts.csv']!)).toContain('Asha');
    expect(parseCsv(strFromU8(files['people.csv']!))[0]).not.toContain('password_hash');
    expect(parseCsv(strFromU8(files['review-requests.csv']!))[0]).not.toContain('token');

    // The JSON document follows its published schema.
    const document = JSON.parse(strFromU8(files[EXPORT_DOCUMENT_NAME]!));
    const schema = JSON.parse(readFileSync(path.join(repoRoot, 'docs/export-schema.json'), 'utf8'));
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.account).toMatchObject({ id: chain.accountId });
    expect(document.branches.map((b: { id: number }) => b.id)).toEqual(chain.branches.map((b) => b.id));
    expect(document.team).toEqual([
      expect.objectContaining({ person_id: chain.ownerPersonId, role: 'owner' }),
    ]);
    expect(document.files.find((f: { name: string }) => f.name === 'reviews.csv').rows).toBe(2);

    // The owners are told, with the Settings page to download it from.
    const mails = await listEmails(server.deps.db, { to: 'owner@export.test' });
    expect(mails.some((mail) => mail.subject === 'Your StarLoop data export is ready')).toBe(true);
    expect(mails.find((mail) => mail.subject.includes('export'))?.textBody).toContain(
      'https://starloop.test/dashboard/settings/account',
    );
  }, 60_000);

  it('only the account owners start, read and download; another account sees nothing', async () => {
    const started = await call('POST', '/api/v1/account/exports', chain.ownerToken);
    const { id } = started.json();
    await waitReady(id);
    const manager = await addMember(server, chain.accountId, 'manager');
    const staff = await addMember(server, chain.accountId, 'staff', [chain.first.id]);
    for (const token of [manager.token, staff.token]) {
      expect((await call('POST', '/api/v1/account/exports', token)).statusCode).toBe(403);
      expect((await call('GET', `/api/v1/account/exports/${id}`, token)).statusCode).toBe(403);
      expect((await call('GET', `/api/v1/account/exports/${id}/download`, token)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/v1/account/exports/${id}`, other.ownerToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/account/exports/${id}/download`, other.ownerToken)).statusCode).toBe(
      404,
    );
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `/api/v1/account/exports/${id}/download`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('GET', '/api/v1/account/exports/abc', chain.ownerToken)).statusCode).toBe(400);
  }, 60_000);

  it('an admin starts an export for an account; its owners download it', async () => {
    const admin = await createTestAdmin(server, { role: 'admin' });
    const adminToken = (await server.deps.tokens.issue('admin', admin.id)).token;
    const res = await call('POST', `/api/admin/accounts/${other.accountId}/exports`, adminToken);
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json();
    const ready = await waitReady(id, other.ownerToken);
    expect(ready.status).toBe('ready');
    // The admin cannot download it: owner tokens only.
    expect((await call('GET', ready.downloadUrl, adminToken)).statusCode).toBe(401);
    const download = await call('GET', ready.downloadUrl, other.ownerToken);
    expect(download.statusCode).toBe(200);
    expect(strFromU8(unzipSync(new Uint8Array(download.rawPayload))['reviews.csv']!)).toContain(
      'must not leak',
    );
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_log
      where action = 'account.export' and actor_kind = 'admin' and target_id = ${other.accountId}`.execute(
      server.deps.db,
    );
    expect(audit.rows[0]?.n).toBe(1);
    expect((await call('POST', '/api/admin/accounts/999999/exports', adminToken)).statusCode).toBe(404);
  }, 60_000);

  it('while an export of the account runs, starting another answers that one', async () => {
    const busy = await createChain(server, { branches: 1, name: 'Busy Bakery' });
    // Made here without its job: it stays running.
    const running = await insertAccountExport(server.deps.db, { accountId: busy.accountId });
    const again = await call('POST', '/api/v1/account/exports', busy.ownerToken);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual({ id: running.id });
    const status = await call('GET', `/api/v1/account/exports/${running.id}`, busy.ownerToken);
    expect(status.json()).toMatchObject({ status: 'running', progress: 0 });
    expect(status.json().downloadUrl).toBeUndefined();
    expect(
      (await call('GET', `/api/v1/account/exports/${running.id}/download`, busy.ownerToken)).statusCode,
    ).toBe(409);
  }, 60_000);

  it('the maintenance job deletes exports and their files after their 7 days', async () => {
    const started = await call('POST', '/api/v1/account/exports', chain.ownerToken);
    const { id } = started.json();
    await waitReady(id);
    const now = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    const removed = await runMaintenance({ ...server.deps, now: () => now });
    expect(removed.accountExports).toBeGreaterThanOrEqual(1);
    expect(await findAccountExportById(server.deps.db, id)).toBeUndefined();
    const chunks = await sql<{ n: number }>`select count(*)::int as n from account_export_chunks
      where export_id = ${id}`.execute(server.deps.db);
    expect(chunks.rows[0]?.n).toBe(0);
    expect((await call('GET', `/api/v1/account/exports/${id}`, chain.ownerToken)).statusCode).toBe(404);
  }, 60_000);

  it('streams: 20,000 reviews go through pages of the batch size and pieces of the file, never whole', async () => {
    const big = await createChain(server, { branches: 1, name: 'Big Bakery' });
    const REVIEWS = 20_000;
    await sql`insert into reviews (owner_id, rating, message)
      select ${big.first.id}, 1 + (n % 5), 'Bulk review ' || n
        from generate_series(1, ${sql.lit(REVIEWS)}) as n`.execute(server.deps.db);
    // Made here without its job, so no worker races the build below.
    const record = await insertAccountExport(server.deps.db, { accountId: big.accountId });
    const batchSize = 500;
    const chunkBytes = 64 * 1024;
    const result = await buildAccountExport(server.deps, record.id, { batchSize, chunkBytes });

    expect(result.status).toBe('ready');
    expect(result.files.find((f) => f.name === 'reviews.csv')?.rows).toBe(REVIEWS);
    // Rows arrive a page at a time: the reviews alone take REVIEWS / batchSize pages.
    expect(result.largestPage).toBeLessThanOrEqual(batchSize);
    expect(result.pages).toBeGreaterThanOrEqual(REVIEWS / batchSize);
    // The file leaves memory in pieces: at most one piece plus one page's deflated bytes wait.
    expect(result.chunks).toBeGreaterThan(1);
    expect(result.largestPending).toBeLessThan(chunkBytes + 256 * 1024);

    const stored = await findAccountExportById(server.deps.db, record.id);
    expect(stored).toMatchObject({
      status: 'ready',
      progress: 100,
      rowCount: result.rows,
      byteSize: result.bytes,
    });
    const download = await call('GET', `/api/v1/account/exports/${record.id}/download`, big.ownerToken);
    expect(download.rawPayload.length).toBe(result.bytes);
    const csv = parseCsv(strFromU8(unzipSync(new Uint8Array(download.rawPayload))['reviews.csv']!));
    expect(csv.filter((row) => row.length > 1)).toHaveLength(REVIEWS + 1);
  }, 120_000);
});
