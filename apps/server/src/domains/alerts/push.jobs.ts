import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { sendPushJob, type TPushJob } from './push.service.ts';

/** One push to one person's phones (case alerts, renewal reminders); its own retries are per subscription. */
export function registerPushJobs(deps: TDeps): void {
  deps.jobs.register<TPushJob>(QUEUES.pushSend, (data) => sendPushJob(deps, data), {
    queue: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  });
}
