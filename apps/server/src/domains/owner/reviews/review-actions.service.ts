import { randomUUID } from 'node:crypto';
import {
  addBusinessMinutes,
  CASE_TEXTS,
  DEFAULT_FIRST_RESPONSE_MINUTES,
  REVIEW_ACTION_TEXTS,
  type TCaseDetail,
  type TOwnerReview,
  type TReviewPageLanguage,
  type TReviewReplySend,
} from '@starloop/contract';
import {
  claimOwnerReply,
  claimReplyRecipient,
  findCaseIdOfReview,
  findCaseResponseMinutes,
  findOwnerById,
  findReviewActions,
  findReviewById,
  finishOwnerReply,
  insertCaseEvents,
  inTransaction,
  isEmailSuppressed,
  lockCase,
  openCases,
  releaseReplyRecipient,
  setCaseOpenedBy,
  type TReview,
  updateCase,
} from '@starloop/db';
import type { TAccountSession } from '../../../auth/authenticate.ts';
import type { TDeps } from '../../../context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { branchIdsInScope, getCase } from '../../cases/cases.service.ts';
import { unsubscribeUrl } from '../../public/unsubscribe/unsubscribe.service.ts';
import {
  REPLY_LEASE_SECONDS,
  REPLY_PER_ADDRESS_SECONDS,
  withUnsubscribeFooter,
} from '../../replies/reply.worker.ts';
import { containsLink } from '../../replies/reply-templates.rules.ts';
import { toOwnerReview } from '../dashboard/dashboard.service.ts';
import { customTemplatesEnabled } from '../templates/templates.service.ts';
import { qrReviewActions, replyAddressOf } from './review-actions.dto.ts';

/**
 * The review drawer's actions (issue 33 item 3): what each review offers (its language, its case,
 * whether its reply can be emailed, the contact left with consent), emailing the reply as drafted
 * or edited, and opening a case for a review that has none.
 */

type TActionDeps = Pick<TDeps, 'config' | 'db' | 'log' | 'mailer' | 'now'>;

/** A QR review the caller may reach (a live branch in their scope), else a 404. */
async function reachableReview(deps: Pick<TDeps, 'db'>, session: TAccountSession, id: number) {
  const review = await findReviewById(deps.db, id);
  if (!review || !(await branchIdsInScope(deps.db, session)).includes(Number(review.ownerId))) {
    throw notFound(REVIEW_ACTION_TEXTS.notFound);
  }
  const business = await findOwnerById(deps.db, review.ownerId);
  if (!business) throw notFound(REVIEW_ACTION_TEXTS.notFound);
  return { review, business };
}

async function answerOf(deps: Pick<TDeps, 'db'>, review: TReview, pageLanguage: TReviewPageLanguage | null) {
  const actions = await qrReviewActions(deps, [review], pageLanguage);
  return { ...toOwnerReview(review), source: 'qr' as const, ...actions.get(Number(review.id)) };
}

/**
 * POST /api/v1/reviews/{id}/reply: emails the reply to the customer and records it sent. Sending the
 * draft as it is works on every plan ("Unlimited Review Replies"); changing its words is the
 * Professional plan's (its replies are "in your own words"). Refused, with nothing changed, when
 * there is no address, the address unsubscribed, the reply is still being drafted or already went.
 */
