import type { TDb } from '@starloop/db';
import type { TDeps, TReviewListener, TWrittenReview } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { opensCase } from '../cases/cases.listener.ts';

/**
 * Queues the case alerts of a batch in the reviews' own transaction: one `new-cases` job per
 * branch that got a case, to run at once (no start delay), so the first alert after a quiet spell
 * leaves within seconds of the review. The job claims the cases, so a replayed batch or a second
 * job finds nothing more to send.
 */
export async function queueCaseAlerts(
  deps: Pick<TDeps, 'jobs'>,
  trx: TDb,
  written: readonly TWrittenReview[],
): Promise<void> {
  const branches = new Set(written.filter(opensCase).map(({ owner }) => owner.id));
  if (branches.size === 0) return;
  await deps.jobs.sendMany(
    QUEUES.caseAlert,
    [...branches].map((ownerId) => ({ data: { kind: 'new-cases', ownerId } })),
    { trx },
  );
}

/** The case alerts' reaction to a new review (runs after the cases listener opened its case). */
export function caseAlertsReviewListener(deps: Pick<TDeps, 'jobs'>): TReviewListener {
  return { name: 'case-alerts', written: (trx, written) => queueCaseAlerts(deps, trx, written) };
}
