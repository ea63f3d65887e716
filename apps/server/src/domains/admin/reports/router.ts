import { router } from '../../../trpc/init.ts';
import { exportReportProcedure } from './export.procedure.ts';

/** Admin reports: admin.reports.export (the file download is REST: GET /api/reports/download). */
export const adminReportsRouter = router({
  export: exportReportProcedure,
});
