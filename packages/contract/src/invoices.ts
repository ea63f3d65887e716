import { z } from 'zod';
import { ZIsoDate } from './dto.ts';

/**
 * Tax invoices and credit notes (issue 32): the owners' list (`GET /api/users/invoices`, PDFs at
 * `/api/users/invoices/{id}/pdf`) and the operator's books (`GET /api/admin/invoices`, its GSTR-1
 * CSV and a month's PDFs at `/api/admin/invoices/export`). Amounts in paise.
 */

export const INVOICE_TEXTS = {
  invoiceNotFound: 'Invoice not found',
  monthInvalid: 'Enter a month as YYYY-MM',
  formatInvalid: 'Choose gstr1 or pdf',
  noInvoices: 'No invoices yet.',
} as const;

export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;

const ZAmounts = {
  taxableValue: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
};

export const ZOwnerInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  date: ZIsoDate,
  ...ZAmounts,
  paymentId: z.number().int().nullable(),
});
export type TOwnerInvoice = z.infer<typeof ZOwnerInvoice>;

export const ZOwnerInvoices = z.object({ invoices: z.array(ZOwnerInvoice) });
export type TOwnerInvoices = z.infer<typeof ZOwnerInvoices>;

export const ZInvoiceId = z.object({ id: z.coerce.number().int().positive(INVOICE_TEXTS.invoiceNotFound) });

const ZMonth = z
  .string({ message: INVOICE_TEXTS.monthInvalid })
  .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, INVOICE_TEXTS.monthInvalid);

export const ZAdminInvoicesQuery = z.object({
  month: ZMonth,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100).optional(),
  /** b2b: recipients with a GSTIN; b2c: without. */
  type: z.enum(['all', 'b2b', 'b2c']).default('all'),
});
export type TAdminInvoicesQuery = z.infer<typeof ZAdminInvoicesQuery>;

export const ZAdminInvoice = ZOwnerInvoice.extend({
  manualPaymentId: z.number().int().nullable(),
  originalNumber: z.string().nullable(),
  recipient: z.object({
    legalName: z.string(),
    gstin: z.string().nullable(),
    state: z.string().nullable(),
    businessName: z.string().nullable(),
    code: z.string().nullable(),
  }),
  placeOfSupply: z.string(),
  businessId: z.number().int().nullable(),
});
export type TAdminInvoice = z.infer<typeof ZAdminInvoice>;

export const ZAdminInvoices = z.object({
  invoices: z.array(ZAdminInvoice),
  totals: z.object({
    invoices: z.number().int(),
    creditNotes: z.number().int(),
    /** Net of credit notes. */
    ...ZAmounts,
  }),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type TAdminInvoices = z.infer<typeof ZAdminInvoices>;

export const ZAdminInvoicesExport = z.object({
  month: ZMonth,
  /** gstr1: the month's GSTR-1 tables as CSV; pdf: every document's PDF in one ZIP. */
  format: z.enum(['gstr1', 'pdf'], { message: INVOICE_TEXTS.formatInvalid }).default('gstr1'),
});
export type TAdminInvoicesExport = z.infer<typeof ZAdminInvoicesExport>;

/** Renewals due (issue 32 item 8): GET /api/admin/renewals, POST /api/admin/renewals/{id}/remind. */
export const RENEWAL_TEXTS = {
  reminderSent: 'Renewal reminder sent.',
  noEmail: 'This owner has no email address to remind.',
  notDue: 'This business has no paid period ending within the next 30 days.',
} as const;

export const ZAdminRenewal = z.object({
  businessId: z.number().int(),
  businessName: z.string(),
  code: z.string(),
  plan: z.string(),
  subscriptionEnd: ZIsoDate,
  daysLeft: z.number().int(),
  ownerName: z.string(),
  email: z.string().nullable(),
  contactNumber: z.string(),
  lastReminderAt: ZIsoDate.nullable(),
});
export const ZAdminRenewals = z.object({ renewals: z.array(ZAdminRenewal) });
export type TAdminRenewals = z.infer<typeof ZAdminRenewals>;
export const ZRenewalRemindResult = z.object({ success: z.literal(true), message: z.string() });
