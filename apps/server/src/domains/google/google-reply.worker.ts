import { randomUUID } from 'node:crypto';
import { GOOGLE_TEXTS } from '@starloop/contract';
import {
  beginGoogleReplyPublish,
  findGoogleReviewById,
  finishGoogleReplyPublish,
  listDueGoogleReplies,
  listStuckGooglePublishes,
  markGooglePublishAttempted,
  markGoogleReviewDeleted,
  setGooglePublishError,
} from '@starloop/db';
import { QUEUES } from '../../jobs/queue.ts';
import {
  GoogleAccessRevokedError,
  GoogleApiError,
  googleUrls,
  type TGoogleApiReview,
} from './google-api.client.ts';
import { callGoogle, GoogleNotConnectedError, type TGoogleDeps } from './google-auth.service.ts';

/*
 * Publishing a reply to Google, exactly once. Each publish has an idempotency key (stored on the
 * review with the text, and carried by its job); a job whose key is no longer the review's does
 * nothing. Before the PUT the attempt is marked, so an attempt that follows a timeout (the PUT may
 * have reached Google) first GETs the review and, when Google already shows the reply, only records
 * it. PUTs are never retried inside a call: only the job retries, and it asks first.
 */

export type TGoogleReplyJob =
  | { kind: 'publish'; reviewId: number; key: string }
  | { kind: 'auto'; reviewId: number };

/** pg-boss retries of a publish; after the last one the reply is marked failed for the owner. */
export const GOOGLE_REPLY_RETRY_LIMIT = 5;

export type TPublishOutcome = 'published' | 'confirmed' | 'skipped' | 'not-due' | 'failed';

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim() === (b ?? '').trim();

export async function runGoogleReplyJob(
  deps: TGoogleDeps,
  data: TGoogleReplyJob,
  job: { retryCount: number } = { retryCount: 0 },
): Promise<TPublishOutcome> {
  if (data.kind === 'auto') return autoPublish(deps, Number(data.reviewId));
  return publishReply(deps, Number(data.reviewId), data.key, job.retryCount);
}

/** Queues the publish of `key` (the review already holds the text and the key). */
export async function queueGooglePublish(deps: TGoogleDeps, reviewId: number, key: string): Promise<void> {
  await deps.jobs.send(
    QUEUES.googleReply,
    { kind: 'publish', reviewId, key },
    { singletonKey: `publish:${reviewId}:${key}` },
  );
}

/** A scheduled reply whose time has come: published as drafted, under a key of its own. */
async function autoPublish(deps: TGoogleDeps, reviewId: number): Promise<TPublishOutcome> {
  const row = await findGoogleReviewById(deps.db, reviewId);
  if (row?.replyStatus !== 'scheduled' || row.deletedAt || !row.replyDraft) return 'skipped';
  if (!row.publishAfter || row.publishAfter.getTime() > deps.now().getTime()) return 'not-due';
  const key = randomUUID();
  const begun = await beginGoogleReplyPublish(deps.db, row.ownerId, row.id, row.replyDraft, key, deps.now(), [
    'scheduled',
  ]);
  if (!begun) return 'skipped';
  try {
    return await publishReply(deps, reviewId, key, 0);
  } catch (error) {
    // Not confirmed yet (quota, no answer): the publish job carries on with the same key, asking first.
    deps.log.warn(
      { reviewId, err: error instanceof Error ? error.message : String(error) },
      'auto-publish will be retried',
    );
    await queueGooglePublish(deps, reviewId, key);
    return 'skipped';
  }
}

