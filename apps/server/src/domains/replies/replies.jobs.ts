import type { TDeps } from '../../context.ts';
import { QUEUES, type TJobs } from '../../jobs/queue.ts';
import { NOTIFY_TICK_CRON, runNotifyJob, type TNotifyJob } from './notifications.worker.ts';
import { processReplyJob, type TReplyJob } from './reply.worker.ts';

type TQueueOptions = NonNullable<Parameters<TJobs['register']>[2]>['queue'];

/**
 * review-reply: one job per review (singletonKey = review id, 'exclusive' policy: never two queued
 * or active jobs for one review). A failed email is retried with exponential backoff; a hung attempt
 * is given up after expireInSeconds and retried.
 */
export const REPLY_QUEUE_OPTIONS = {
  policy: 'exclusive',
  retryLimit: 6,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 120,
} satisfies TQueueOptions;

export const NOTIFY_QUEUE_OPTIONS = {
  retryLimit: 4,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 600,
} satisfies TQueueOptions;

/** Reply drafting, reply emails and owner notifications. */
export function registerReplyJobs(
  deps: TDeps,
  options: { replyQueue?: TQueueOptions; notifyQueue?: TQueueOptions; jobs?: TJobs } = {},
): void {
  const jobs = options.jobs ?? deps.jobs;
  jobs.register<TReplyJob>(QUEUES.reviewReply, (data, job) => processReplyJob(deps, data, job), {
    queue: { ...REPLY_QUEUE_OPTIONS, ...options.replyQueue },
  });
  jobs.register<TNotifyJob | null>(QUEUES.reviewNotify, (data) => runNotifyJob(deps, data), {
    queue: { ...NOTIFY_QUEUE_OPTIONS, ...options.notifyQueue },
    schedule: NOTIFY_TICK_CRON,
  });
}
