import { INVOICE_TEXTS, ZAdminInvoicesExport, ZInvoiceId } from '@starloop/contract';
import { findInvoiceById } from '@starloop/db';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../context.ts';
import { foundOr404 } from '../../lib/errors.ts';
import { SPREADSHEET_CONTENT_TYPES } from '../../lib/spreadsheet.ts';
import { defineRestRoute } from '../../rest/define-route.ts';
import { gstr1Csv, monthPdfZip } from './admin-invoices.service.ts';
import { invoicePdfFile } from './owner-invoices.service.ts';

/**
 * GET /api/admin/invoices/export (a month as GSTR-1 CSV, or its PDFs as one ZIP) and
 * GET /api/admin/invoices/{id}/pdf: files, so routes rather than procedures. Any admin.
 */
export async function adminInvoiceFilesRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/admin/invoices/export',
      summary:
        "A month's invoices and credit notes: GSTR-1 CSV (format=gstr1) or every PDF in a ZIP (format=pdf)",
      description:
        'GSTR-1: one CSV, its Section column naming the table: b2b (invoice-wise, recipients with a GSTIN), cdnr (their credit notes) and b2cs (unregistered recipients summed by place of supply and rate, credit notes netted). Rupees.',
      tags: ['admin', 'billing'],
      auth: 'admin',
      querystring: ZAdminInvoicesExport,
      produces: [SPREADSHEET_CONTENT_TYPES.csv, 'application/zip'],
    },
    async (request, reply) => {
      const { month, format } = ZAdminInvoicesExport.parse(request.query ?? {});
      const [body, type, name] =
        format === 'gstr1'
          ? [await gstr1Csv(deps, month), SPREADSHEET_CONTENT_TYPES.csv, `gstr1-${month}.csv`]
          : [Buffer.from(await monthPdfZip(deps, month)), 'application/zip', `invoices-${month}.zip`];
      return reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/admin/invoices/:id/pdf',
      summary: 'Any tax invoice or credit note as a PDF',
      tags: ['admin', 'billing'],
      auth: 'admin',
      params: ZInvoiceId,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const { id } = ZInvoiceId.parse(request.params);
      const invoice = foundOr404(await findInvoiceById(deps.db, id), INVOICE_TEXTS.invoiceNotFound);
      const { filename, pdf } = await invoicePdfFile(deps, invoice);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
