import { IST_OFFSET_MINUTES, IST_TIME_ZONE, istDay, PLAN_LIST, RATING_MAX } from '@starloop/contract';
import {
  claimDigest,
  claimGoogleReminder,
  claimReminder,
  findOwnerById,
  findReviewById,
  inTransaction,
  listDigestOwnersDue,
  listGoogleLowRatingReviews,
  listGoogleRemindersDue,
  listLowRatingReviews,
  listRemindersDue,
  listStuckPendingReplies,
  listUnnotifiedGoogleLowRatings,
  lockLowRatingAlertWindow,
  markGoogleLowRatingsNotified,
  peekLowRatingAlertWindow,
  releaseDigest,
  releaseGoogleLowRatingsNotified,
  restoreLowRatingAlertSentAt,
  setLowRatingAlertSentAt,
  type TGoogleReview,
  type TReview,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';

export type TNotifyDeps = Pick<TDeps, 'config' | 'db' | 'log' | 'mailer' | 'now' | 'jobs'>;

/**
 * Job data of the review-notify queue; the scheduled tick carries no kind. A low-rating job names
 * the owner (jobs queued before alerts were batched name a review instead); since QR low ratings
 * open feedback cases (issue 33), whose alerts tell the team, it lists Google's only.
 */
export type TNotifyJob =
  | { kind: 'low-rating'; ownerId?: number; reviewId?: number }
  | { kind: 'review-ceiling'; ownerId: number }
  | { kind?: undefined };

/**
 * Google low-rating alerts are batched: at most one email per owner per 10 minutes, listing every
 * 1-3 star Google review since the previous one. After a quiet spell the first is mailed at once;
 * those arriving within 10 minutes of an alert wait for the 10 minutes to pass and go out together.
 * QR low ratings open feedback cases instead, alerted by domains/alerts (issue 33 item 6).
 */
export const LOW_RATING_ALERT_WINDOW_SECONDS = 10 * 60;
/** Older low ratings are never listed (stored while alerts were off, or already in a digest). */
export const LOW_RATING_ALERT_LOOKBACK_HOURS = 24;
/** Reviews written out in one alert; any more are counted and left to the dashboard. */
const ALERT_LIST_MAX = 50;

/** Every 15 minutes: reminders, and the daily digest once its 09:00 IST slot has passed. */
export const NOTIFY_TICK_CRON = '*/15 * * * *';
/** The daily digest's slot: 09:00 IST, which is 03:30 UTC. */
const DIGEST_UTC_MINUTES = 9 * 60 - IST_OFFSET_MINUTES;
export const DIGEST_UTC = { hour: Math.floor(DIGEST_UTC_MINUTES / 60), minute: DIGEST_UTC_MINUTES % 60 };
export const REMINDER_AFTER_HOURS = 48;
/** Reviews older than this are not reminded about (e.g. after the feature is switched on). */
export const REMINDER_MAX_AGE_DAYS = 14;
const HOUR = 60 * 60 * 1000;

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(RATING_MAX - rating);
// One formatter for the process: building one costs far more than formatting with it.
const IST_TIME = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: IST_TIME_ZONE,
});
const istTime = (date: Date) => IST_TIME.format(date);

export async function runNotifyJob(deps: TNotifyDeps, data: TNotifyJob | null | undefined): Promise<unknown> {
  if (data?.kind === 'low-rating') {
    const ownerId = data.ownerId ?? (await findReviewById(deps.db, Number(data.reviewId)))?.ownerId;
    return ownerId === undefined ? 'skipped' : sendLowRatingAlert(deps, Number(ownerId));
  }
  if (data?.kind === 'review-ceiling') return sendReviewCeilingAlert(deps, Number(data.ownerId));
  return runNotificationTick(deps);
}

/**
 * The review page refused reviews past the hourly ceiling per business: tell the owner (queued at
 * most once an hour per owner), since it is either a very busy hour or someone flooding the page.
 */
