import { planOf, reviewLanguage, type TReviewPageLanguage, type TSentimentLabel } from '@starloop/contract';
import {
  cancelPendingReply,
  claimReplyLease,
  claimReplyRecipient,
  contactOptedOut,
  findOwnerById,
  findReviewContact,
  findReviewReplyRow,
  finishReplyAttempt,
  isEmailSuppressed,
  releaseReplyRecipient,
  storeReplyDraft,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { templatesFor } from '../owner/templates/templates.service.ts';
import { unsubscribeUrl } from '../public/unsubscribe/unsubscribe.service.ts';
import { rewriteWithLlm } from './llm.client.ts';
import {
  containsLink,
  emailFromContact,
  renderReply,
  replyValuesFor,
  templatesInLanguage,
} from './reply-templates.rules.ts';
import { analyzeSentiment } from './sentiment/engine.rules.ts';

export type TReplyDeps = Pick<TDeps, 'config' | 'db' | 'log' | 'mailer' | 'now'>;

export interface TReplyJob {
  reviewId: number;
}

/** How long one attempt may hold a review's reply before another worker may take it over. */
export const REPLY_LEASE_SECONDS = 180;

/**
 * One automatic reply per customer address per day, across every business: anyone can type any
 * address into any review form, so without this the form would mail a victim once per review.
 */
export const REPLY_PER_ADDRESS_SECONDS = 24 * 60 * 60;

/**
 * Kept in reply_error for the owner when the reply is drafted but not mailed. One wording for an
 * unsubscribed address and for the daily limit: the owner must not learn that the customer got a
 * reply from another business today.
 */
export const REPLY_HELD_REASON =
  'Not emailed: this address is not taking automatic replies right now. The reply is kept here for you.';

export class ReplyBusyError extends Error {
  constructor(reviewId: number) {
    super(`review ${reviewId}: another worker is working on this reply; will retry`);
    this.name = 'ReplyBusyError';
  }
}

export class ReplyDeliveryError extends Error {
  constructor(reason: string) {
    super(`reply email failed: ${reason}`);
    this.name = 'ReplyDeliveryError';
  }
}

export type TReplyOutcome = 'drafted' | 'sent' | 'skipped' | 'cancelled';

/**
 * Drafts (once) and, when the customer left an email and SMTP is configured, emails the automatic
 * reply of one review. Safe to run any number of times and on several processes at once:
 * - a lease on the review row lets one job attempt at a time work on it (a newer attempt of the same
 *   job may take over: pg-boss only re-delivers a job after giving up on the earlier attempt);
 * - the draft is stored only while the review is still 'pending' (a conditional UPDATE), so it is
 *   written exactly once;
 * - an email failure marks the reply 'failed' with the reason and throws, so pg-boss retries with
 *   backoff; the retry sends the stored draft again, it never drafts a second one.
 */
export async function processReplyJob(
  deps: TReplyDeps,
  data: TReplyJob,
  job: { id: string; retryCount: number },
  hooks: { beforeDraft?: () => Promise<void> } = {},
): Promise<TReplyOutcome> {
  const reviewId = Number(data.reviewId);
  const lock = `${job.id}:${job.retryCount}`;
  const review = await claimReplyLease(deps.db, reviewId, {
    jobId: job.id,
    attempt: job.retryCount,
    now: deps.now(),
    seconds: REPLY_LEASE_SECONDS,
  });
  if (!review) {
    const current = await findReviewReplyRow(deps.db, reviewId);
    if (!current || current.replyStatus === 'none' || current.replyStatus === 'sent') return 'skipped';
    if (current.replyStatus === 'drafted' && !needsEmail(deps, current.customerContact)) return 'skipped';
    throw new ReplyBusyError(reviewId);
  }

  const owner = await findOwnerById(deps.db, review.ownerId);
  if (!owner || owner.deletedAt) {
    if (review.replyStatus === 'pending') {
      await cancelPendingReply(deps.db, reviewId, lock);
      return 'cancelled';
    }
    await finishReplyAttempt(deps.db, reviewId, lock, { status: 'release' });
    return 'skipped';
  }

  const to = emailFromContact(review.customerContact);
  const emailed = Boolean(to) && deps.mailer.smtpConfigured;
  let text = review.replyText;
  let drafted = false;
  if (review.replyStatus === 'pending' || !text) {
    await hooks.beforeDraft?.();
    text = await draftReply(deps, review, owner);
    // Nothing to email: the draft and the lease's release are one statement.
    const stored = await storeReplyDraft(deps.db, reviewId, lock, text, { release: !emailed });
    if (!stored) {
      // Someone else's draft won (or our lease was taken over): theirs is the reply.
      const current = await findReviewReplyRow(deps.db, reviewId);
      if (current?.replyLock === lock)
        await finishReplyAttempt(deps.db, reviewId, lock, { status: 'release' });
      return 'skipped';
    }
    drafted = true;
    deps.log.info({ reviewId }, 'automatic reply drafted');
    if (!emailed) return 'drafted';
  }

  if (!to || !emailed || review.replyStatus === 'sent') {
    await finishReplyAttempt(deps.db, reviewId, lock, { status: 'release' });
    // An attempt that found the draft done (a duplicate delivery after the first let go) did nothing.
    return drafted ? 'drafted' : 'skipped';
  }
  const claimedAt = deps.now();
  if (
    (await isEmailSuppressed(deps.db, to)) ||
    (await consentTakenBack(deps, reviewId, review.ownerId, to)) ||
    !(await claimReplyRecipient(deps.db, to, { now: claimedAt, windowSeconds: REPLY_PER_ADDRESS_SECONDS }))
  ) {
    await finishReplyAttempt(deps.db, reviewId, lock, { status: 'held', reason: REPLY_HELD_REASON });
    deps.log.info({ reviewId }, 'automatic reply drafted, not emailed (address limit or unsubscribed)');
    return 'drafted';
  }
  const mail = await deps.mailer.send({
    to,
    subject: `A reply from ${owner.businessName} to your feedback`,
    text: withUnsubscribeFooter(text, owner.businessName, unsubscribeUrl(deps, to)),
    category: 'review-reply',
  });
  if (mail.status === 'sent') {
    await finishReplyAttempt(deps.db, reviewId, lock, { status: 'sent', at: deps.now() });
    deps.log.info({ reviewId }, 'automatic reply emailed');
    return 'sent';
  }
  // Not delivered: the address's slot for today goes back, so the retry may use it.
  await releaseReplyRecipient(deps.db, to, claimedAt);
  if (mail.status === 'suppressed') {
    await finishReplyAttempt(deps.db, reviewId, lock, { status: 'held', reason: REPLY_HELD_REASON });
    return 'drafted';
  }
  const reason = mail.error ?? (mail.status === 'outbox' ? 'SMTP is not configured' : 'unknown error');
  await finishReplyAttempt(deps.db, reviewId, lock, { status: 'failed', error: reason });
  throw new ReplyDeliveryError(reason);
}

/** The reply as mailed: the stored draft, then why it came and how to stop all mail from us. */
export function withUnsubscribeFooter(text: string, businessName: string, url: string): string {
  return [
    text,
    '',
    '--',
    `You received this one-time reply because this address was given with feedback for ${businessName} on StarLoop.`,
    `To receive no more emails from StarLoop at this address, open: ${url}`,
  ].join('\n');
}

function needsEmail(deps: TReplyDeps, contact: string | null): boolean {
  return Boolean(emailFromContact(contact)) && deps.mailer.smtpConfigured;
}

async function draftReply(
  deps: TReplyDeps,
  review: {
    ownerId: number;
    rating: number;
    message: string;
    customerContact: string | null;
    sentimentLabel: TSentimentLabel | null;
    language: string | null;
  },
  owner: { id: number; plan: string; businessName: string; reviewPageLanguage: TReviewPageLanguage | null },
): Promise<string> {
  const { businessName } = owner;
  const sentiment = review.sentimentLabel ?? analyzeSentiment(review.message, review.rating).label;
  // In the review's language: the page language it was left in, else its text's (issue 33 item 3).
  const language = reviewLanguage(review, owner.reviewPageLanguage);
  const templates = templatesInLanguage(
    await templatesFor(deps.db, owner as Parameters<typeof templatesFor>[1]),
    language,
    owner.reviewPageLanguage,
  );
  const draft = renderReply(templates[sentiment].body, replyValuesFor(review, businessName), language);
  // The standard reply (Essential) is the template as it is. A message with a link is never quoted,
  // and the model could quote it: the template it is.
  if (planOf(owner.plan).autoReply.style === 'standard' || containsLink(review.message)) return draft;
  const rewritten = await rewriteWithLlm(
    deps.config.llm,
    { draft, message: review.message, rating: review.rating, sentiment, businessName, language },
    { log: deps.log },
  );
  // Nor may the model add a link of its own.
  if (rewritten && containsLink(rewritten) && !containsLink(draft)) return draft;
  return rewritten ?? draft;
}

/**
 * The customer took back the consent they gave with this feedback (a STOP, an unsubscribe, the
 * "my data" page, or the business marking them), here or at another branch of the account: no
 * reply by email either, though its draft stays for the owner.
 */
async function consentTakenBack(
  deps: Pick<TDeps, 'db'>,
  reviewId: number,
  ownerId: number,
  email: string,
): Promise<boolean> {
  const contact = await findReviewContact(deps.db, reviewId);
  if (contact?.withdrawnAt) return true;
  return contactOptedOut(deps.db, { ownerId, phoneE164: null, email });
}
