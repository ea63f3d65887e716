import type { TDeps } from '../context.ts';
import { registerReportJobs } from '../domains/admin/reports/reports.jobs.ts';
import { registerPaymentJobs } from '../domains/payments/payments.jobs.ts';
import { registerReplyJobs } from '../domains/replies/replies.jobs.ts';
import { registerMaintenanceJobs } from './maintenance.job.ts';

/** Every domain declares its workers here; they start when the app is ready. */
export function registerJobs(deps: TDeps): void {
  registerMaintenanceJobs(deps);
  registerPaymentJobs(deps);
  registerReplyJobs(deps);
  registerReportJobs(deps);
}
