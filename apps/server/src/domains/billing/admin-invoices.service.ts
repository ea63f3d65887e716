import {
  GST_RATE_PERCENT,
  IST_TIME_ZONE,
  istDayStart,
  paiseToRupees,
  type TAdminInvoice,
  type TAdminInvoices,
  type TAdminInvoicesQuery,
} from '@starloop/contract';
import {
  findInvoiceById,
  invoiceTotalsOfMonth,
  listInvoicesOfMonth,
  type TDb,
  type TInvoice,
  type TInvoiceMonthQuery,
} from '@starloop/db';
import { zipSync } from 'fflate';
import type { TDeps } from '../../context.ts';
import { csvLines } from '../../lib/spreadsheet.ts';
import { invoicePdfFile, toOwnerInvoice } from './owner-invoices.service.ts';

/** The operator's books (issue 32 item 10): a month's invoices and credit notes, GSTR-1 CSV, PDFs. */

export const ADMIN_INVOICES_PAGE_SIZE = 50;
/** Documents read per batch when a whole month is exported. */
const EXPORT_BATCH = 500;

/** The IST month 'YYYY-MM' as [first instant, first instant of the next month). */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return { from: istDayStart(`${month}-01`), to: istDayStart(`${next}-01`) };
}

const monthQuery = (query: Pick<TAdminInvoicesQuery, 'month' | 'search' | 'type'>): TInvoiceMonthQuery => ({
  ...monthRange(query.month),
  search: query.search || undefined,
  b2b: query.type === 'all' ? undefined : query.type === 'b2b',
});

async function toAdminInvoices(db: TDb, rows: TInvoice[]): Promise<TAdminInvoice[]> {
  const originals = new Map<number, string>();
  for (const row of rows) {
    if (row.originalInvoiceId !== null && !originals.has(row.originalInvoiceId)) {
      originals.set(row.originalInvoiceId, (await findInvoiceById(db, row.originalInvoiceId))?.number ?? '');
    }
  }
  return rows.map((row) => ({
    ...toOwnerInvoice(row),
    manualPaymentId: row.manualPaymentId,
    originalNumber: row.originalInvoiceId === null ? null : (originals.get(row.originalInvoiceId) ?? null),
    recipient: {
      legalName: row.recipient.legalName,
      gstin: row.recipient.gstin,
      state: row.recipient.state,
      businessName: row.recipient.businessName ?? null,
      code: row.recipient.code ?? null,
    },
    placeOfSupply: row.placeOfSupply,
    businessId: row.businessId,
  }));
}

/** GET /api/admin/invoices: a month's documents (oldest first, as numbered) with totals net of credit notes. */
export async function listAdminInvoices(
  deps: Pick<TDeps, 'db'>,
  query: TAdminInvoicesQuery,
): Promise<TAdminInvoices> {
  const range = monthQuery(query);
  const totals = await invoiceTotalsOfMonth(deps.db, range);
  const rows = await listInvoicesOfMonth(deps.db, {
    ...range,
    offset: (query.page - 1) * ADMIN_INVOICES_PAGE_SIZE,
    limit: ADMIN_INVOICES_PAGE_SIZE,
  });
  const { count, ...sums } = totals;
  return {
    invoices: await toAdminInvoices(deps.db, rows),
    totals: sums,
    page: query.page,
    total: count,
    totalPages: Math.max(1, Math.ceil(count / ADMIN_INVOICES_PAGE_SIZE)),
  };
}

async function* monthDocuments(db: TDb, month: string): AsyncGenerator<TInvoice> {
  const range = monthRange(month);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await listInvoicesOfMonth(db, { ...range, offset, limit: EXPORT_BATCH });
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** GSTR-1's date: 28-Nov-2026 (IST). */
const gstrDate = (at: Date) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: IST_TIME_ZONE,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
};

const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);
const placeOfSupply = (doc: TInvoice) => `${doc.placeOfSupplyCode}-${doc.placeOfSupply}`;

export const GSTR1_HEADER = [
  'Section',
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Document Number',
  'Document Date',
  'Document Type',
  'Original Invoice Number',
  'Document Value',
  'Place Of Supply',
  'Reverse Charge',
  'Rate',
  'Taxable Value',
  'Integrated Tax',
  'Central Tax',
  'State/UT Tax',
  'Cess Amount',
];

/**
 * The month's GSTR-1 tables in one CSV, a `Section` column naming each: `b2b` (invoice-wise, to
 * GSTINs), `cdnr` (credit notes to GSTINs) and `b2cs` (sales to unregistered recipients summed by
 * place of supply and rate, their credit notes netted, as GSTR-1 Table 7 takes them). Rupees with
 * two decimals; one rate (18%), no cess.
 */
export async function gstr1Csv(deps: Pick<TDeps, 'db'>, month: string): Promise<string> {
  const rows: string[][] = [GSTR1_HEADER];
  const b2cs = new Map<string, { taxable: number; igst: number; cgst: number; sgst: number }>();
  const originals = new Map<number, string>();
  for await (const doc of monthDocuments(deps.db, month)) {
    const sign = doc.kind === 'credit-note' ? -1 : 1;
    if (!doc.recipient.gstin) {
      const key = placeOfSupply(doc);
      const sum = b2cs.get(key) ?? { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
      sum.taxable += sign * doc.taxableValue;
      sum.igst += sign * doc.igst;
      sum.cgst += sign * doc.cgst;
      sum.sgst += sign * doc.sgst;
      b2cs.set(key, sum);
      continue;
    }
    let original = '';
    if (doc.originalInvoiceId !== null) {
      original =
        originals.get(doc.originalInvoiceId) ??
        (await findInvoiceById(deps.db, doc.originalInvoiceId))?.number ??
        '';
      originals.set(doc.originalInvoiceId, original);
    }
    rows.push([
      doc.kind === 'invoice' ? 'b2b' : 'cdnr',
      doc.recipient.gstin,
      doc.recipient.legalName,
      doc.number,
      gstrDate(doc.issuedAt),
      doc.kind === 'invoice' ? 'Regular B2B' : 'C',
      original,
      rupees(doc.total),
      placeOfSupply(doc),
      'N',
      String(GST_RATE_PERCENT),
      rupees(doc.taxableValue),
      rupees(doc.igst),
      rupees(doc.cgst),
      rupees(doc.sgst),
      '0.00',
    ]);
  }
  for (const [place, sum] of [...b2cs.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    rows.push([
      'b2cs',
      '',
      '',
      '',
      '',
      'OE',
      '',
      '',
      place,
      'N',
      String(GST_RATE_PERCENT),
      rupees(sum.taxable),
      rupees(sum.igst),
      rupees(sum.cgst),
      rupees(sum.sgst),
      '0.00',
    ]);
  }
  return csvLines(rows);
}

/** Every document of the month as its PDF, in one ZIP. */
export async function monthPdfZip(deps: Pick<TDeps, 'db'>, month: string): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for await (const doc of monthDocuments(deps.db, month)) {
    const { filename, pdf } = await invoicePdfFile(deps, doc);
    files[filename] = new Uint8Array(pdf);
  }
  // PDFs are compressed already: stored as they are.
  return zipSync(files, { level: 0 });
}
