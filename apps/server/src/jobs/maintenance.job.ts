import { deleteExpiredSessions } from '@starloop/db';
import type { TDeps } from '../context.ts';
import { QUEUES } from './queue.ts';

/** Hourly housekeeping: expired sign-in sessions are deleted. */
export function registerMaintenanceJobs(deps: TDeps): void {
  deps.jobs.register(
    QUEUES.maintenance,
    async () => {
      const removed = await deleteExpiredSessions(deps.db, deps.now());
      if (removed > 0) deps.log.info({ removed }, 'expired sessions deleted');
      return { removed };
    },
    { schedule: '17 * * * *' },
  );
}
