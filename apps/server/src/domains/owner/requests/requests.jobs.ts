import { deleteExpiredContactImports } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { dispatchDueRequests, REQUEST_SEND_RETRY_LIMIT, sendDelivery } from './requests.service.ts';

/**
 * A message that cannot go now (provider outage, 429, timeout) is retried with backoff: 30 s,
 * doubling, at most an hour apart, for about a day (REQUEST_SEND_RETRY_LIMIT); then the request
 * moves on to its next channel. A job whose process died mid-send runs again after two minutes,
 * and the delivery's lease and idempotency key keep it from going twice.
 */
export const REQUEST_SEND_QUEUE_OPTIONS = {
  retryLimit: REQUEST_SEND_RETRY_LIMIT,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 120,
};

export function registerRequestJobs(
  deps: TDeps,
  queueOptions: Partial<typeof REQUEST_SEND_QUEUE_OPTIONS> = {},
): void {
  deps.jobs.register<{ deliveryId: number }>(
    QUEUES.requestSend,
    async ({ deliveryId }, job) => ({ outcome: await sendDelivery(deps, deliveryId, job) }),
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
