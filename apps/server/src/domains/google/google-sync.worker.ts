import {
  countLiveGoogleReviews,
  findGoogleConnection,
  listUnseenGoogleReviews,
  markGoogleReviewDeleted,
  recordGoogleSyncPage,
  type TGoogleConnection,
  updateGoogleConnection,
} from '@starloop/db';
import { QUEUES } from '../../jobs/queue.ts';
import {
  GoogleApiError,
  googleUrls,
  type TGoogleApiReview,
  type TGoogleReviewPage,
} from './google-api.client.ts';
import { callGoogle, type TGoogleDeps } from './google-auth.service.ts';
import { afterUpsert, upsertGoogleReviews } from './google-review-import.service.ts';

/*
 * Keeping an owner's Google reviews in step with Google:
 * - `full`: every page of reviews.list (50 a page, Google's maximum), resumable from the stored
 *   page token; the first one is the import (its progress is the settings page's bar). Reviews a
 *   finished pass did not see are asked for one by one and marked deleted only on Google's 404 (a
 *   review edited during the pass moves to the front of the list and is not seen again).
 * - `incremental` (every 30 minutes): newest updates first, until the pages reach what the last
 *   sync already had; a count that no longer matches Google's starts a full pass.
 * - `review` (a Pub/Sub push): one review by name; 404 marks it deleted.
 */

export type TGoogleSyncKind = 'full' | 'incremental' | 'review';
export interface TGoogleSyncJob {
  ownerId: number;
  kind: TGoogleSyncKind;
  reviewName?: string;
}

const PAGE_SIZE = 50;
/** Unseen reviews asked for one by one after a full pass; the rest wait for the next pass. */
const DELETION_CHECKS_MAX = 100;
/** Incremental syncs read past the last sync by this much (clocks and Google's own delays). */
const INCREMENTAL_OVERLAP_MS = 10 * 60 * 1000;
/** Pages an incremental sync reads at most before handing over to a full pass. */
const INCREMENTAL_PAGES_MAX = 10;

/** The v4 parent of a connection: `accounts/{a}/locations/{l}`. */
export const reviewsParent = (c: Pick<TGoogleConnection, 'accountName' | 'locationName'>) =>
  `${c.accountName}/${c.locationName}`;

// ---------------------------------------------------------------------------- the three syncs

export type TSyncResult =
  | { status: 'done'; inserted: number; updated: number; deleted: number }
  | { status: 'skipped'; reason: string };

export async function runGoogleSync(deps: TGoogleDeps, job: TGoogleSyncJob): Promise<TSyncResult> {
  const connection = await findGoogleConnection(deps.db, Number(job.ownerId));
  if (connection?.status !== 'active' || !connection.locationName) {
    return { status: 'skipped', reason: 'no active connection' };
  }
  try {
    const result =
      job.kind === 'review' && job.reviewName
        ? await syncOneReview(deps, connection, job.reviewName)
        : job.kind === 'incremental' && connection.firstImportDone
          ? await syncIncremental(deps, connection)
          : await syncFull(deps, connection);
    await updateGoogleConnection(deps.db, connection.ownerId, {
      lastSyncedAt: deps.now(),
      lastError: null,
      lastErrorAt: null,
    });
    return result;
  } catch (error) {
    await recordSyncError(deps, connection.ownerId, error);
    throw error;
  }
}

/** What the owner and admins see of a failed sync (never a token: only Google's status and reason). */
export async function recordSyncError(deps: TGoogleDeps, ownerId: number, error: unknown): Promise<void> {
  const message =
    error instanceof GoogleApiError
      ? error.status === 429
        ? 'Google quota reached; StarLoop will try again shortly.'
        : error.status === 0
          ? 'Google did not answer in time; StarLoop will try again shortly.'
          : `Google answered ${error.status} (${error.reason.slice(0, 120)}).`
      : error instanceof Error && error.name === 'GoogleAccessRevokedError'
        ? undefined
        : 'The last sync failed; StarLoop will try again shortly.';
  if (!message) return;
  // The sync state stays: the job's retry resumes an interrupted pass from its page token.
  await updateGoogleConnection(deps.db, ownerId, { lastError: message, lastErrorAt: deps.now() }).catch(
    () => undefined,
  );
}

async function syncOneReview(
  deps: TGoogleDeps,
  connection: TGoogleConnection,
  name: string,
): Promise<TSyncResult> {
  // Only reviews of the connection's own location are fetched: a push names any review it likes.
  if (!name.startsWith(`${reviewsParent(connection)}/reviews/`))
    return { status: 'skipped', reason: 'another location' };
  const urls = googleUrls(deps.config.google);
  let review: TGoogleApiReview;
  try {
    review = await callGoogle<TGoogleApiReview>(deps, connection.ownerId, urls.review(name));
  } catch (error) {
    if (error instanceof GoogleApiError && error.status === 404) {
      const deleted = await markGoogleReviewDeleted(deps.db, connection.ownerId, name, deps.now());
      return { status: 'done', inserted: 0, updated: 0, deleted: deleted ? 1 : 0 };
    }
    throw error;
  }
  const outcome = await upsertGoogleReviews(deps, connection, [{ ...review, name }], {
    history: !connection.firstImportDone,
  });
  await afterUpsert(deps, connection.ownerId, outcome);
  return { status: 'done', inserted: outcome.inserted, updated: outcome.updated, deleted: 0 };
}

