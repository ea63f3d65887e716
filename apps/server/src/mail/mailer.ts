import { findEmailById, insertEmail, markEmail, type TDb, type TEmailInput } from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface TMailResult {
  id: number;
  status: 'sent' | 'failed' | 'outbox' | 'queued';
  error?: string;
}

export interface TMailer {
  /** Records the mail, then sends it over SMTP when configured; otherwise it stays in the outbox. */
  send(email: TEmailInput): Promise<TMailResult>;
  /**
   * Records the mail and answers at once; SMTP delivery happens in the background (its outcome is
   * kept on the mail's row). For requests whose answer must not wait on, or be timed by, SMTP.
   */
  queue(email: TEmailInput): Promise<TMailResult>;
  /** Sends an already recorded mail again (retries). */
  resend(id: number): Promise<TMailResult>;
  readonly smtpConfigured: boolean;
  close(): void;
}

export function createMailer(options: {
  db: TDb;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): TMailer {
  const { db, from, log } = options;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(`${options.smtpUrl}${options.smtpUrl.includes('?') ? '&' : '?'}pool=true`)
    : undefined;

  async function deliver(id: number): Promise<TMailResult> {
    const mail = await findEmailById(db, id);
    if (!mail) throw new Error(`mail ${id} not found`);
    if (!transport) {
      await markEmail(db, id, { status: 'outbox' });
      log.info({ mailId: id, category: mail.category }, 'mail kept in outbox (no SMTP configured)');
      return { id, status: 'outbox' };
    }
    try {
      await transport.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      await markEmail(db, id, { status: 'sent', error: null, sentAt: new Date() });
      return { id, status: 'sent' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markEmail(db, id, { status: 'failed', error: reason.slice(0, 500) });
      log.warn({ mailId: id, err: reason }, 'mail delivery failed');
      return { id, status: 'failed', error: reason };
    }
  }

  return {
    smtpConfigured: Boolean(transport),
    async send(email) {
      const row = await insertEmail(db, email);
      return deliver(row.id);
    },
    async queue(email) {
      const row = await insertEmail(db, email);
      if (!transport) return deliver(row.id);
      void deliver(row.id).catch((error: unknown) =>
        log.error({ err: error, mailId: row.id }, 'background mail delivery failed'),
      );
      return { id: row.id, status: 'queued' };
    },
    resend: deliver,
    close: () => transport?.close(),
  };
}
