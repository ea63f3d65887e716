import {
  claimDigest,
  claimLowRatingAlert,
  claimReminder,
  findOwnerById,
  findReviewById,
  listDigestOwnersDue,
  listLowRatingReviews,
  listRemindersDue,
  listStuckPendingReplies,
  releaseDigest,
  releaseLowRatingAlert,
  type TReview,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';

export type TNotifyDeps = Pick<TDeps, 'config' | 'db' | 'log' | 'mailer' | 'now' | 'jobs'>;

/** Job data of the review-notify queue; the scheduled tick carries no kind. */
export type TNotifyJob = { kind: 'low-rating'; reviewId: number } | { kind?: undefined };

/** Every 15 minutes: reminders, and the daily digest once its 09:00 IST slot has passed. */
export const NOTIFY_TICK_CRON = '*/15 * * * *';
/** 09:00 IST is 03:30 UTC. */
export const DIGEST_UTC = { hour: 3, minute: 30 };
export const REMINDER_AFTER_HOURS = 48;
/** Reviews older than this are not reminded about (e.g. after the feature is switched on). */
export const REMINDER_MAX_AGE_DAYS = 14;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);
const istTime = (date: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(date);

export async function runNotifyJob(deps: TNotifyDeps, data: TNotifyJob | null | undefined): Promise<unknown> {
  if (data?.kind === 'low-rating') return sendLowRatingAlert(deps, Number(data.reviewId));
  return runNotificationTick(deps);
}

/** Owners who want an email per low rating (and not the digest instead). */
export const wantsLowRatingAlert = (owner: {
  email: string | null;
  notifyLowRatings: boolean;
  dailyDigest: boolean;
}) => Boolean(owner.email) && owner.notifyLowRatings && !owner.dailyDigest;

/** One email to the owner for a 1-3 star review (sent once; retried when SMTP fails). */
export async function sendLowRatingAlert(deps: TNotifyDeps, reviewId: number): Promise<'sent' | 'skipped'> {
  const review = await findReviewById(deps.db, reviewId);
  if (!review || review.rating > 3) return 'skipped';
  const owner = await findOwnerById(deps.db, review.ownerId);
  if (!owner || owner.deletedAt || !wantsLowRatingAlert(owner)) return 'skipped';
  if (!(await claimLowRatingAlert(deps.db, reviewId, deps.now()))) return 'skipped';
  const mail = await deps.mailer.send({
    to: owner.email!,
    subject: `New ${review.rating}-star review for ${owner.businessName}`,
    text: [
      `A customer left a ${review.rating}-star review for ${owner.businessName} on ${istTime(review.createdAt)} IST.`,
      '',
      ...reviewLines(review),
      '',
      `Open your dashboard to follow up: ${deps.config.appUrl}/dashboard`,
      '',
      'You get this email because low-rating alerts are on. You can turn them off, or get one daily digest instead, in your dashboard settings.',
    ].join('\n'),
    category: 'low-rating-alert',
  });
  if (mail.status === 'failed') {
    await releaseLowRatingAlert(deps.db, reviewId);
    throw new Error(`low-rating alert email failed: ${mail.error ?? 'unknown error'}`);
  }
  return 'sent';
}

function reviewLines(
  review: Pick<TReview, 'rating' | 'message' | 'customerContact' | 'sentimentLabel'>,
): string[] {
  return [
    `Rating: ${stars(review.rating)} (${review.rating}/5)${review.sentimentLabel ? `, ${review.sentimentLabel}` : ''}`,
    `Feedback: ${review.message.trim() ? `"${review.message.trim()}"` : '(no message)'}`,
    `Customer contact: ${review.customerContact || 'not given'}`,
  ];
}

/** The latest digest slot at or before now: 03:30 UTC (09:00 IST). */
export function digestSlot(now: Date): { at: Date; date: string } {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_UTC.hour, DIGEST_UTC.minute),
  );
  if (at.getTime() > now.getTime()) at.setUTCDate(at.getUTCDate() - 1);
  // The IST calendar date of the slot names the digest.
  const date = new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  return { at, date };
}

export async function runNotificationTick(
  deps: TNotifyDeps,
): Promise<{ reminders: number; digests: number; requeued: number }> {
  const reminders = await sendReminders(deps);
  const digests = await sendDigests(deps);
  const requeued = await requeueStuckReplies(deps);
  if (reminders || digests) deps.log.info({ reminders, digests }, 'owner notifications sent');
  return { reminders, digests, requeued };
}

