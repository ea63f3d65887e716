import type { TDeps } from '../context.ts';
import { QUEUES } from '../jobs/queue.ts';

/**
 * Retries with backoff for about a day (30 s, 1 min, 2 min, … capped at an hour), then the mail
 * stays 'failed' with its reason in the outbox and the job is recorded as failed for admins. A
 * mail being sent when its process died is sent again once its job expires (2 minutes).
 */
export const MAIL_QUEUE_OPTIONS: TMailQueueOptions = {
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 120,
};

interface TMailQueueOptions {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax: number;
  expireInSeconds: number;
}

export class MailRetryError extends Error {
  override name = 'MailRetryError';
}

/** The mail worker: delivers one recorded mail; a transient failure is thrown so pg-boss retries it. */
export function registerMailJobs(deps: TDeps, queueOptions: Partial<TMailQueueOptions> = {}): void {
  deps.jobs.register<{ mailId: number }>(
    QUEUES.mailSend,
    async ({ mailId }) => {
      const result = await deps.mailer.resend(mailId);
      if (result.status === 'failed' && !result.permanent) {
        throw new MailRetryError(`mail ${mailId} not delivered: ${result.error ?? 'unknown error'}`);
      }
      return { status: result.status };
    },
    { queue: { ...MAIL_QUEUE_OPTIONS, ...queueOptions } },
  );
}
