import { GOOGLE_REPLY_MAX, isLowRating, type TSentimentLabel } from '@starloop/contract';
import {
  countLiveGoogleReviews,
  findGoogleConnection,
  findGoogleReviewsByNames,
  findOwnerById,
  insertGoogleReviews,
  listUnseenGoogleReviews,
  markGoogleReviewDeleted,
  markGoogleReviewsSeen,
  recordGoogleSyncPage,
  type TGoogleConnection,
  type TGoogleReplyRule,
  type TGoogleReview,
  type TNewGoogleReview,
  updateGoogleConnection,
  updateGoogleReview,
} from '@starloop/db';
import { QUEUES } from '../../jobs/queue.ts';
import { repliesEnabled, templatesFor } from '../owner/templates/templates.service.ts';
import { rewriteWithLlm } from '../replies/llm.client.ts';
import { containsLink, renderReply, replyValuesFor } from '../replies/reply-templates.rules.ts';
import { analyzeSentiment } from '../replies/sentiment/engine.rules.ts';
import {
  GoogleApiError,
  googleUrls,
  STAR_RATINGS,
  type TGoogleApiReview,
  type TGoogleReviewPage,
} from './google-api.client.ts';
import { callGoogle, type TGoogleDeps } from './google-auth.service.ts';

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

interface TReviewFields {
  rating: number;
  comment: string;
  reviewerName: string;
  createdOnGoogle: Date;
  updatedOnGoogle: Date;
  googleReply: string | null;
  googleReplyAt: Date | null;
}

/** Google's review as stored; undefined for one without a star rating (nothing to show). */
export function reviewFields(review: TGoogleApiReview): TReviewFields | undefined {
  const rating = STAR_RATINGS[review.starRating ?? ''];
  if (!rating || !review.name) return undefined;
  const created = new Date(review.createTime ?? review.updateTime ?? Date.now());
  const reply = review.reviewReply?.comment?.trim() ? review.reviewReply : undefined;
  return {
    rating,
    // Google marks machine translations of a review "(Translated by Google)"; the text is kept whole.
    comment: (review.comment ?? '').slice(0, 10_000),
    reviewerName: review.reviewer?.isAnonymous ? '' : (review.reviewer?.displayName ?? '').slice(0, 200),
    createdOnGoogle: created,
    updatedOnGoogle: new Date(review.updateTime ?? review.createTime ?? created),
    googleReply: reply?.comment ?? null,
    googleReplyAt: reply ? new Date(reply.updateTime ?? review.updateTime ?? created) : null,
  };
}

/** The rule of a rating; no rule is "ask me". */
export function ruleFor(rules: TGoogleReplyRule[] | null | undefined, rating: number): TGoogleReplyRule {
  return rules?.find((r) => r.rating === rating) ?? { rating, mode: 'ask', delayMinutes: 0 };
}

interface TDraftContext {
  businessName: string;
  professional: boolean;
  templates: Awaited<ReturnType<typeof templatesFor>>;
}

async function draftContext(deps: TGoogleDeps, ownerId: number): Promise<TDraftContext | undefined> {
  const owner = await findOwnerById(deps.db, ownerId);
  if (!owner || owner.deletedAt) return undefined;
  return {
    businessName: owner.businessName,
    professional: repliesEnabled(owner),
    templates: await templatesFor(deps.db, ownerId),
  };
}

/** The owner's template reply for a Google review (the reviewer's name stands for the contact). */
function templateDraft(ctx: TDraftContext, fields: TReviewFields, sentiment: TSentimentLabel): string {
  const values = replyValuesFor(
    { rating: fields.rating, message: fields.comment, customerContact: fields.reviewerName || null },
    ctx.businessName,
  );
  return renderReply(ctx.templates[sentiment].body, values).slice(0, GOOGLE_REPLY_MAX);
}

/** New reviews only (history gets the template): the optional LLM rewrite, as for QR replies. */
async function rewrittenDraft(
  deps: TGoogleDeps,
  ctx: TDraftContext,
  fields: TReviewFields,
  sentiment: TSentimentLabel,
  draft: string,
): Promise<string> {
  if (!ctx.professional || containsLink(fields.comment)) return draft;
  const rewritten = await rewriteWithLlm(
    deps.config.llm,
    { draft, message: fields.comment, rating: fields.rating, sentiment, businessName: ctx.businessName },
    { log: deps.log },
  );
  if (!rewritten || (containsLink(rewritten) && !containsLink(draft))) return draft;
  return rewritten.slice(0, GOOGLE_REPLY_MAX);
}

/** When a drafted reply of a new review is published by the owner's rule, if ever. */
function scheduleFor(
  connection: Pick<TGoogleConnection, 'replyRules'>,
  fields: TReviewFields,
  now: Date,
): Date | undefined {
  const rule = ruleFor(connection.replyRules, fields.rating);
  if (rule.mode !== 'auto') return undefined;
  const due = fields.createdOnGoogle.getTime() + rule.delayMinutes * 60_000;
  return new Date(Math.max(due, now.getTime()));
}

export interface TUpsertOutcome {
  inserted: number;
  updated: number;
  /** New (not history) 1-3 star reviews: the owner's low-rating alert. */
  newLowRatings: number;
  scheduled: { id: number; at: Date }[];
}

/**
 * Stores one page of Google's reviews for the owner: new ones with sentiment and a drafted reply
 * (scheduled when the owner's rule says so), changed ones updated (an unpublished draft follows an
 * edited review), every one stamped as seen by `generation`.
 */
