import { CONTACT_IMPORT_CHUNK, REQUEST_TEXTS } from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customersCsv,
  e164,
  importFile,
  mobile,
  ownerClient,
  trpcError,
  xlsxOf,
} from '../../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';

const contactsOf = (server: TTestServer, ownerId: number) =>
  server.deps.db.selectFrom('contacts').selectAll().where('ownerId', '=', ownerId).orderBy('id').execute();

describe(`contacts: add and import on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('one by one', () => {
    it('adds a customer with the phone in E.164 (+91 by default) and consent with when and how', async () => {
      const client = await ownerClient(server);
      const saved = client.data(
        await client.mutate('owner.requests.addContact', {
          name: 'Asha Rao',
          phone: '098765 43210',
          email: ' Asha@Example.IN ',
          consent: true,
          consentAt: '2026-11-20',
          consentSource: 'in-person',
        }),
      );
      expect(saved).toMatchObject({
        merged: false,
        message: REQUEST_TEXTS.contactAdded,
        contact: {
          name: 'Asha Rao',
          phone: '+919876543210',
          email: 'asha@example.in',
          consent: true,
          consentAt: '2026-11-19T18:30:00.000Z',
          consentSource: 'in-person',
          optedOutAt: null,
        },
      });
      // The same phone again (written another way) merges: the email stays, the name is the newest.
      const again = client.data(
        await client.mutate('owner.requests.addContact', {
          name: 'Asha R',
          phone: '+91 98765-43210',
          consent: false,
        }),
      );
      expect(again).toMatchObject({ merged: true, message: REQUEST_TEXTS.contactMerged });
      expect(again.contact).toMatchObject({
        id: saved.contact.id,
        name: 'Asha R',
        email: 'asha@example.in',
        consent: true,
      });
      expect(await contactsOf(server, client.owner.id)).toHaveLength(1);
    });

    it('refuses a bad phone or email with the field, and a customer with neither', async () => {
      const client = await ownerClient(server);
      const bad = trpcError(
        await client.mutate('owner.requests.addContact', { phone: '12345', consent: true }),
        400,
        REQUEST_TEXTS.phoneInvalid,
      );
      expect(bad.data.field).toBe('phone');
      trpcError(
        await client.mutate('owner.requests.addContact', { email: 'not-an-email', consent: true }),
        400,
        REQUEST_TEXTS.emailInvalid,
      );
      trpcError(
        await client.mutate('owner.requests.addContact', { name: 'Nobody', consent: true }),
        400,
        REQUEST_TEXTS.contactNeedsPhoneOrEmail,
      );
      trpcError(
        await client.mutate('owner.requests.addContact', {
          phone: mobile(1),
          consent: true,
          consentAt: '2999-01-01',
        }),
        400,
        REQUEST_TEXTS.consentAtFuture,
      );
      expect(await contactsOf(server, client.owner.id)).toEqual([]);
    });

    it('refuses a phone and an email that belong to two different customers (409), changing nothing', async () => {
      const client = await ownerClient(server);
      await client.mutate('owner.requests.addContact', { phone: mobile(11), consent: true });
      await client.mutate('owner.requests.addContact', { email: 'two@example.in', consent: true });
      trpcError(
        await client.mutate('owner.requests.addContact', {
          phone: mobile(11),
          email: 'two@example.in',
          consent: true,
        }),
        409,
        REQUEST_TEXTS.twoContacts,
      );
      const rows = await contactsOf(server, client.owner.id);
      expect(rows.map((r) => [r.phoneE164, r.email])).toEqual([
        [e164(11), null],
        [null, 'two@example.in'],
      ]);
    });
  });

  describe('from a file', () => {
    it('previews a CSV with per-row errors and merges before storing anything, then imports it', async () => {
      const client = await ownerClient(server);
      await client.mutate('owner.requests.addContact', {
        name: 'Old Name',
        phone: mobile(3),
        consent: false,
      });
      const csv = [
        'Customer Name;WhatsApp Number;E-mail;Consent;Consent date;How',
        `Ravi;${mobile(1)};ravi@example.in;yes;20/11/2026;at the counter`,
        `Meera;+91 ${mobile(2)};;haan;2026-11-21;online form`,
        `Kiran;${mobile(3)};kiran@example.in;y;;`,
        'Bad phone;12345;bad@example.in;yes;;',
        'Bad email;;not-an-email;yes;;',
        'Nothing;;;yes;;',
        `Bad consent;${mobile(7)};;maybe;;`,
        `Bad date;${mobile(8)};;yes;31/02/2026;`,
        `Ravi again;0${mobile(1)};ravi.new@example.in;;;`,
        `No consent;${mobile(9)};;no;;`,
        '',
      ].join('\r\n');
      const res = await client.upload(`\uFEFF${csv}`, { fileName: 'customers.csv' });
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json();
      expect(preview).toMatchObject({
        fileName: 'customers.csv',
        total: 10,
        valid: 5,
        invalid: 5,
        toCreate: 3,
        toMerge: 1,
        duplicatesInFile: 1,
        columns: { name: 'Customer Name', phone: 'WhatsApp Number', email: 'E-mail', consent: 'Consent' },
      });
      expect(preview.errors.map((e: { row: number; errors: string[] }) => [e.row, e.errors])).toEqual([
        [5, [REQUEST_TEXTS.phoneInvalid]],
        [6, [REQUEST_TEXTS.emailInvalid]],
        [7, [REQUEST_TEXTS.contactNeedsPhoneOrEmail]],
        [8, ['Consent must be yes or no']],
        [9, [REQUEST_TEXTS.consentAtInvalid]],
      ]);
      expect(preview.sample.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
        [2, 'create'],
        [3, 'create'],
        [4, 'merge'],
        [10, 'merge'],
        [11, 'create'],
      ]);
      expect(preview.sample[3].errors).toEqual([REQUEST_TEXTS.duplicateInFile.replace('{row}', '2')]);
      // Nothing stored by the preview.
      expect(await contactsOf(server, client.owner.id)).toHaveLength(1);

      const progress = client.data(
        await client.mutate('owner.requests.commitImport', { importId: preview.importId }),
      );
      expect(progress).toMatchObject({
        total: 4,
        processed: 4,
        created: 3,
        merged: 1,
        skipped: 0,
        done: true,
        message: REQUEST_TEXTS.importDone(3, 1),
      });
      const rows = await contactsOf(server, client.owner.id);
      const byPhone = new Map(rows.map((r) => [r.phoneE164, r]));
      expect(byPhone.get(e164(1))).toMatchObject({
        name: 'Ravi',
        email: 'ravi@example.in',
        consent: true,
        consentSource: 'in-person',
      });
      expect(byPhone.get(e164(1))?.consentAt?.toISOString()).toBe('2026-11-19T18:30:00.000Z');
      expect(byPhone.get(e164(2))).toMatchObject({
        name: 'Meera',
        email: null,
        consent: true,
        consentSource: 'online',
      });
      // Merged with the customer already there: the name is the file's, consent now given.
      expect(byPhone.get(e164(3))).toMatchObject({ name: 'Kiran', email: 'kiran@example.in', consent: true });
      expect(byPhone.get(e164(9))).toMatchObject({ consent: false, consentAt: null });
      expect(rows).toHaveLength(4);
      // A commit repeated after the end only answers the figures.
      expect(
        client.data(await client.mutate('owner.requests.commitImport', { importId: preview.importId })),
      ).toMatchObject({ processed: 4, created: 3, merged: 1, done: true });
      expect(await contactsOf(server, client.owner.id)).toHaveLength(4);
    });

    it('gives consent to the rows that do not say when the owner says all of them agreed', async () => {
      const client = await ownerClient(server);
      const csv = `phone,consent\n${mobile(21)},\n${mobile(22)},no\n`;
      await importFile(client, csv, { consent: 'yes', consentSource: 'written' });
      const rows = await contactsOf(server, client.owner.id);
      expect(rows.map((r) => [r.phoneE164, r.consent, r.consentSource])).toEqual([
        [e164(21), true, 'written'],
        [e164(22), false, null],
      ]);
    });

    it('reads an XLSX file the same way (date cells and number cells included)', async () => {
      const client = await ownerClient(server);
      await client.mutate('owner.requests.addContact', { email: 'known@example.in', consent: true });
      const file = await xlsxOf([
        ['Name', 'Phone', 'Email', 'Opt-in', 'Consent date'],
        ['Anil', Number(mobile(31)), 'anil@example.in', 'Yes', new Date('2026-11-01T00:00:00Z')],
        ['Known', null, 'KNOWN@example.in', 'yes', null],
        ['Broken', '999', null, 'yes', null],
        ['Anil twin', null, 'anil@example.in', 'yes', null],
      ]);
      const upload = await client.upload(
        file,
        { fileName: 'customers.xlsx' },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(upload.statusCode, upload.body).toBe(200);
      const preview = upload.json();
      expect(preview).toMatchObject({
        total: 4,
        valid: 3,
        invalid: 1,
        toCreate: 1,
        toMerge: 1,
        duplicatesInFile: 1,
      });
      expect(preview.errors).toEqual([
        expect.objectContaining({ row: 4, action: 'error', errors: [REQUEST_TEXTS.phoneInvalid] }),
      ]);
      client.data(await client.mutate('owner.requests.commitImport', { importId: preview.importId }));
      const rows = await contactsOf(server, client.owner.id);
      expect(rows.map((r) => [r.email, r.phoneE164, r.consent])).toEqual([
        ['known@example.in', null, true],
        ['anil@example.in', e164(31), true],
      ]);
      expect(rows[1]?.consentAt?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    });

    it('imports 10,000 rows in chunks of 1,000 with progress, and refuses 10,001', async () => {
      const client = await ownerClient(server);
      // 200 customers are known already: they merge.
      await importFile(client, customersCsv(200, { start: 9800 }));
      const { preview, steps, last } = await importFile(client, customersCsv(10_000));
      expect(preview).toMatchObject({
        total: 10_000,
        valid: 10_000,
        invalid: 0,
        toCreate: 9800,
        toMerge: 200,
      });
      expect(preview.sample).toHaveLength(20);
      expect(steps).toHaveLength(10_000 / CONTACT_IMPORT_CHUNK);
      expect(steps.map((s) => s.processed)).toEqual(
        Array.from({ length: 10 }, (_, i) => (i + 1) * CONTACT_IMPORT_CHUNK),
      );
      expect(last).toMatchObject({ processed: 10_000, created: 9800, merged: 200, done: true });
      const { n } = await server.deps.db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ownerId', '=', client.owner.id)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(10_000);

      const tooMany = await client.upload(customersCsv(10_001));
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toMatchObject({ message: REQUEST_TEXTS.importTooManyRows, field: 'file' });
    }, 120_000);

    it('refuses files it cannot use with a clear 400, storing nothing', async () => {
      const client = await ownerClient(server);
      const cases: [Buffer | string, string][] = [
        ['', REQUEST_TEXTS.importFileMissing],
        ['name,city\nAsha,Pune\n', REQUEST_TEXTS.importNoColumns],
        ['phone\n', REQUEST_TEXTS.importEmpty],
        [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), REQUEST_TEXTS.importUnreadable],
        [Buffer.from([1, 0, 2, 0]), REQUEST_TEXTS.importFileType],
      ];
      for (const [file, message] of cases) {
        const res = await client.upload(file);
        expect(res.statusCode, String(message)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await contactsOf(server, client.owner.id)).toEqual([]);
    });

    it('lets nobody else upload or commit: no token is a 401 before the body, another owner gets 404', async () => {
      const a = await ownerClient(server);
      const b = await ownerClient(server);
      const anonymous = await server.app.inject({
        method: 'POST',
        url: '/api/requests/contacts/import',
        headers: { 'content-type': 'text/csv' },
        payload: customersCsv(2),
      });
      expect(anonymous.statusCode).toBe(401);
      const res = await a.upload(customersCsv(3));
      const { importId } = res.json();
      trpcError(
        await b.mutate('owner.requests.commitImport', { importId }),
        404,
        REQUEST_TEXTS.importNotFound,
      );
      expect(await contactsOf(server, b.owner.id)).toEqual([]);
      expect(await contactsOf(server, a.owner.id)).toEqual([]);
      a.data(await a.mutate('owner.requests.commitImport', { importId }));
      expect(await contactsOf(server, a.owner.id)).toHaveLength(3);
    });
  });
});