export async function sendReviewCeilingAlert(
  deps: TNotifyDeps,
  ownerId: number,
): Promise<'sent' | 'skipped'> {
  const owner = await findOwnerById(deps.db, ownerId);
  if (!owner?.email || owner.deletedAt) return 'skipped';
  const ceiling = deps.config.reviews.perBusinessPerHour;
  const mail = await deps.mailer.send({
    to: owner.email,
    subject: `${owner.businessName}: more reviews than usual in the last hour`,
    text: [
      `Your StarLoop review page for ${owner.businessName} received more than ${ceiling} reviews within an hour, so further reviews are paused until the hour has passed.`,
      '',
      'If you are running an event or a promotion, that is good news: reply to this email and we will raise the limit for you.',
      'If not, someone may be sending reviews automatically. The reviews already stored are in your dashboard, where you can check them.',
      '',
      `Open your dashboard: ${deps.config.appUrl}/dashboard`,
    ].join('\n'),
    category: 'review-ceiling-alert',
  });
  if (mail.status === 'failed')
    throw new Error(`review ceiling alert failed: ${mail.error ?? 'unknown error'}`);
  return 'sent';
}

/** Owners who want an email per low rating (and not the digest instead). */
export const wantsLowRatingAlert = (owner: {
  email: string | null;
  notifyLowRatings: boolean;
  dailyDigest: boolean;
}) => Boolean(owner.email) && owner.notifyLowRatings && !owner.dailyDigest;

/**
 * The owner's batched Google low-rating alert: once 10 minutes have passed since the previous alert
 * (at once after a quiet spell), one email listing every 1-3 star Google review no alert has listed yet;
 * before that, the job is queued again for when the 10 minutes are up. The owner's window row is
 * locked while the reviews are claimed, so however many jobs run at once, one email goes out per
 * window. A failed send hands the reviews and the window back and throws, so pg-boss retries.
 */
export async function sendLowRatingAlert(
  deps: TNotifyDeps,
  ownerId: number,
): Promise<'sent' | 'deferred' | 'skipped'> {
  const owner = await findOwnerById(deps.db, ownerId);
  if (!owner || owner.deletedAt || !wantsLowRatingAlert(owner)) return 'skipped';
  const now = deps.now();
  const windowMs = LOW_RATING_ALERT_WINDOW_SECONDS * 1000;
  const since = new Date(now.getTime() - LOW_RATING_ALERT_LOOKBACK_HOURS * HOUR);
  // Most jobs of a busy owner find nothing to send or the window still closed: one look without
  // the lock answers them. A stale look only moves a follow-up, which looks again under the lock.
  const peek = await peekLowRatingAlertWindow(deps.db, ownerId, since);
  if (!peek.pending) return 'skipped';
  const closesAt = peek.lastSentAt && new Date(peek.lastSentAt.getTime() + windowMs);
  const claim =
    closesAt && closesAt.getTime() > now.getTime()
      ? ({ kind: 'wait', until: closesAt } as const)
      : await claimLowRatingAlert(deps, ownerId, now, since);
  if (claim.kind === 'none') return 'skipped';
  if (claim.kind === 'wait') {
    // Spread over half a minute by owner: after a busy moment every owner's window closes at
    // once, and their follow-ups would otherwise all land on the database together.
    const followUpAt = new Date(claim.until.getTime() + (ownerId % 30) * 1000);
    // One follow-up per window is enough (pg-boss drops a second one in the same slot).
    await deps.jobs.send(
      QUEUES.reviewNotify,
      { kind: 'low-rating', ownerId },
      {
        startAfter: followUpAt,
        singletonKey: `low-rating:${ownerId}:${claim.until.getTime()}`,
        singletonSeconds: LOW_RATING_ALERT_WINDOW_SECONDS,
      },
    );
    return 'deferred';
  }
  const { reviews } = claim;
  const mail = await deps.mailer.send({
    to: owner.email!,
    ...lowRatingAlertMail(deps, owner.businessName, reviews),
    category: 'low-rating-alert',
  });
  if (mail.status === 'failed') {
    await releaseGoogleLowRatingsNotified(deps.db, [...claim.googleIds], now);
    await restoreLowRatingAlertSentAt(deps.db, ownerId, { from: now, to: claim.lastSentAt });
    throw new Error(`low-rating alert email failed: ${mail.error ?? 'unknown error'}`);
  }
  return 'sent';
}

/**
 * Under the owner's window lock: the Google low ratings no alert has listed yet, claimed for this
 * alert when the window is open ('send'), else when it opens ('wait').
 */
