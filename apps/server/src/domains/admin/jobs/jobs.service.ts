import type { TJobFailureListInput, TJobFailureListResult } from '@starloop/contract';
import { listJobFailures, recordJobFailure } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import type { TJobFailure } from '../../../jobs/queue.ts';

/** A failed attempt: counted; when it was the last one, recorded for admins. */
export async function onJobFailure(deps: Pick<TDeps, 'db' | 'metrics'>, failure: TJobFailure): Promise<void> {
  deps.metrics.jobFailed(failure.queue);
  if (!failure.exhausted) return;
  await recordJobFailure(deps.db, {
    queue: failure.queue,
    jobId: failure.jobId,
    attempts: failure.retryCount + 1,
    error: failure.error instanceof Error ? failure.error.message : String(failure.error),
    data: failure.data,
  });
}

export async function listFailedJobs(
  deps: TDeps,
  input: TJobFailureListInput,
): Promise<TJobFailureListResult> {
  const { failures, total } = await listJobFailures(deps.db, { limit: input.limit });
  return {
    total,
    failures: failures.map((failure) => ({
      id: failure.id,
      queue: failure.queue,
      jobId: failure.jobId,
      attempts: failure.attempts,
      error: failure.error,
      data: failure.data,
      failedAt: failure.failedAt.toISOString(),
    })),
  };
}
