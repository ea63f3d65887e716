import { ZReportExport, ZReportExportResult } from '@starloop/contract';
import { adminActor } from '../../../lib/audit.ts';
import { adminProcedure } from '../../../trpc/init.ts';
import { requestReport } from './reports.service.ts';

/**
 * Any signed-in admin. The Export Reports modal: answers at once; the CSV and XLSX arrive by email
 * from a background job. The spec's REST form is a GET with the choices in the query string.
 */
export const exportReportOperation = adminProcedure
  .meta({
    rest: {
      method: 'GET',
      path: '/reports',
      summary: 'Email a report (CSV and XLSX) to the given address; answers at once, a job builds it',
      description: 'Also reachable as /api/reports/ (as the spec writes it).',
      tags: ['admin', 'reports'],
    },
  })
  .input(ZReportExport)
  .output(ZReportExportResult)
  .mutation(({ ctx, input }) => requestReport(ctx.deps, input, adminActor(ctx)));
