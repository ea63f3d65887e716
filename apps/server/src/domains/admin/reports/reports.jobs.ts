import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { buildAndEmailReport, type TReportJob } from './reports.service.ts';

/** Report building and emailing: one job per export request, retried on a fault. */
export function registerReportJobs(deps: TDeps): void {
  deps.jobs.register<TReportJob>(
    QUEUES.reportBuild,
    async (data, job) => {
      const result = await buildAndEmailReport(deps, data);
      return { jobId: job.id, mailId: result.id, status: result.status };
    },
    { queue: { retryLimit: 2, retryDelay: 30 } },
  );
}