async function claimLowRatingAlert(deps: TNotifyDeps, ownerId: number, now: Date, since: Date) {
  return inTransaction(deps.db, async (trx) => {
    const lastSentAt = await lockLowRatingAlertWindow(trx, ownerId);
    const googlePending = await listUnnotifiedGoogleLowRatings(trx, ownerId, since);
    if (googlePending.length === 0) return { kind: 'none' } as const;
    const closesAt = new Date(lastSentAt.getTime() + LOW_RATING_ALERT_WINDOW_SECONDS * 1000);
    if (closesAt.getTime() > now.getTime()) return { kind: 'wait', until: closesAt } as const;
    const googleIds = new Set(
      await markGoogleLowRatingsNotified(
        trx,
        googlePending.map((r) => r.id),
        now,
      ),
    );
    await setLowRatingAlertSentAt(trx, ownerId, now);
    const reviews: TAlertReview[] = googlePending
      .filter((r) => googleIds.has(r.id))
      .map(googleAlertReview)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return { kind: 'send', reviews, googleIds: [...googleIds], lastSentAt } as const;
  });
}

/** A review as an alert lists it: a QR review, or a Google review (`source`). */
export type TAlertReview = Pick<
  TReview,
  'rating' | 'message' | 'customerContact' | 'sentimentLabel' | 'createdAt'
> & {
  source?: 'google';
};

const googleAlertReview = (review: TGoogleReview): TAlertReview => ({
  rating: review.rating,
  message: review.comment,
  customerContact: review.reviewerName || null,
  sentimentLabel: review.sentimentLabel,
  createdAt: review.createdOnGoogle,
  source: 'google',
});

/** Subject and text of one alert listing `reviews` (oldest first, at least one). */
export function lowRatingAlertMail(
  deps: Pick<TNotifyDeps, 'config'>,
  businessName: string,
  reviews: TAlertReview[],
): { subject: string; text: string } {
  const first = reviews[0]!;
  const listed = reviews.slice(0, ALERT_LIST_MAX);
  const more = reviews.length - listed.length;
  const intro =
    reviews.length === 1
      ? `A customer left a ${first.rating}-star review for ${businessName} on ${istTime(first.createdAt)} IST.`
      : `${reviews.length} customers left 1-3 star reviews for ${businessName} between ${istTime(first.createdAt)} and ${istTime(reviews.at(-1)!.createdAt)} IST.`;
  return {
    subject:
      reviews.length === 1
        ? `New ${first.rating}-star review for ${businessName}`
        : `${reviews.length} new low-rating reviews for ${businessName}`,
    text: [
      intro,
      '',
      ...(reviews.length === 1
        ? reviewLines(first)
        : listed.flatMap((r, i) => [
            `${i + 1}. ${istTime(r.createdAt)} IST`,
            ...reviewLines(r).map((l) => `   ${l}`),
            '',
          ])),
      ...(more > 0 ? [`...and ${more} more: see your dashboard.`] : []),
      '',
      `Open your dashboard to follow up: ${deps.config.appUrl}/dashboard`,
      '',
      'You get at most one of these emails every 10 minutes, listing every low rating since the last one. You can turn them off, or get one daily digest instead, in your dashboard settings.',
    ].join('\n'),
  };
}

function reviewLines(
  review: Pick<TAlertReview, 'rating' | 'message' | 'customerContact' | 'sentimentLabel' | 'source'>,
): string[] {
  return [
    `Rating: ${stars(review.rating)} (${review.rating}/5)${review.sentimentLabel ? `, ${review.sentimentLabel}` : ''}`,
    `Feedback: ${review.message.trim() ? `"${review.message.trim()}"` : '(no message)'}`,
    review.source === 'google'
      ? `On Google, by: ${review.customerContact || 'a Google user'}`
      : `Customer contact: ${review.customerContact || 'not given'}`,
  ];
}

/** The latest digest slot at or before now: 03:30 UTC (09:00 IST). */
export function digestSlot(now: Date): { at: Date; date: string } {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_UTC.hour, DIGEST_UTC.minute),
  );
  if (at.getTime() > now.getTime()) at.setUTCDate(at.getUTCDate() - 1);
  // The IST calendar date of the slot names the digest.
  const date = istDay(at);
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
 * Safety net: a review still 'pending' 10 minutes after its reply was due (at once on Professional,
 * after the plan's delay on Essential) has lost its reply job (e.g. the job ran out of retries while
 * another worker held the review): queue it again. The reply queue keeps one job per review, so this
 * never doubles a job that still exists.
 */
