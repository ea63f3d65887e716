import type { TDeps } from '../../context.ts';
import { QUEUES, type TJobs } from '../../jobs/queue.ts';
import { CASE_ALERT_TICK_CRON, runCaseAlertJob, type TCaseAlertJob } from './case-alerts.worker.ts';

type TQueueOptions = NonNullable<Parameters<TJobs['register']>[2]>['queue'];

/** A failed job (the database was unreachable) is retried within seconds first: a late alert is worth little. */
export const CASE_ALERT_QUEUE_OPTIONS = {
  retryLimit: 5,
  retryDelay: 15,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 300,
} satisfies TQueueOptions;

/** Case alerts to the team: new cases, follow-up batches, and the minute's overdue tick. */
export function registerAlertJobs(deps: TDeps): void {
  deps.jobs.register<TCaseAlertJob | null>(QUEUES.caseAlert, (data) => runCaseAlertJob(deps, data), {
    queue: CASE_ALERT_QUEUE_OPTIONS,
    schedule: CASE_ALERT_TICK_CRON,
  });
}
