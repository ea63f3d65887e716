import type { TDb } from '../client.ts';
import type { TJobFailure } from '../database.ts';

/** Records a job that used every retry; a second record of the same job is ignored. */
export async function recordJobFailure(
  db: TDb,
  failure: { queue: string; jobId: string; attempts: number; error: string; data: unknown },
): Promise<void> {
  await db
    .insertInto('jobFailures')
    .values({
      queue: failure.queue,
      jobId: failure.jobId,
      attempts: failure.attempts,
      error: failure.error.slice(0, 2000),
      data: failure.data === undefined ? null : JSON.stringify(failure.data),
    })
    .onConflict((oc) => oc.column('jobId').doNothing())
    .execute();
}

/** The newest failures first, with how many there are in all. */
export async function listJobFailures(
  db: TDb,
  { limit = 50 }: { limit?: number } = {},
): Promise<{ failures: TJobFailure[]; total: number }> {
  const [failures, count] = await Promise.all([
    db
      .selectFrom('jobFailures')
      .selectAll()
      .orderBy('failedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('jobFailures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { failures, total: Number(count.n) };
}
