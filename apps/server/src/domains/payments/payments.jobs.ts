import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { reconcilePendingPayments } from './reconcile.worker.ts';

/** Payment workers: every 5 minutes, stale pending payments are settled against the provider. */
export function registerPaymentJobs(deps: TDeps): void {
  deps.jobs.register(QUEUES.paymentReconcile, async () => reconcilePendingPayments(deps), {
    schedule: '*/5 * * * *',
    // One run at a time across all server processes; a missed run is simply the next one.
    queue: { policy: 'singleton' },
  });
}
