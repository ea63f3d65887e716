import { addBusinessMinutes, DEFAULT_FIRST_RESPONSE_MINUTES } from '@starloop/contract';
import {
  findCaseResponseMinutes,
  openGoogleCases,
  type TDb,
  type TGoogleReview,
  type TOwnerPublic,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { emitCaseEvents } from './case-webhook.events.ts';
import { opensCaseFor } from './cases.listener.ts';

/**
 * Google reviews open feedback cases too (issue 33 item 2): the import calls this in the
 * transaction that inserts the new reviews, never for the first import of a location (history the
 * owner already knows, as for alerts). A case opens when StarLoop learns of the review (the import's
 * time), not at Google's review time: the team cannot answer before that, and its due time counts
 * from there. A Google review that already has a case keeps it (unique google_review_id).
 */
export async function openGoogleReviewCases(
  deps: Pick<TDeps, 'db' | 'jobs' | 'log' | 'now'>,
  trx: TDb,
  owner: Pick<TOwnerPublic, 'id' | 'accountId' | 'casesForNegativeHighRatings'>,
  inserted: readonly TGoogleReview[],
): Promise<number> {
  const opening = inserted.filter((row) => opensCaseFor(row, owner));
  if (opening.length === 0) return 0;
  const targets = await findCaseResponseMinutes(trx, [owner.accountId]);
  const now = deps.now();
  const dueAt = addBusinessMinutes(now, targets.get(owner.accountId) ?? DEFAULT_FIRST_RESPONSE_MINUTES);
  const opened = await openGoogleCases(
    trx,
    opening.map((row) => ({
      googleReviewId: row.id,
      ownerId: owner.id,
      rating: row.rating,
      createdAt: now,
      dueAt,
    })),
  );
  await emitCaseEvents(deps, trx, 'case.created', opened);
  // Its alert, as a QR case's (alerts.listener.ts): queued with the case, to run at once. This
  // replaces the Google low-rating email (the import marks these reviews notified).
  if (opened.length > 0)
    await deps.jobs.send(QUEUES.caseAlert, { kind: 'new-cases', ownerId: owner.id }, { trx });
  return opened.length;
}