export async function upsertGoogleReviews(
  deps: TGoogleDeps,
  connection: TGoogleConnection,
  reviews: TGoogleApiReview[],
  options: { generation?: number; history: boolean },
): Promise<TUpsertOutcome> {
  const outcome: TUpsertOutcome = { inserted: 0, updated: 0, newLowRatings: 0, scheduled: [] };
  const ownerId = connection.ownerId;
  const parsed = reviews
    .map((review) => ({ name: review.name, fields: reviewFields(review) }))
    .filter((r): r is { name: string; fields: TReviewFields } => r.fields !== undefined);
  if (parsed.length === 0) return outcome;
  const ctx = await draftContext(deps, ownerId);
  if (!ctx) return outcome;
  const now = deps.now();
  const existing = new Map(
    (
      await findGoogleReviewsByNames(
        deps.db,
        ownerId,
        parsed.map((r) => r.name),
      )
    ).map((row) => [row.reviewName, row]),
  );

  const fresh: TNewGoogleReview[] = [];
  const seen: number[] = [];
  for (const { name, fields } of parsed) {
    const row = existing.get(name);
    if (row) {
      const changed = await updateFromGoogle(deps, ctx, connection, row, fields, options.generation);
      if (changed) outcome.updated += 1;
      else seen.push(row.id);
      continue;
    }
    const sentiment = analyzeSentiment(fields.comment, fields.rating);
    const base: TNewGoogleReview = {
      ownerId,
      reviewName: name,
      ...fields,
      sentimentLabel: sentiment.label,
      sentimentScore: sentiment.score,
      seenGeneration: options.generation ?? 0,
      // History (the first import) neither alerts nor reminds: the owner knows these reviews.
      ...(options.history ? { ownerNotifiedAt: now, reminderSentAt: now } : {}),
    };
    if (fields.googleReply) {
      fresh.push({ ...base, replyStatus: 'published', replyDraft: null });
      continue;
    }
    let draft = templateDraft(ctx, fields, sentiment.label);
    if (!options.history) draft = await rewrittenDraft(deps, ctx, fields, sentiment.label, draft);
    const at = options.history ? undefined : scheduleFor(connection, fields, now);
    fresh.push({
      ...base,
      replyDraft: draft,
      replyStatus: at ? 'scheduled' : 'drafted',
      publishAfter: at ?? null,
    });
  }
  const inserted = await insertGoogleReviews(deps.db, fresh);
  outcome.inserted = inserted.length;
  for (const row of inserted) {
    if (!options.history && isLowRating(row.rating)) outcome.newLowRatings += 1;
    if (row.replyStatus === 'scheduled' && row.publishAfter)
      outcome.scheduled.push({ id: row.id, at: row.publishAfter });
  }
  if (options.generation !== undefined)
    await markGoogleReviewsSeen(deps.db, ownerId, seen, options.generation);
  return outcome;
}

/** Applies Google's current state to a stored review; true when anything but the stamp changed. */
async function updateFromGoogle(
  deps: TGoogleDeps,
  ctx: TDraftContext,
  connection: TGoogleConnection,
  row: TGoogleReview,
  fields: TReviewFields,
  generation: number | undefined,
): Promise<boolean> {
  const textChanged = row.rating !== fields.rating || row.comment !== fields.comment;
  const replyChanged = (row.googleReply ?? null) !== fields.googleReply;
  const changed =
    textChanged ||
    replyChanged ||
    row.deletedAt !== null ||
    row.reviewerName !== fields.reviewerName ||
    row.updatedOnGoogle.getTime() !== fields.updatedOnGoogle.getTime();
  if (!changed) return false;
  const patch: Parameters<typeof updateGoogleReview>[3] = {
    ...fields,
    deletedAt: null,
    ...(generation !== undefined ? { seenGeneration: generation } : {}),
  };
  const publishing = row.replyStatus === 'publishing';
  if (textChanged) {
    const sentiment = analyzeSentiment(fields.comment, fields.rating);
    patch.sentimentLabel = sentiment.label;
    patch.sentimentScore = sentiment.score;
    // A draft not yet published follows the edited review (and the rule of its new rating).
    if (!publishing && (row.replyStatus === 'drafted' || row.replyStatus === 'scheduled')) {
      patch.replyDraft = templateDraft(ctx, fields, sentiment.label);
      const at =
        row.replyStatus === 'scheduled' || row.publishAfter
          ? scheduleFor(connection, fields, deps.now())
          : undefined;
      patch.replyStatus = at ? 'scheduled' : 'drafted';
      patch.publishAfter = at ?? null;
    }
  }
  if (replyChanged && !publishing) {
    if (fields.googleReply) {
      // Answered on Google itself (or our own publish confirmed): nothing left to publish.
      patch.replyStatus = 'published';
      patch.publishAfter = null;
      patch.replyError = null;
    } else if (row.replyStatus === 'published') {
      // The reply was deleted on Google: the review is unanswered again.
      const sentiment = (patch.sentimentLabel ?? row.sentimentLabel ?? 'neutral') as TSentimentLabel;
      patch.replyStatus = 'drafted';
      patch.replyDraft = row.replyDraft ?? templateDraft(ctx, fields, sentiment);
    }
  }
  await updateGoogleReview(deps.db, row.ownerId, row.id, patch);
  return true;
}

/** The follow-up jobs of stored reviews: the low-rating alert, and each scheduled reply. */
async function afterUpsert(deps: TGoogleDeps, ownerId: number, outcome: TUpsertOutcome): Promise<void> {
  if (outcome.newLowRatings > 0) {
    await deps.jobs.send(QUEUES.reviewNotify, { kind: 'low-rating', ownerId });
  }
  for (const { id, at } of outcome.scheduled) {
    await deps.jobs.send(
      QUEUES.googleReply,
      { kind: 'auto', reviewId: id },
      { startAfter: at, singletonKey: `auto:${id}` },
    );
  }
}

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
