import { describe, expect, it } from 'vitest';
import type { TEmail } from '../database.ts';
import { nullOr, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { findEmailById, insertEmail, listEmails, markEmail } from './email-outbox.ts';

const expectEmailShape = (row: TEmail | undefined) => {
  expect(row).toEqual({
    id: expect.any(Number),
    toAddress: expect.any(String),
    subject: expect.any(String),
    textBody: expect.any(String),
    htmlBody: nullOr(row?.htmlBody, expect.any(String)),
    attachments: nullOr(row?.attachments, expect.any(Array)),
    status: expect.stringMatching(/^(queued|sent|failed|outbox)$/),
    error: nullOr(row?.error, expect.any(String)),
    attempts: expect.any(Number),
    category: nullOr(row?.category, expect.any(String)),
    createdAt: expect.any(Date),
    sentAt: nullOr(row?.sentAt, expect.any(Date)),
    headers: nullOr(row?.headers, expect.any(Object)),
    idempotencyKey: nullOr(row?.idempotencyKey, expect.any(String)),
  });
};

describe(`email outbox repository on ${testDriverName()}`, () => {
  const handle = useTestDb();

  describe('insertEmail and findEmailById', () => {
    it('queues a plain email with defaults', async () => {
      const row = await insertEmail(handle.db, { to: 'a@example.com', subject: 'Hi', text: 'Hello' });
      expectEmailShape(row);
      expect(row).toMatchObject({
        toAddress: 'a@example.com',
        subject: 'Hi',
        textBody: 'Hello',
        htmlBody: null,
        attachments: null,
        category: null,
        status: 'queued',
        attempts: 0,
        error: null,
        sentAt: null,
      });
      expect(await findEmailById(handle.db, row.id)).toEqual(row);
      expect(await findEmailById(handle.db, 987_654_321)).toBeUndefined();
    });

    it('round-trips html, category, a given status and the attachments as parsed JSON', async () => {
      const attachments = [
        { filename: 'invoice.pdf', contentType: 'application/pdf', contentBase64: 'JVBERi0xLjQK' },
        { filename: 'note.txt', contentType: 'text/plain', contentBase64: 'aGk=' },
      ];
      const row = await insertEmail(
        handle.db,
        {
          to: 'b@example.com',
          subject: 'Invoice',
          text: 'See attached',
          html: '<p>See attached</p>',
          attachments,
          category: 'invoice',
        },
        'outbox',
      );
      expectEmailShape(row);
      expect(row).toMatchObject({ htmlBody: '<p>See attached</p>', category: 'invoice', status: 'outbox' });
      expect(row.attachments).toEqual(attachments);
      expect((await findEmailById(handle.db, row.id))!.attachments).toEqual(attachments);
    });

    it('rejects an unknown status', async () => {
      await expect(
        insertEmail(handle.db, { to: 'c@example.com', subject: 's', text: 't' }, 'bounced' as never),
      ).rejects.toMatchObject({ code: '23514' });
    });
  });

  describe('headers and idempotency keys', () => {
    it('keeps the headers as JSON and records a keyed mail once', async () => {
      const first = await insertEmail(handle.db, {
        to: 'k@example.com',
        subject: 'Keyed',
        text: 'Hi',
        headers: { 'List-Unsubscribe': '<https://x.example/u>' },
        idempotencyKey: 'starloop-rq-1-email-initial',
      });
      expectEmailShape(first);
      expect(first.headers).toEqual({ 'List-Unsubscribe': '<https://x.example/u>' });
      const again = await insertEmail(handle.db, {
        to: 'k@example.com',
        subject: 'Keyed again',
        text: 'Hi',
        idempotencyKey: 'starloop-rq-1-email-initial',
      });
      expect(again).toEqual(first);
      expect((await listEmails(handle.db, { to: 'k@example.com' })).map((m) => m.id)).toEqual([first.id]);
    });
  });

  describe('markEmail', () => {
    it('sets the status and error and increments attempts on every call', async () => {
      const row = await insertEmail(handle.db, { to: 'd@example.com', subject: 's', text: 't' });
      await markEmail(handle.db, row.id, { status: 'failed', error: 'SMTP 421' });
      let found = await findEmailById(handle.db, row.id);
      expectEmailShape(found);
      expect(found).toMatchObject({ status: 'failed', error: 'SMTP 421', attempts: 1, sentAt: null });

      const sentAt = new Date('2026-11-22T09:00:00.000Z');
      await markEmail(handle.db, row.id, { status: 'sent', error: null, sentAt });
      found = await findEmailById(handle.db, row.id);
      expectEmailShape(found);
      expect(found).toMatchObject({ status: 'sent', error: null, attempts: 2, sentAt });
      expect(typeof found!.attempts).toBe('number');
    });

    it('leaves other emails alone', async () => {
      const a = await insertEmail(handle.db, { to: 'e@example.com', subject: 's', text: 't' });
      const b = await insertEmail(handle.db, { to: 'f@example.com', subject: 's', text: 't' });
      await markEmail(handle.db, a.id, { status: 'sent', sentAt: new Date() });
      expect(await findEmailById(handle.db, b.id)).toEqual(b);
    });

    it('is a no-op for an unknown id', async () => {
      await expect(markEmail(handle.db, 987_654_321, { status: 'sent' })).resolves.toBeUndefined();
    });
  });

  describe('listEmails', () => {
    it('lists newest first and honours the limit', async () => {
      const first = await insertEmail(handle.db, { to: 'list@example.com', subject: '1', text: 't' });
      const second = await insertEmail(handle.db, { to: 'list@example.com', subject: '2', text: 't' });
      const third = await insertEmail(handle.db, { to: 'other@example.com', subject: '3', text: 't' });
      const rows = await listEmails(handle.db, { limit: 3 });
      expect(rows.map((r) => r.id)).toEqual([third.id, second.id, first.id]);
      for (const row of rows) expectEmailShape(row);
      expect(await listEmails(handle.db, { limit: 1 })).toHaveLength(1);
      const all = await listEmails(handle.db);
      const ids = all.map((r) => r.id);
      expect(ids.slice(0, 3)).toEqual([third.id, second.id, first.id]);
    });

    it('filters by recipient case-insensitively on both sides', async () => {
      const mixed = await insertEmail(handle.db, { to: 'Mixed.Case@Example.COM', subject: 'm', text: 't' });
      const lower = await insertEmail(handle.db, { to: 'mixed.case@example.com', subject: 'l', text: 't' });
      await insertEmail(handle.db, { to: 'mixed.case@example.org', subject: 'x', text: 't' });
      const rows = await listEmails(handle.db, { to: 'MIXED.case@example.com' });
      expect(rows.map((r) => r.id)).toEqual([lower.id, mixed.id]);
      expect(rows[1]!.toAddress).toBe('Mixed.Case@Example.COM');
      expect(await listEmails(handle.db, { to: 'nobody@example.com' })).toEqual([]);
    });

    it('ties on createdAt break by id, newest id first', async () => {
      const at = new Date('2030-01-01T00:00:00.000Z');
      const [a, b] = await handle.db
        .insertInto('emailOutbox')
        .values([
          { toAddress: 'tie@example.com', subject: 'a', textBody: 't', createdAt: at },
          { toAddress: 'tie@example.com', subject: 'b', textBody: 't', createdAt: at },
        ])
        .returning('id')
        .execute();
      const rows = await listEmails(handle.db, { to: 'tie@example.com' });
      expect(rows.map((r) => r.id)).toEqual([b!.id, a!.id]);
    });
  });
});
