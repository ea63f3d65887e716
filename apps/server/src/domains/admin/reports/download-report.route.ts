import { ZReportDownload } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../../context.ts';
import { defineRestRoute } from '../../../rest/define-route.ts';
import { REPORT_CONTENT_TYPES, reportFileName, reportStream } from './report-files.service.ts';

/** GET /api/reports/download: a complete report streamed as a file (not a procedure: not JSON). */
export async function downloadReportRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRestRoute(
    app,
    deps,
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