/**
 * Safety net: a review still 'pending' 10 minutes after it came in has lost its reply job (e.g. the
 * job ran out of retries while another worker held the review): queue it again. The reply queue
 * keeps one job per review, so this never doubles a job that still exists.
 */
export async function requeueStuckReplies(deps: TNotifyDeps): Promise<number> {
  const now = deps.now();
  const ids = await listStuckPendingReplies(deps.db, {
    olderThan: new Date(now.getTime() - 10 * 60 * 1000),
    newerThan: new Date(now.getTime() - 7 * 24 * HOUR),
    now,
    limit: 500,
  });
  let queued = 0;
  for (const reviewId of ids) {
    if (await deps.jobs.send(QUEUES.reviewReply, { reviewId }, { singletonKey: String(reviewId) }))
      queued += 1;
  }
  if (queued) deps.log.warn({ queued }, 'stuck automatic replies queued again');
  return queued;
}

/**
 * Daily digest of the previous day's 1-3 star reviews for owners with the digest on: sent once per
 * owner and day, at the first tick after 09:00 IST (so also after a restart that missed 09:00).
 */
export async function sendDigests(deps: TNotifyDeps): Promise<number> {
  const slot = digestSlot(deps.now());
  const from = new Date(slot.at.getTime() - 24 * HOUR);
  let sent = 0;
  for (;;) {
    const owners = await listDigestOwnersDue(deps.db, slot.date, 100);
    if (owners.length === 0) break;
    for (const owner of owners) {
      const reviews = await listLowRatingReviews(deps.db, owner.id, from, slot.at);
      if (!(await claimDigest(deps.db, owner.id, slot.date, reviews.length, deps.now()))) continue;
      if (reviews.length === 0) continue;
      const mail = await deps.mailer.send({
        to: owner.email,
        subject: `Daily digest for ${owner.businessName}: ${reviews.length} low-rating review${reviews.length === 1 ? '' : 's'}`,
        text: [
          `Good morning! Here are the 1-3 star reviews ${owner.businessName} received in the 24 hours before 9:00 AM IST on ${slot.date}.`,
          '',
          ...reviews.flatMap((r, i) => [
            `${i + 1}. ${istTime(r.createdAt)} IST`,
            ...reviewLines(r).map((l) => `   ${l}`),
            '',
          ]),
          `Open your dashboard to follow up: ${deps.config.appUrl}/dashboard`,
          '',
          'You get this email because the daily digest is on. You can change this in your dashboard settings.',
        ].join('\n'),
        category: 'daily-digest',
      });
      if (mail.status === 'failed') {
        // Let the next tick try again.
        await releaseDigest(deps.db, owner.id, slot.date);
        deps.log.warn({ ownerId: owner.id, err: mail.error }, 'daily digest email failed; will retry');
        return sent;
      }
      sent += 1;
    }
    if (owners.length < 100) break;
  }
  return sent;
}

/**
 * A reminder to the owner when a negative review has had no reply and no follow-up for 48 hours.
 * Sent once per review (reminder_sent_at), only to owners with an email and notifications on.
 */
export async function sendReminders(deps: TNotifyDeps): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (;;) {
    const due = await listRemindersDue(deps.db, {
      olderThan: new Date(now.getTime() - REMINDER_AFTER_HOURS * HOUR),
      newerThan: new Date(now.getTime() - REMINDER_MAX_AGE_DAYS * 24 * HOUR),
      limit: 100,
    });
    if (due.length === 0) break;
    for (const item of due) {
      if (!(await claimReminder(deps.db, item.reviewId, now))) continue;
      const drafted =
        item.replyText && item.replyStatus !== 'none' ? ['', 'Your drafted reply:', item.replyText] : [];
      await deps.mailer.send({
        to: item.email,
        subject: `Reminder: a ${item.rating}-star review for ${item.businessName} is waiting for your reply`,
        text: [
          `On ${istTime(item.createdAt)} IST a customer left a ${item.rating}-star review for ${item.businessName}, and no reply or follow-up has been recorded in the 48 hours since.`,
          '',
          `Rating: ${stars(item.rating)} (${item.rating}/5)`,
          `Feedback: ${item.message.trim() ? `"${item.message.trim()}"` : '(no message)'}`,
          `Customer contact: ${item.customerContact || 'not given'}`,
          ...drafted,
          '',
          'A quick, personal response often wins an unhappy customer back.',
          `Open your dashboard: ${deps.config.appUrl}/dashboard`,
        ].join('\n'),
        category: 'reply-reminder',
      });
      sent += 1;
    }
    if (due.length < 100) break;
  }
  return sent;
}
