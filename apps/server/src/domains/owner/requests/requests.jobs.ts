import { deleteExpiredContactImports } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { dispatchDueRequests } from './request-dispatch.worker.ts';
import {
  REQUEST_SEND_RETRY_DELAY,
  REQUEST_SEND_RETRY_DELAY_MAX,
  REQUEST_SEND_RETRY_LIMIT,
  sendDelivery,
} from './request-send.worker.ts';

/**
 * A message that cannot go now (provider outage, 429, timeout) is retried with backoff: 30 s,
 * doubling, at most an hour apart, for about a day (REQUEST_SEND_RETRY_LIMIT); then the request
 * moves on to its next channel. An answer that names its wait (Retry-After) is queued again for
 * then, as a new job that carries the retries so far in `retries`. A job whose process died
 * mid-send runs again after two minutes, and the delivery's lease and idempotency key keep it from
 * going twice.
 */
export const REQUEST_SEND_QUEUE_OPTIONS = {
  retryLimit: REQUEST_SEND_RETRY_LIMIT,
  retryDelay: REQUEST_SEND_RETRY_DELAY,
  retryBackoff: true,
  retryDelayMax: REQUEST_SEND_RETRY_DELAY_MAX,
  expireInSeconds: 120,
};

export function registerRequestJobs(
  deps: TDeps,
  queueOptions: Partial<typeof REQUEST_SEND_QUEUE_OPTIONS> = {},
): void {
  deps.jobs.register<{ deliveryId: number; retries?: number }>(
    QUEUES.requestSend,
    async ({ deliveryId, retries = 0 }, job) => ({
      outcome: await sendDelivery(deps, deliveryId, { retryCount: retries + job.retryCount }),
    }),
    { queue: { ...REQUEST_SEND_QUEUE_OPTIONS, ...queueOptions } },
  );
  deps.jobs.register(
    QUEUES.requestDispatch,
    async () => {
      const dispatched = await dispatchDueRequests(deps);
      await deleteExpiredContactImports(deps.db, deps.now());
      return dispatched;
    },
    {
      schedule: '* * * * *',
      // One sweep at a time across every instance; a missed minute is the next one's.
      queue: { policy: 'singleton', expireInSeconds: 300 },
    },
  );
}