export async function requeueStuckReplies(deps: TNotifyDeps): Promise<number> {
  const now = deps.now();
  const grace = 10 * 60 * 1000;
  const delayedPlans = PLAN_LIST.filter((plan) => plan.autoReply.delaySeconds > 0);
  const longest = Math.max(0, ...delayedPlans.map((plan) => plan.autoReply.delaySeconds * 1000));
  const ids = await listStuckPendingReplies(deps.db, {
    olderThan: new Date(now.getTime() - grace),
    newerThan: new Date(now.getTime() - 7 * 24 * HOUR),
    now,
    limit: 500,
    delayed: {
      plans: delayedPlans.map((plan) => plan.key),
      olderThan: new Date(now.getTime() - grace - longest),
    },
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
      const reviews: TAlertReview[] = [
        ...(await listLowRatingReviews(deps.db, owner.id, from, slot.at)),
        ...(await listGoogleLowRatingReviews(deps.db, owner.id, from, slot.at)).map(googleAlertReview),
      ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
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
 * The 48-hour reminders of one kind of review (StarLoop's own or Google's) that are due, 100 at a
 * time: each is claimed before it is mailed, so two ticks never remind twice.
 */
async function sendDueReminders<TDue extends { reviewId: number; email: string }>(
  deps: TNotifyDeps,
  listDue: (
    db: TNotifyDeps['db'],
    window: { olderThan: Date; newerThan: Date; limit: number },
  ) => Promise<TDue[]>,
  claim: (db: TNotifyDeps['db'], reviewId: number, now: Date) => Promise<boolean>,
  mail: (item: TDue) => { subject: string; text: string },
): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (;;) {
    const due = await listDue(deps.db, {
      olderThan: new Date(now.getTime() - REMINDER_AFTER_HOURS * HOUR),
      newerThan: new Date(now.getTime() - REMINDER_MAX_AGE_DAYS * 24 * HOUR),
      limit: 100,
    });
    if (due.length === 0) break;
    for (const item of due) {
      if (!(await claim(deps.db, item.reviewId, now))) continue;
      await deps.mailer.send({ to: item.email, ...mail(item), category: 'reply-reminder' });
      sent += 1;
    }
    if (due.length < 100) break;
  }
  return sent;
}

/**
 * A reminder to the owner when a negative review has had no reply and no follow-up for 48 hours.
 * Sent once per review (reminder_sent_at), only to owners with an email and notifications on, and
 * only on plans whose owners write their own replies (PLANS_REMINDED_TO_REPLY): an Essential owner
 * has no reply to send (StarLoop sends the standard thank-you), so is never told one is waiting.
 * Google reviews are reminded on every plan: any owner can publish a reply on Google.
 */
export async function sendReminders(deps: TNotifyDeps): Promise<number> {
  const sent = await sendDueReminders(deps, listRemindersDue, claimReminder, (item) => {
    const drafted =
      item.replyText && item.replyStatus !== 'none' ? ['', 'Your drafted reply:', item.replyText] : [];
    return {
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
    };
  });
  return sent + (await sendGoogleReminders(deps));
}

/** The same 48-hour reminder for Google reviews that have no reply on Google (issue 20). */
export function sendGoogleReminders(deps: TNotifyDeps): Promise<number> {
  return sendDueReminders(deps, listGoogleRemindersDue, claimGoogleReminder, (item) => ({
    subject: `Reminder: a ${item.rating}-star Google review for ${item.businessName} is waiting for your reply`,
    text: [
      `On ${istTime(item.createdAt)} IST ${item.reviewerName || 'a customer'} left a ${item.rating}-star review for ${item.businessName} on Google, and it has had no reply in the 48 hours since.`,
      '',
      `Rating: ${stars(item.rating)} (${item.rating}/5)`,
      `Review: ${item.comment.trim() ? `"${item.comment.trim()}"` : '(no text)'}`,
      ...(item.replyDraft ? ['', 'Your drafted reply:', item.replyDraft] : []),
      '',
      'A reply on Google is public: other customers read it too. Edit and publish it from your dashboard.',
      `Open your dashboard: ${deps.config.appUrl}/dashboard`,
    ].join('\n'),
  }));
}
