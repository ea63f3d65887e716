import { INVOICE_TEXTS, type TOwnerInvoice, type TOwnerInvoices } from '@starloop/contract';
import { findInvoiceById, listAccountInvoices, type TInvoice } from '@starloop/db';
import type { TAccountSession } from '../../auth/authenticate.ts';
import type { TDeps } from '../../context.ts';
import { foundOr404 } from '../../lib/errors.ts';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.ts';

export const toOwnerInvoice = (invoice: TInvoice): TOwnerInvoice => ({
  id: invoice.id,
  number: invoice.number,
  kind: invoice.kind,
  date: invoice.issuedAt.toISOString(),
  taxableValue: invoice.taxableValue,
  cgst: invoice.cgst,
  sgst: invoice.sgst,
  igst: invoice.igst,
  total: invoice.total,
  paymentId: invoice.paymentId,
});

/** GET /api/users/invoices: the account's invoices and credit notes, newest first. */
export async function listOwnerInvoices(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
): Promise<TOwnerInvoices> {
  const invoices = await listAccountInvoices(deps.db, session.membership.accountId);
  return { invoices: invoices.map(toOwnerInvoice) };
}

/** The PDF of one of the account's documents; another account's is a 404, as if it did not exist. */
export async function ownerInvoicePdf(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
  id: number,
): Promise<{ filename: string; pdf: Buffer }> {
  const found = await findInvoiceById(deps.db, id);
  const invoice = foundOr404(
    found && found.accountId === session.membership.accountId ? found : undefined,
    INVOICE_TEXTS.invoiceNotFound,
  );
  return invoicePdfFile(deps, invoice);
}

/** A document's PDF and file name (a credit note names its original invoice). */
export async function invoicePdfFile(
  deps: Pick<TDeps, 'db'>,
  invoice: TInvoice,
): Promise<{ filename: string; pdf: Buffer }> {
  const original =
    invoice.originalInvoiceId === null
      ? undefined
      : await findInvoiceById(deps.db, invoice.originalInvoiceId);
  return { filename: invoiceFileName(invoice), pdf: await renderInvoicePdf(invoice, original) };
}