async function publishReply(
  deps: TGoogleDeps,
  reviewId: number,
  key: string,
  retryCount: number,
): Promise<TPublishOutcome> {
  const row = await findGoogleReviewById(deps.db, reviewId);
  if (!row || row.publishKey !== key || row.replyStatus !== 'publishing' || !row.replyDraft) return 'skipped';
  const urls = googleUrls(deps.config.google);
  const fail = async (message: string) => {
    await finishGoogleReplyPublish(deps.db, reviewId, key, { replyStatus: 'failed', replyError: message });
    return 'failed' as const;
  };
  try {
    if (row.publishAttemptedAt) {
      // An earlier attempt may have reached Google before its answer was lost: ask before sending.
      const current = await callGoogle<TGoogleApiReview>(deps, row.ownerId, urls.review(row.reviewName));
      if (current.reviewReply && sameText(current.reviewReply.comment, row.replyDraft)) {
        await finishGoogleReplyPublish(deps.db, reviewId, key, {
          replyStatus: 'published',
          googleReply: current.reviewReply.comment ?? row.replyDraft,
          googleReplyAt: new Date(current.reviewReply.updateTime ?? deps.now()),
          replyPublishedAt: deps.now(),
          replyError: null,
        });
        deps.log.info({ reviewId }, 'google reply found already published; not sent again');
        return 'confirmed';
      }
    }
    await markGooglePublishAttempted(deps.db, reviewId, key, deps.now());
    const reply = await callGoogle<{ comment?: string; updateTime?: string }>(
      deps,
      row.ownerId,
      urls.reply(row.reviewName),
      {
        method: 'PUT',
        body: JSON.stringify({ comment: row.replyDraft }),
        retryTimeouts: false,
      },
    );
    await finishGoogleReplyPublish(deps.db, reviewId, key, {
      replyStatus: 'published',
      googleReply: reply.comment ?? row.replyDraft,
      googleReplyAt: new Date(reply.updateTime ?? deps.now()),
      replyPublishedAt: deps.now(),
      replyError: null,
    });
    deps.log.info({ reviewId }, 'google reply published');
    return 'published';
  } catch (error) {
    if (error instanceof GoogleAccessRevokedError || error instanceof GoogleNotConnectedError) {
      return fail(GOOGLE_TEXTS.revoked);
    }
    if (error instanceof GoogleApiError && error.status === 404) {
      await markGoogleReviewDeleted(deps.db, row.ownerId, row.reviewName, deps.now());
      return fail(GOOGLE_TEXTS.reviewDeleted);
    }
    if (error instanceof GoogleApiError && !error.transient) {
      return fail(`Google refused the reply (${error.status}: ${error.reason.slice(0, 120)}).`);
    }
    if (retryCount >= GOOGLE_REPLY_RETRY_LIMIT) return fail(GOOGLE_TEXTS.googleUnavailable);
    // Quota, Google's own fault or no answer: pg-boss tries again with backoff, and that attempt asks first.
    await finishGoogleReplyPublishError(deps, reviewId, key);
    throw error;
  }
}

async function finishGoogleReplyPublishError(
  deps: TGoogleDeps,
  reviewId: number,
  key: string,
): Promise<void> {
  await setGooglePublishError(deps.db, reviewId, key, 'Google did not confirm yet; trying again shortly.');
}

/**
 * The safety net of the 30-minute tick (and of tests with a fixed clock): scheduled replies whose
 * time has come are published, and publishes whose job may be lost are queued again (same key:
 * harmless if the job still exists).
 */
export async function publishDueGoogleReplies(
  deps: TGoogleDeps,
): Promise<{ published: number; requeued: number }> {
  let published = 0;
  for (const due of await listDueGoogleReplies(deps.db, deps.now(), 200)) {
    const outcome = await autoPublish(deps, due.id);
    if (outcome === 'published' || outcome === 'confirmed') published += 1;
  }
  let requeued = 0;
  const stuck = await listStuckGooglePublishes(deps.db, new Date(deps.now().getTime() - 15 * 60_000), 200);
  for (const row of stuck) {
    if (!row.publishKey) continue;
    await queueGooglePublish(deps, row.id, row.publishKey);
    requeued += 1;
  }
  return { published, requeued };
}
