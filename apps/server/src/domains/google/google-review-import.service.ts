import {
  GOOGLE_REPLY_MAX,
  isLowRating,
  reviewLanguage,
  type TReviewPageLanguage,
  type TSentimentLabel,
} from '@starloop/contract';
import {
  findGoogleReviewsByNames,
  findOwnerById,
  insertGoogleReviews,
  inTransaction,
  markGoogleReviewsSeen,
  type TGoogleConnection,
  type TGoogleReplyRule,
  type TGoogleReview,
  type TNewGoogleReview,
  type TOwnerPublic,
  updateGoogleReview,
} from '@starloop/db';
import { QUEUES } from '../../jobs/queue.ts';
import { opensCaseFor } from '../cases/cases.listener.ts';
import { openGoogleReviewCases } from '../cases/google-cases.service.ts';
import { customTemplatesEnabled, templatesFor } from '../owner/templates/templates.service.ts';
import { rewriteWithLlm } from '../replies/llm.client.ts';
import {
  containsLink,
  renderReply,
  replyValuesFor,
  templatesInLanguage,
} from '../replies/reply-templates.rules.ts';
import { analyzeSentiment } from '../replies/sentiment/engine.rules.ts';
import { STAR_RATINGS, type TGoogleApiReview } from './google-api.client.ts';
import type { TGoogleDeps } from './google-auth.service.ts';

/*
 * Google reviews into StarLoop: a page of reviews from Google becomes rows (new ones inserted with
 * their sentiment and, where the owner's rules say so, a drafted reply scheduled for publishing;
 * known ones updated when Google changed them), new low ones opening their feedback cases (whose alerts
 * tell the team), then the follow-up jobs (replies).
 * The sync worker (google-sync.worker.ts) reads the pages; this file decides what they become.
 */

export interface TReviewFields {
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
  owner: TOwnerPublic;
  businessName: string;
  professional: boolean;
  templates: Awaited<ReturnType<typeof templatesFor>>;
  pageLanguage: TReviewPageLanguage | null;
}

async function draftContext(deps: TGoogleDeps, ownerId: number): Promise<TDraftContext | undefined> {
  const owner = await findOwnerById(deps.db, ownerId);
  if (!owner || owner.deletedAt) return undefined;
  return {
    owner,
    businessName: owner.businessName,
    professional: customTemplatesEnabled(owner),
    templates: await templatesFor(deps.db, owner),
    pageLanguage: owner.reviewPageLanguage,
  };
}

/** A Google review has no page language: its reply is in the language its text is written in. */
const languageOf = (ctx: TDraftContext, fields: TReviewFields) =>
  reviewLanguage({ message: fields.comment }, ctx.pageLanguage);

/** The owner's template reply for a Google review (the reviewer's name stands for the contact). */
function templateDraft(ctx: TDraftContext, fields: TReviewFields, sentiment: TSentimentLabel): string {
  const values = replyValuesFor(
    { rating: fields.rating, message: fields.comment, customerContact: fields.reviewerName || null },
    ctx.businessName,
  );
  const language = languageOf(ctx, fields);
  const templates = templatesInLanguage(ctx.templates, language, ctx.pageLanguage);
  return renderReply(templates[sentiment].body, values, language).slice(0, GOOGLE_REPLY_MAX);
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
    {
      draft,
      message: fields.comment,
      rating: fields.rating,
      sentiment,
      businessName: ctx.businessName,
      language: languageOf(ctx, fields),
    },
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
  /** New (not history) 1-3 star reviews (each opens a case, whose alert tells the team). */
  newLowRatings: number;
  /** Feedback cases opened for new (not history) reviews. */
  casesOpened?: number;
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
      // History (the first import) neither alerts nor reminds: the owner knows these reviews. A new
      // review that opens a case is told by the case's alert, not by the low-rating email.
      ...(options.history
        ? { ownerNotifiedAt: now, reminderSentAt: now }
        : opensCaseFor({ rating: fields.rating, sentimentLabel: sentiment.label }, ctx.owner)
          ? { ownerNotifiedAt: now }
          : {}),
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
  // New reviews (not history) open their feedback cases in the transaction that inserts them.
  const inserted = await inTransaction(deps.db, async (trx) => {
    const rows = await insertGoogleReviews(trx, fresh);
    if (!options.history) outcome.casesOpened = await openGoogleReviewCases(deps, trx, ctx.owner, rows);
    return rows;
  });
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

/**
 * The follow-up jobs of stored reviews: each scheduled reply. (A new low review's alert is its
 * case's, queued with the case: google-cases.service.ts.)
 */
export async function afterUpsert(
  deps: TGoogleDeps,
  _ownerId: number,
  outcome: TUpsertOutcome,
): Promise<void> {
  for (const { id, at } of outcome.scheduled) {
    await deps.jobs.send(
      QUEUES.googleReply,
      { kind: 'auto', reviewId: id },
      { startAfter: at, singletonKey: `auto:${id}` },
    );
  }
}