export async function sendReviewReply(
  deps: TActionDeps,
  session: TAccountSession,
  input: TReviewReplySend,
): Promise<TOwnerReview> {
  const { review, business } = await reachableReview(deps, session, input.id);
  if (review.replyStatus === 'sent') throw conflict(REVIEW_ACTION_TEXTS.alreadySent);
  if (review.replyStatus === 'pending') throw conflict(REVIEW_ACTION_TEXTS.stillDrafting);
  const draft = review.replyText?.trim() ?? '';
  const professional = customTemplatesEnabled(business);
  if (!professional && !draft) throw conflict(REVIEW_ACTION_TEXTS.noDraft);
  if (!professional && input.text !== draft) throw forbidden(REVIEW_ACTION_TEXTS.editProfessionalOnly);
  // As the LLM's rewrite: the mail may not carry a link its draft did not (no relay for links).
  if (containsLink(input.text) && !containsLink(draft)) throw badRequest(REVIEW_ACTION_TEXTS.noLinks, 'text');

  const contact = (await findReviewActions(deps.db, [review.id])).get(Number(review.id));
  if (contact?.withdrawnAt) throw conflict(CASE_TEXTS.consentWithdrawn);
  const to = replyAddressOf(review, contact);
  if (!to) throw conflict(REVIEW_ACTION_TEXTS.noEmail);
  if (!deps.mailer.smtpConfigured) throw new AppError('SERVICE_UNAVAILABLE', REVIEW_ACTION_TEXTS.mailOff);
  if (await isEmailSuppressed(deps.db, to)) throw conflict(REVIEW_ACTION_TEXTS.unsubscribed);

  // The reply worker's lease: one send at a time, whoever (a second click, a worker retry) comes.
  const lock = `owner:${randomUUID()}`;
  const claimed = await claimOwnerReply(deps.db, review.id, {
    lock,
    now: deps.now(),
    seconds: REPLY_LEASE_SECONDS,
  });
  if (!claimed) {
    const now = await findReviewById(deps.db, review.id);
    if (now?.replyStatus === 'sent') throw conflict(REVIEW_ACTION_TEXTS.alreadySent);
    if (now?.replyStatus === 'pending') throw conflict(REVIEW_ACTION_TEXTS.stillDrafting);
    throw conflict(REVIEW_ACTION_TEXTS.sending);
  }

  // A person chose to send this one, so the daily one-per-address limit of automatic replies does
  // not hold it; it does count, so no automatic reply follows it to the same address that day.
  const claimedAt = deps.now();
  const counted = await claimReplyRecipient(deps.db, to, {
    now: claimedAt,
    windowSeconds: REPLY_PER_ADDRESS_SECONDS,
  });
  let mail: Awaited<ReturnType<TActionDeps['mailer']['send']>>;
  try {
    mail = await deps.mailer.send({
      to,
      subject: `A reply from ${business.businessName} to your feedback`,
      text: withUnsubscribeFooter(input.text, business.businessName, unsubscribeUrl(deps, to)),
      category: 'review-reply',
    });
  } catch (error) {
    if (counted) await releaseReplyRecipient(deps.db, to, claimedAt);
    await finishOwnerReply(deps.db, review.id, lock, { status: 'release' });
    throw error;
  }
  if (mail.status !== 'sent' && counted) await releaseReplyRecipient(deps.db, to, claimedAt);
  if (mail.status === 'suppressed') {
    await finishOwnerReply(deps.db, review.id, lock, { status: 'release' });
    throw conflict(REVIEW_ACTION_TEXTS.unsubscribed);
  }
  const sentAt = deps.now();
  const finished =
    mail.status === 'sent'
      ? await finishOwnerReply(deps.db, review.id, lock, { status: 'sent', text: input.text, at: sentAt })
      : await finishOwnerReply(deps.db, review.id, lock, {
          status: 'failed',
          text: input.text,
          error: mail.error ?? 'The mail server did not take the reply.',
        });
  if (mail.status === 'sent') {
    deps.log.info({ reviewId: review.id }, 'reply emailed by the owner');
    await recordOnCase(deps, session, review.id, input.text, sentAt);
  }
  return answerOf(deps, finished ?? (await findReviewById(deps.db, review.id))!, business.reviewPageLanguage);
}

/**
 * A reply emailed from the drawer is on the review's case timeline (a message to the customer by
 * email) and is the case's first response, as a message from the case would be.
 */
async function recordOnCase(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
  reviewId: number,
  text: string,
  at: Date,
) {
  const caseId = await findCaseIdOfReview(deps.db, reviewId);
  if (caseId === undefined) return;
  await inTransaction(deps.db, async (trx) => {
    const current = await lockCase(trx, caseId);
    if (!current) return;
    await insertCaseEvents(trx, [
      {
        caseId,
        kind: 'message_out',
        actorPersonId: session.person ? Number(session.person.id) : null,
        data: { text, channel: 'email', delivery: 'sent', messageKind: 'reply' },
        createdAt: at,
      },
    ]);
    await updateCase(trx, caseId, {
      updatedAt: at,
      ...(current.firstResponseAt === null ? { firstResponseAt: at } : {}),
    });
  });
}

/**
 * POST /api/v1/reviews/{id}/case: opens the review's feedback case (a 4-5 star review with a
 * complaint, or any review the team wants to follow up), due at the account's first-response target
 * from now; a review that has one answers it as it is. Through openCases, so two at once open one.
 */
export async function openReviewCase(
  deps: Pick<TDeps, 'db' | 'now'>,
  session: TAccountSession,
  input: { id: number },
): Promise<TCaseDetail> {
  const { review, business } = await reachableReview(deps, session, input.id);
  let caseId = await findCaseIdOfReview(deps.db, review.id);
  if (caseId === undefined) {
    const now = deps.now();
    const targets = await findCaseResponseMinutes(deps.db, [Number(business.accountId)]);
    const minutes = targets.get(Number(business.accountId)) ?? DEFAULT_FIRST_RESPONSE_MINUTES;
    caseId = await inTransaction(deps.db, async (trx) => {
      const opened = await openCases(trx, [
        {
          reviewId: review.id,
          ownerId: review.ownerId,
          rating: review.rating,
          createdAt: now,
          dueAt: addBusinessMinutes(now, minutes),
        },
      ]);
      const id = await findCaseIdOfReview(trx, review.id);
      if (opened > 0 && id !== undefined && session.person) {
        await setCaseOpenedBy(trx, id, Number(session.person.id));
      }
      return id;
    });
    if (caseId === undefined) throw notFound(REVIEW_ACTION_TEXTS.notFound);
  }
  return getCase(deps, session, caseId);
}
