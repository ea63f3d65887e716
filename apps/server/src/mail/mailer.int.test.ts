import { findEmailById, hashEmailAddress, listEmails, suppressEmailAddress } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type TSmtpSink } from '../test/smtp-sink.ts';
import { createTestServer, type TTestServer } from '../test/test-server.ts';
import { createMailer } from './mailer.ts';
import { LINK_REMOVED } from './redact-links.ts';

const RESET_LINK = 'https://app.starloop.test/reset-password#token=secret-token-123';

describe(`mail outbox keeps no working link once sent, on ${testDriverName()}`, () => {
  let sink: TSmtpSink;
  let server: TTestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createTestServer({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it('delivers the link, then redacts it in the stored row (text and html)', async () => {
    const result = await server.deps.mailer.send({
      to: 'redact@owner.test',
      subject: 'Reset your StarLoop password',
      text: `Open this link:\n\n${RESET_LINK}\n\nStarLoop`,
      html: `<p><a href="${RESET_LINK}">Reset</a></p>`,
      category: 'password-reset',
    });
    expect(result.status).toBe('sent');
    const delivered = await sink.waitFor((m) => m.to.includes('redact@owner.test'));
    expect(delivered.text).toContain(RESET_LINK);

    const row = await findEmailById(server.deps.db, result.id!);
    expect(row).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });
    expect(row!.textBody).toBe(`Open this link:\n\n${LINK_REMOVED}\n\nStarLoop`);
    expect(row!.htmlBody).toBe(`<p><a href="${LINK_REMOVED}">Reset</a></p>`);
    expect(JSON.stringify(row)).not.toContain('secret-token-123');
  });

  it('keeps the link while the mail is not delivered (failed), so it can be retried or handed over', async () => {
    const broken = createMailer({
      db: server.deps.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'StarLoop <noreply@starloop.test>',
      log: server.deps.log,
    });
    try {
      const result = await broken.send({ to: 'unsent@owner.test', subject: 'Reset', text: RESET_LINK });
      expect(result.status).toBe('failed');
      const row = await findEmailById(server.deps.db, result.id!);
      expect(row).toMatchObject({ status: 'failed', textBody: RESET_LINK });
    } finally {
      broken.close();
    }
  });

  it('records and sends nothing to an unsubscribed address, whatever the mail', async () => {
    await suppressEmailAddress(server.deps.db, hashEmailAddress('gone@customer.test'));
    const before = sink.messages.length;
    for (const send of [server.deps.mailer.send, server.deps.mailer.queue]) {
      const result = await send({ to: 'Gone@Customer.test', subject: 'Anything', text: 'Hello' });
      expect(result).toEqual({ id: null, status: 'suppressed' });
    }
    expect(await listEmails(server.deps.db, { to: 'gone@customer.test' })).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages.length).toBe(before);
  });
});
