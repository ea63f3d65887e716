import { ZReportDownload, ZReportExport, ZReportExportResult } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { REPORT_CONTENT_TYPES, reportFileName, reportStream } from '../domains/admin/reports/report-files.ts';
import { requestReport } from '../domains/admin/reports/reports.service.ts';
import { requireAdmin } from './auth.ts';
import { defineRoute } from './define-route.ts';

/** The admin Export Reports modal: emailed reports (spec section 7) and a direct download. */
export async function reportsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/reports',
      summary: 'Email a report (CSV and XLSX) to the given address; answers at once, a job builds it',
      description: 'Also reachable as /api/reports/ (as the spec writes it).',
      tags: ['admin', 'reports'],
      auth: 'admin',
      querystring: ZReportExport,
      response: ZReportExportResult,
    },
    async (request) => {
      const { admin } = await requireAdmin(deps, request);
      return requestReport(deps, ZReportExport.parse(request.query ?? {}), admin);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/reports/download',
      summary: 'Download a complete report as CSV or XLSX (streamed, newest rows first)',
      tags: ['admin', 'reports'],
      auth: 'admin',
      querystring: ZReportDownload,
      produces: [REPORT_CONTENT_TYPES.csv, REPORT_CONTENT_TYPES.xlsx],
    },
    async (request, reply) => {
      await requireAdmin(deps, request);
      const { type, format } = ZReportDownload.parse(request.query ?? {});
      const filename = reportFileName(type, format, deps.now());
      return reply
        .header('content-type', REPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(reportStream(deps.db, type, format));
    },
  );
}
