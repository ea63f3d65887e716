import { IST_TIME_ZONE, resolveRegistrationPlan, SUBSCRIPTION_GRACE_DAYS } from '@starloop/contract';
import {
  inTransaction,
  listRenewalsDue,
  recordRenewalReminder,
  type TRenewalDue,
  type TRenewalReminderKind,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';

/**
 * Renewal reminders (issue 32 item 8): 7 days and 1 day before a paid period ends, when it ends,
 * and the day before the grace period closes (the review page closes then). Each is recorded in
 * the transaction that queues its email, once per business, period and kind; a renewal moves the
 * period's end, so nothing more is sent for the old one. Only the latest reminder due is sent (a
 * business first seen on its last day gets "1 day", not "7 days" too).
 */

const DAY_MS = 86_400_000;

type TAutomaticKind = Exclude<TRenewalReminderKind, 'manual'>;

/** The reminder due at `now` for a period ending at `end`, if any. */
export function reminderDue(end: Date, now: Date): TAutomaticKind | null {
  const left = end.getTime() - now.getTime();
  const graceLeft = left + SUBSCRIPTION_GRACE_DAYS * DAY_MS;
  if (graceLeft <= 0) return null;
  if (graceLeft <= DAY_MS) return 'grace-closing';
  if (left <= 0) return 'ended';
  if (left <= DAY_MS) return '1-day';
  if (left <= 7 * DAY_MS) return '7-days';
  return null;
}

const endDate = (at: Date) =>
  at.toLocaleDateString('en-IN', { timeZone: IST_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });

/** The email of one reminder, with the link to the Plan page's Renew (checkout opens from there). */
function reminderMail(deps: TDeps, due: TRenewalDue, kind: TRenewalReminderKind) {
  const plan = resolveRegistrationPlan(due.plan).name;
  const closes = new Date(due.subscriptionEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS);
  const payLink = `${deps.config.appUrl}/dashboard/plan?branch=${due.businessId}`;
  const lines: Record<TRenewalReminderKind, [string, string]> = {
    '7-days': [
      `Your StarLoop plan for ${due.businessName} ends in 7 days`,
      `Your ${plan} plan for ${due.businessName} ends on ${endDate(due.subscriptionEnd)}. Renew now to keep your review page and dashboard running without a break.`,
    ],
    '1-day': [
      `Your StarLoop plan for ${due.businessName} ends tomorrow`,
      `Your ${plan} plan for ${due.businessName} ends on ${endDate(due.subscriptionEnd)}. Renew today to keep collecting reviews.`,
    ],
    ended: [
      `Your StarLoop plan for ${due.businessName} has ended`,
      `Your ${plan} plan for ${due.businessName} ended on ${endDate(due.subscriptionEnd)}. Your review page stays open until ${endDate(closes)}; renew before then to keep it open.`,
    ],
    'grace-closing': [
      `Your review page for ${due.businessName} closes tomorrow`,
      `Your ${plan} plan ended on ${endDate(due.subscriptionEnd)}, and your review page closes on ${endDate(closes)}. Customers who scan your QR code will not be able to leave a review after that. Renew now to keep it open.`,
    ],
    manual: [
      `Renew your StarLoop plan for ${due.businessName}`,
      `Your ${plan} plan for ${due.businessName} ends on ${endDate(due.subscriptionEnd)}. Renew to keep your review page and dashboard running.`,
    ],
  };
  const [subject, body] = lines[kind];
  return {
    subject,
    text: [
      `Hello ${due.ownerName},`,
      '',
      body,
      '',
      `Renew now: ${payLink}`,
      '',
      'Thank you for using StarLoop.',
    ].join('\n'),
  };
}

/** Records one reminder and queues its email in one transaction; false when it was sent already. */
export async function sendRenewalReminder(
  deps: TDeps,
  due: TRenewalDue,
  kind: TRenewalReminderKind,
  adminId: number | null = null,
): Promise<boolean> {
  if (!due.email) return false;
  return inTransaction(deps.db, async (trx) => {
    const recorded = await recordRenewalReminder(trx, {
      businessId: due.businessId,
      periodEnd: due.subscriptionEnd,
      kind,
      adminId,
    });
    if (!recorded) return false;
    const mail = reminderMail(deps, due, kind);
    await deps.mailer.queue(
      {
        to: due.email!,
        ...mail,
        category: 'renewal-reminder',
        ...(kind === 'manual'
          ? {}
          : { idempotencyKey: `renewal:${due.businessId}:${due.subscriptionEnd.toISOString()}:${kind}` }),
      },
      { trx },
    );
    return true;
  });
}

/** The hourly run: every reminder due now, each once. Answers how many were sent. */
export async function sendDueRenewalReminders(deps: TDeps): Promise<number> {
  const now = deps.now();
  const due = await listRenewalsDue(deps.db, {
    from: new Date(now.getTime() - SUBSCRIPTION_GRACE_DAYS * DAY_MS),
    to: new Date(now.getTime() + 7 * DAY_MS),
  });
  let sent = 0;
  for (const business of due) {
    const kind = reminderDue(business.subscriptionEnd, now);
    if (kind && (await sendRenewalReminder(deps, business, kind))) sent += 1;
  }
  if (sent > 0) deps.log.info({ sent }, 'renewal reminders sent');
  return sent;
}
