import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { CASE_MESSAGE_RETRIES, runCaseMessageJob } from './case-messages.service.ts';

/**
 * A message to a case's customer that cannot go now (provider outage, 429) is retried with backoff
 * from 30 s, at most CASE_MESSAGE_RETRIES times, then marked failed and its platform message given
 * back. A message the provider may have taken (no answer) is never sent again.
 */
export function registerCaseJobs(deps: TDeps): void {
  deps.jobs.register<{ messageId: number }>(
    QUEUES.caseMessage,
    async (data, job) => ({ outcome: await runCaseMessageJob(deps, data, job) }),
    {
      queue: {
        retryLimit: CASE_MESSAGE_RETRIES,
        retryDelay: 30,
        retryBackoff: true,
        retryDelayMax: 1800,
        expireInSeconds: 120,
      },
    },
  );
}
