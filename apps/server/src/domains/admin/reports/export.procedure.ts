import { ZReportExport, ZReportExportResult } from '@starloop/contract';
import { adminProcedure } from '../../../trpc/init.ts';
import { requestReport } from './reports.service.ts';

/**
 * Who: any signed-in admin. The Export Reports modal: answers at once; the CSV and XLSX arrive by
 * email from a background job.
 */
export const exportReportProcedure = adminProcedure
  .input(ZReportExport)
  .output(ZReportExportResult)
  .mutation(({ ctx, input }) => requestReport(ctx.deps, input, ctx.session.admin));
