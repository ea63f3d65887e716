import type { TDeps } from '../context.ts';
import { registerReportJobs } from '../domains/admin/reports/reports.jobs.ts';
import { registerAlertJobs } from '../domains/alerts/alerts.jobs.ts';
import { registerPushJobs } from '../domains/alerts/push.jobs.ts';
import { registerInvoiceJobs } from '../domains/billing/invoices.jobs.ts';
import { registerCaseJobs } from '../domains/cases/cases.jobs.ts';
import { registerGoogleJobs } from '../domains/google/google.jobs.ts';
import { registerAccountExportJobs } from '../domains/owner/account-exports/account-exports.jobs.ts';
import { registerWebhookJobs } from '../domains/owner/integrations/webhook-delivery.worker.ts';
import { registerRequestJobs } from '../domains/owner/requests/requests.jobs.ts';
import { registerPaymentJobs } from '../domains/payments/payments.jobs.ts';
import { registerReplyJobs } from '../domains/replies/replies.jobs.ts';
import { registerMailJobs } from '../mail/mail.jobs.ts';
import { registerMaintenanceJobs } from './maintenance.job.ts';

/** Every domain declares its workers here; they start when the app is ready. */
export function registerJobs(deps: TDeps): void {
  registerAccountExportJobs(deps);
  registerAlertJobs(deps);
  registerPushJobs(deps);
  registerGoogleJobs(deps);
  registerInvoiceJobs(deps);
  registerMailJobs(deps);
  registerMaintenanceJobs(deps);
  registerPaymentJobs(deps);
  registerReplyJobs(deps);
  registerRequestJobs(deps);
  registerCaseJobs(deps);
  registerReportJobs(deps);
  registerWebhookJobs(deps);
}
