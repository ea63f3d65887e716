import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { buildAccountExport, markExportFailed } from './account-export.worker.ts';
import type { TAccountExportJob } from './account-exports.service.ts';

/** Retries after a fault (the build starts over); after the last the export is marked failed. */
export const ACCOUNT_EXPORT_RETRY_LIMIT = 2;

/** One job per export: builds the ZIP, then mails the account's owners. */
export function registerAccountExportJobs(deps: TDeps): void {
  deps.jobs.register<TAccountExportJob>(
    QUEUES.accountExport,
    async (data, job) => {
      try {
        const result = await buildAccountExport(deps, data.exportId);
        return { exportId: data.exportId, status: result.status, rows: result.rows, bytes: result.bytes };
      } catch (error) {
        if (job.retryCount >= ACCOUNT_EXPORT_RETRY_LIMIT) await markExportFailed(deps, data.exportId);
        throw error;
      }
    },
    // A million reviews take minutes; one export at a time per worker keeps the others' jobs moving.
    {
      queue: { retryLimit: ACCOUNT_EXPORT_RETRY_LIMIT, retryDelay: 60, expireInSeconds: 3600 },
      work: { batchSize: 1 },
    },
  );
}
