import { createRequire } from 'node:module';
import { GST_RATE_PERCENT, IST_TIME_ZONE, paiseToRupees } from '@starloop/contract';
import type { TInvoice, TInvoiceParty } from '@starloop/db';
import PDFDocument from 'pdfkit';

/**
 * The PDF of a tax invoice or credit note (pdfkit), with every particular CGST Rule 46 (invoice)
 * or Rule 53 (credit note) asks for. DejaVu Sans is embedded because the PDF standard fonts have no
 * rupee sign.
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const invoiceRupees = (paise: number) =>
  `₹${paiseToRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const invoiceDate = (at: Date) =>
  at.toLocaleDateString('en-IN', {
    timeZone: IST_TIME_ZONE,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });

const stateLine = (party: TInvoiceParty) =>
  party.state ? `State: ${party.state}${party.stateCode ? ` (code ${party.stateCode})` : ''}` : null;

const partyLines = (party: TInvoiceParty, withPan: boolean) =>
  [
    party.legalName,
    party.address,
    stateLine(party),
    party.gstin ? `GSTIN: ${party.gstin}` : 'GSTIN: unregistered',
    withPan && party.pan ? `PAN: ${party.pan}` : null,
    party.businessName ? `Branch: ${party.businessName}${party.code ? ` (${party.code})` : ''}` : null,
  ].filter((line): line is string => Boolean(line));

export const invoiceFileName = (invoice: Pick<TInvoice, 'number'>) =>
  `${invoice.number.replace(/[/]/g, '-')}.pdf`;

/** Renders the document; `original` is the invoice a credit note reverses. */
export function renderInvoicePdf(invoice: TInvoice, original?: TInvoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${invoice.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${invoice.number}` },
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const title = invoice.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE';
  doc.font('bold').fontSize(16).text(title, { align: 'center' });
  doc.moveDown(0.8);

  doc.font('bold').fontSize(10).text('Supplier');
  doc.font('regular').fontSize(9);
  for (const line of partyLines(invoice.supplier, true)) doc.text(line);
  doc.moveDown(0.6);

  const facts = [
    [`${invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} number`, invoice.number],
    ['Date', invoiceDate(invoice.issuedAt)],
    ...(original ? [['Against invoice', `${original.number} dated ${invoiceDate(original.issuedAt)}`]] : []),
    ['Place of supply', `${invoice.placeOfSupply} (${invoice.placeOfSupplyCode})`],
    ['Reverse charge', 'No'],
  ];
  for (const [label, value] of facts) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value!);
  }
  doc.moveDown(0.6);

  doc
    .font('bold')
    .fontSize(10)
    .text(invoice.kind === 'invoice' ? 'Billed to' : 'Issued to');
  doc.font('regular').fontSize(9);
  for (const line of partyLines(invoice.recipient, false)) doc.text(line);
  doc.moveDown(1);

  // The one line of service, then each tax on its own line.
  const amountX = left + width - 120;
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').text(label, left, y, { width: width - 130 });
    const after = doc.y;
    doc.text(amount, amountX, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  row('Description', 'Amount', true);
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(left + width, doc.y + 2)
    .stroke();
  doc.moveDown(0.4);
  row(`${invoice.description} (SAC ${invoice.sac})`, invoiceRupees(invoice.taxableValue));
  row('Taxable value', invoiceRupees(invoice.taxableValue));
  const half = GST_RATE_PERCENT / 2;
  if (invoice.cgst > 0 || invoice.sgst > 0) {
    row(`CGST @ ${half}%`, invoiceRupees(invoice.cgst));
    row(`SGST @ ${half}%`, invoiceRupees(invoice.sgst));
  } else {
    row(`IGST @ ${GST_RATE_PERCENT}%`, invoiceRupees(invoice.igst));
  }
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(left + width, doc.y + 2)
    .stroke();
  doc.moveDown(0.4);
  row(invoice.kind === 'invoice' ? 'Total' : 'Total credited', invoiceRupees(invoice.total), true);
  doc.moveDown(2);

  doc.font('regular').fontSize(9).text(`For ${invoice.supplier.legalName}`, { align: 'right' });
  doc.moveDown(2.5);
  doc.text(
    invoice.supplier.signatory
      ? `${invoice.supplier.signatory}, Authorised signatory`
      : 'Authorised signatory',
    {
      align: 'right',
    },
  );
  doc.moveDown(2);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text('This is a computer-generated document. Amounts in Indian rupees.', { align: 'center' });
  doc.end();
  return done;
}
