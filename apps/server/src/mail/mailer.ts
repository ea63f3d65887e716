import {
  findEmailById,
  findEmailByIdempotencyKey,
  insertEmail,
  isEmailSuppressed,
  markEmail,
  type TDb,
  type TEmail,
  type TEmailInput,
} from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { QUEUES, type TJobs } from '../jobs/queue.ts';
import { redactLinks } from './redact-links.ts';

export interface TMailResult {
  /** The outbox row; null when nothing was recorded (the address unsubscribed). */
  id: number | null;
  status: 'sent' | 'failed' | 'outbox' | 'queued' | 'suppressed';
  error?: string;
  /** The mail server refused it for good (a 5xx answer): trying again would not help. */
  permanent?: boolean;
}

/** SMTP answers 5xx for a refusal that a retry cannot fix (no such mailbox, policy). */
const isPermanentSmtpError = (error: unknown) => {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const SUPPRESSED_ERROR = 'not sent: the address unsubscribed';

export interface TMailer {
  /**
   * Records the mail, then sends it over SMTP when configured; otherwise it stays in the outbox.
   * A mail to an unsubscribed address (email_suppressions) is neither recorded nor sent.
   */
  send(email: TEmailInput): Promise<TMailResult>;
  /**
   * Records the mail and a mail-send job (in the caller's transaction with `trx`) and answers at
   * once: the mail worker delivers it, with retries and backoff, also after a restart. For
   * requests, which never wait on SMTP.
   */
  queue(email: TEmailInput, options?: { trx?: TDb }): Promise<TMailResult>;
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
  /** Where queued mail goes (the mail-send queue); without it queue() delivers in the background. */
  jobs?: Pick<TJobs, 'send'>;
  /** Told about every delivery outcome (metrics). */
  onResult?: (status: 'sent' | 'failed') => void;
  /**
   * Told about each mail's final outcome (SMTP accepted it, or refused it for good, or it was
   * dropped as unsubscribed), e.g. to update a review request's delivery. Never throws into the
   * mailer: failures are logged.
   */
  onOutcome?: (mail: TEmail, outcome: 'sent' | 'failed', error?: string) => Promise<void>;
}): TMailer {
  const { db, from, log } = options;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(`${options.smtpUrl}${options.smtpUrl.includes('?') ? '&' : '?'}pool=true`)
    : undefined;

  const reportOutcome = async (mail: TEmail, outcome: 'sent' | 'failed', error?: string) => {
    if (!options.onOutcome) return;
    try {
      await options.onOutcome(mail, outcome, error);
    } catch (reportError) {
      log.error({ err: reportError, mailId: mail.id }, 'mail outcome could not be recorded');
    }
  };

  async function deliver(id: number): Promise<TMailResult> {
    const mail = await findEmailById(db, id);
    if (!mail) throw new Error(`mail ${id} not found`);
    // A job delivered again (its first run's acknowledgement was lost) sends nothing twice.
    if (mail.status === 'sent') return { id, status: 'sent' };
    // A retry after the address unsubscribed is not sent either.
    if (await isEmailSuppressed(db, mail.toAddress)) {
      await markEmail(db, id, { status: 'failed', error: SUPPRESSED_ERROR });
      await reportOutcome(mail, 'failed', SUPPRESSED_ERROR);
      return { id, status: 'suppressed', error: SUPPRESSED_ERROR };
    }
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
        ...(mail.headers ? { headers: mail.headers } : {}),
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      // Delivered: the row keeps no working link from now on (set-password, reset, unsubscribe).
      await markEmail(db, id, {
        status: 'sent',
        error: null,
        sentAt: new Date(),
        textBody: redactLinks(mail.textBody),
        htmlBody: mail.htmlBody === null ? null : redactLinks(mail.htmlBody),
        ...(mail.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(mail.headers).map(([name, value]) => [name, redactLinks(value)]),
              ),
            }
          : {}),
      });
      options.onResult?.('sent');
      await reportOutcome(mail, 'sent');
      return { id, status: 'sent' };
    } catch (error) {
      const permanent = isPermanentSmtpError(error);
      const message = error instanceof Error ? error.message : String(error);
      // The outbox list shows this reason to admins.
      const reason = permanent ? `Refused for good by the mail server: ${message}` : message;
      await markEmail(db, id, { status: 'failed', error: reason.slice(0, 500) });
      log.warn({ mailId: id, err: message, permanent }, 'mail delivery failed');
      options.onResult?.('failed');
      if (permanent) await reportOutcome(mail, 'failed', reason.slice(0, 500));
      return { id, status: 'failed', error: reason, permanent };
    }
  }

  async function suppressed(email: TEmailInput, on: TDb = db): Promise<boolean> {
    if (!(await isEmailSuppressed(on, email.to))) return false;
    // The category only: the address itself stays out of the log.
    log.info({ category: email.category ?? null }, 'mail not sent: the address unsubscribed');
    return true;
  }

  return {
    smtpConfigured: Boolean(transport),
    async send(email) {
      if (await suppressed(email)) return { id: null, status: 'suppressed' };
      const row = await insertEmail(db, email);
      return deliver(row.id);
    },
    async queue(email, queueOptions = {}) {
      // Read through the caller's transaction: on the embedded database (one connection) a read
      // outside it would wait for it.
      const target = queueOptions.trx ?? db;
      if (await suppressed(email, target)) return { id: null, status: 'suppressed' };
      if (email.idempotencyKey) {
        // Recorded already (a caller's retry): the first mail and its job stand, nothing is added.
        const found = await findEmailByIdempotencyKey(target, email.idempotencyKey);
        if (found) return { id: found.id, status: found.status === 'sent' ? 'sent' : 'queued' };
      }
      if (!transport) {
        const row = await insertEmail(target, email, 'outbox');
        log.info({ mailId: row.id, category: email.category }, 'mail kept in outbox (no SMTP configured)');
        return { id: row.id, status: 'outbox' };
      }
      const row = await insertEmail(target, email);
      if (options.jobs) {
        await options.jobs.send(
          QUEUES.mailSend,
          { mailId: row.id },
          { singletonKey: `mail:${row.id}`, ...(queueOptions.trx ? { trx: queueOptions.trx } : {}) },
        );
      } else {
        void deliver(row.id).catch((error: unknown) =>
          log.error({ err: error, mailId: row.id }, 'background mail delivery failed'),
        );
      }
      return { id: row.id, status: 'queued' };
    },
    resend: deliver,
    close: () => transport?.close(),
  };
}
