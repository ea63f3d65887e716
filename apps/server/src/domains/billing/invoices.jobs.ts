import {
  findBusinessOwnerPerson,
  findInvoiceById,
  findOwnerById,
  findRegistrationAttempt,
  type TDb,
  type TInvoice,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { invoiceDate, invoiceFileName, invoiceRupees, renderInvoicePdf } from './invoice-pdf.ts';
import { sendDueRenewalReminders } from './renewal-reminders.service.ts';

/** Where an invoice's email goes: the branch's owner, else the registration's or branch's email. */
async function recipientEmail(db: TDb, invoice: TInvoice): Promise<string | null> {
  if (invoice.paymentId !== null) {
    const attempt = await findRegistrationAttempt(db, invoice.paymentId);
    if (attempt?.outcome === 'needs_refund') return attempt.email;
  }
  if (invoice.businessId === null) return null;
  const person = await findBusinessOwnerPerson(db, invoice.businessId);
  if (person?.email) return person.email;
  return (await findOwnerById(db, invoice.businessId))?.email ?? null;
}

/** The payment-received email (or the credit note's), its PDF attached, written to the outbox once. */
export async function mailInvoice(
  deps: TDeps,
  invoiceId: number,
): Promise<'queued' | 'no-address' | 'unknown'> {
  const invoice = await findInvoiceById(deps.db, invoiceId);
  if (!invoice) return 'unknown';
  const to = await recipientEmail(deps.db, invoice);
  if (!to) return 'no-address';
  const original =
    invoice.originalInvoiceId === null
      ? undefined
      : await findInvoiceById(deps.db, invoice.originalInvoiceId);
  const pdf = await renderInvoicePdf(invoice, original);
  const name = invoice.recipient.businessName ?? invoice.recipient.legalName;
  const isInvoice = invoice.kind === 'invoice';
  const text = isInvoice
    ? [
        `Hello ${name},`,
        '',
        `We have received your payment of ${invoiceRupees(invoice.total)} (${invoiceRupees(invoice.taxableValue)} plus GST) on ${invoiceDate(invoice.issuedAt)}.`,
        `Your tax invoice ${invoice.number} is attached.`,
        '',
        `For: ${invoice.description}`,
        '',
        'Thank you for choosing StarLoop.',
      ]
    : [
        `Hello ${name},`,
        '',
        `Your payment of ${invoiceRupees(invoice.total)} has been refunded. Credit note ${invoice.number}${original ? `, against invoice ${original.number},` : ''} is attached.`,
        '',
        'Refunds reach the original payment method in 5 to 7 working days.',
      ];
  await deps.mailer.queue({
    to,
    subject: isInvoice
      ? `Payment received: tax invoice ${invoice.number}`
      : `Refund: credit note ${invoice.number}`,
    text: text.join('\n'),
    category: 'invoice',
    idempotencyKey: `invoice-mail:${invoice.id}`,
    attachments: [
      {
        filename: invoiceFileName(invoice),
        contentType: 'application/pdf',
        contentBase64: pdf.toString('base64'),
      },
    ],
  });
  return 'queued';
}

/** Billing's workers: invoice emails, and the hourly renewal reminders. */
export function registerInvoiceJobs(deps: TDeps): void {
  deps.jobs.register<{ invoiceId: number }>(
    QUEUES.invoiceMail,
    async ({ invoiceId }) => ({ status: await mailInvoice(deps, invoiceId) }),
    { queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true } },
  );
  deps.jobs.register(QUEUES.renewalReminders, async () => ({ sent: await sendDueRenewalReminders(deps) }), {
    schedule: '17 * * * *',
    // One run at a time across all server processes; each reminder is recorded once anyway.
    queue: { policy: 'singleton' },
  });
}