async function syncIncremental(deps: TGoogleDeps, connection: TGoogleConnection): Promise<TSyncResult> {
  const urls = googleUrls(deps.config.google);
  const since = (connection.lastSyncedAt?.getTime() ?? 0) - INCREMENTAL_OVERLAP_MS;
  let pageToken: string | undefined;
  let inserted = 0;
  let updated = 0;
  let googleTotal: number | undefined;
  for (let pages = 0; pages < INCREMENTAL_PAGES_MAX; pages += 1) {
    const query = new URLSearchParams({ pageSize: String(PAGE_SIZE), orderBy: 'updateTime desc' });
    if (pageToken) query.set('pageToken', pageToken);
    const page = await callGoogle<TGoogleReviewPage>(
      deps,
      connection.ownerId,
      `${urls.reviews(reviewsParent(connection))}?${query}`,
    );
    googleTotal ??= page.totalReviewCount;
    const reviews = page.reviews ?? [];
    const recent = reviews.filter((r) => new Date(r.updateTime ?? 0).getTime() >= since);
    const outcome = await upsertGoogleReviews(deps, connection, recent, { history: false });
    await afterUpsert(deps, connection.ownerId, outcome);
    inserted += outcome.inserted;
    updated += outcome.updated;
    if (recent.length < reviews.length || !page.nextPageToken) break;
    pageToken = page.nextPageToken;
  }
  // A deletion changes no update time: counts that disagree call for a full pass.
  const live = await countLiveGoogleReviews(deps.db, connection.ownerId);
  if (googleTotal !== undefined && live !== googleTotal) {
    const full = await syncFull(deps, connection);
    if (full.status === 'done')
      return { ...full, inserted: full.inserted + inserted, updated: full.updated + updated };
  }
  return { status: 'done', inserted, updated, deleted: 0 };
}

async function syncFull(deps: TGoogleDeps, start: TGoogleConnection): Promise<TSyncResult> {
  const urls = googleUrls(deps.config.google);
  const ownerId = start.ownerId;
  const history = !start.firstImportDone;
  // A pass interrupted (job retry, restart) resumes from its page token with the same generation.
  const resuming = start.syncState !== 'idle' && start.syncPageToken !== null;
  const generation = resuming ? start.syncGeneration : start.syncGeneration + 1;
  let connection =
    (await updateGoogleConnection(deps.db, ownerId, {
      syncState: history ? 'importing' : 'syncing',
      syncGeneration: generation,
      ...(resuming ? {} : { importDone: 0, syncPageToken: null }),
    })) ?? start;
  let pageToken = resuming ? (start.syncPageToken ?? undefined) : undefined;
  let inserted = 0;
  let updated = 0;
  for (;;) {
    const query = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
    if (pageToken) query.set('pageToken', pageToken);
    let page: TGoogleReviewPage;
    try {
      page = await callGoogle<TGoogleReviewPage>(
        deps,
        ownerId,
        `${urls.reviews(reviewsParent(connection))}?${query}`,
      );
    } catch (error) {
      // A page token Google no longer accepts: start the pass again from the first page.
      if (pageToken && error instanceof GoogleApiError && error.status === 400) {
        await updateGoogleConnection(deps.db, ownerId, { syncPageToken: null, importDone: 0 });
        pageToken = undefined;
        continue;
      }
      throw error;
    }
    const reviews = page.reviews ?? [];
    const outcome = await upsertGoogleReviews(deps, connection, reviews, { generation, history });
    await afterUpsert(deps, ownerId, outcome);
    inserted += outcome.inserted;
    updated += outcome.updated;
    connection =
      (await recordGoogleSyncPage(deps.db, ownerId, {
        nextPageToken: page.nextPageToken ?? null,
        imported: reviews.length,
        importTotal: page.totalReviewCount,
      })) ?? connection;
    if (!page.nextPageToken) break;
    pageToken = page.nextPageToken;
  }
  const deleted = await sweepUnseen(deps, connection, generation);
  await updateGoogleConnection(deps.db, ownerId, {
    syncState: 'idle',
    syncPageToken: null,
    firstImportDone: true,
    lastFullSyncAt: deps.now(),
  });
  return { status: 'done', inserted, updated, deleted };
}

/** Live reviews the finished pass `generation` did not see: deleted only when Google says 404. */
async function sweepUnseen(
  deps: TGoogleDeps,
  connection: TGoogleConnection,
  generation: number,
): Promise<number> {
  const unseen = await listUnseenGoogleReviews(deps.db, connection.ownerId, generation, DELETION_CHECKS_MAX);
  const urls = googleUrls(deps.config.google);
  let deleted = 0;
  for (const row of unseen) {
    try {
      const review = await callGoogle<TGoogleApiReview>(
        deps,
        connection.ownerId,
        urls.review(row.reviewName),
      );
      const outcome = await upsertGoogleReviews(deps, connection, [{ ...review, name: row.reviewName }], {
        generation,
        history: false,
      });
      await afterUpsert(deps, connection.ownerId, outcome);
    } catch (error) {
      if (!(error instanceof GoogleApiError) || error.status !== 404) throw error;
      if (await markGoogleReviewDeleted(deps.db, connection.ownerId, row.reviewName, deps.now()))
        deleted += 1;
    }
  }
  return deleted;
}

/** Queues a sync (jobs of one owner and kind never run twice at once: the queue is exclusive). */
export async function queueGoogleSync(deps: TGoogleDeps, job: TGoogleSyncJob): Promise<string | null> {
  const key =
    job.kind === 'review'
      ? `${job.ownerId}:review:${job.reviewName}`
      : `${job.ownerId}:${job.kind === 'full' ? 'full' : 'incremental'}`;
  return deps.jobs.send(QUEUES.googleSync, job, { singletonKey: key.slice(0, 400) });
}
