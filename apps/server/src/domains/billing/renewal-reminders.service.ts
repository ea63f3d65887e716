import {
  INDIAN_MOBILE_PATTERN,
  IST_TIME_ZONE,
  resolveRegistrationPlan,
  SUBSCRIPTION_GRACE_DAYS,
} from '@starloop/contract';
import {
  claimRenewalWhatsApp,
  inTransaction,
  isOptedOutOfOperatorWhatsApp,
  listPendingRenewalWhatsApps,
  listRenewalsDue,
  recordRenewalReminder,
  settleRenewalWhatsApp,
  type TPendingRenewalWhatsApp,
  type TRenewalDue,
  type TRenewalReminderKind,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { queueRenewalPush } from '../alerts/push.service.ts';
import { recipientHash } from '../owner/requests/channels/send-attempts.service.ts';
import {
  sendWhatsAppTemplate,
  templateParameter,
  whatsappTemplateBody,
} from '../owner/requests/channels/whatsapp.channel.ts';

/**
 * Renewal reminders (issue 32 item 8): 7 days and 1 day before a paid period ends, when it ends,
 * and the day before the grace period closes (the review page closes then). Each is recorded in
 * the transaction that queues its email, once per business, period and kind; a renewal moves the
 * period's end, so nothing more is sent for the old one. Only the latest reminder due is sent (a
 * business first seen on its last day gets "1 day", not "7 days" too).
 *
 * Each reminder also goes as a push to the phones of the owner it is addressed to, when they turned
 * push on and want it (alert preferences, quiet hours respected; push.service.ts).
 *
 * When StarLoop's own WhatsApp sender is configured (config.operatorWhatsApp), each reminder also
 * goes to the owner's phone as the approved renewal template (business name, period end, pay
 * link), unless that number replied STOP to it. Its state is kept on the reminder's row, apart from
 * the email: it is sent after the commit, at most once (a refusal that may be retried is tried again
 * by the next hourly run while the reminder is still the business's latest and its period is not
 * renewed; a call that got no answer is never repeated).
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

/** The WhatsApp template's date: "5 Dec 2026" (IST). */
const shortDate = (at: Date) =>
  at.toLocaleDateString('en-IN', {
    timeZone: IST_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** The Plan page of this branch, whose Renew opens checkout (a link must not pay by itself). */
const payLinkOf = (deps: Pick<TDeps, 'config'>, businessId: number) =>
  `${deps.config.appUrl}/dashboard/plan?branch=${businessId}`;

/** The email of one reminder, with the link to the Plan page's Renew (checkout opens from there). */
function reminderMail(deps: TDeps, due: TRenewalDue, kind: TRenewalReminderKind) {
  const plan = resolveRegistrationPlan(due.plan).name;
  const closes = new Date(due.subscriptionEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS);
  const payLink = payLinkOf(deps, due.businessId);
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

/** The business's contact number (or a person's phone) as E.164 (+91), when it is a 10-digit Indian mobile. */
export function mobileE164(contactNumber: string): string | undefined {
  const compact = contactNumber.replace(/[\s-]/g, '');
  return INDIAN_MOBILE_PATTERN.test(compact) ? `+91${compact.slice(-10)}` : undefined;
}

/** The owner's phone for StarLoop's WhatsApp (E.164), if the sender is configured and the number takes it. */
async function whatsappPhone(deps: TDeps, contactNumber: string): Promise<string | undefined> {
  if (!deps.config.operatorWhatsApp) return undefined;
  const phone = mobileE164(contactNumber);
  if (!phone) return undefined;
  return (await isOptedOutOfOperatorWhatsApp(deps.db, recipientHash(phone))) ? undefined : phone;
}

/** Records one reminder (its WhatsApp pending when it gets one) and queues its email, in one transaction. */
async function recordReminder(
  deps: TDeps,
  due: TRenewalDue,
  kind: TRenewalReminderKind,
  adminId: number | null,
): Promise<{ id: number; whatsapp: boolean } | undefined> {
  if (!due.email) return undefined;
  const whatsapp = (await whatsappPhone(deps, due.contactNumber)) !== undefined;
  return inTransaction(deps.db, async (trx) => {
    const id = await recordRenewalReminder(trx, {
      businessId: due.businessId,
      periodEnd: due.subscriptionEnd,
      kind,
      adminId,
      whatsapp,
    });
    if (id === undefined) return undefined;
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
    // A push to the owner's phones too (issue 34), by its own job, when they turned it on.
    await queueRenewalPush(deps, trx, due.ownerPersonId, {
      title: mail.subject,
      body: 'Renew now to keep your review page and dashboard running.',
      url: `/dashboard/plan?branch=${due.businessId}`,
      tag: `renewal-${due.businessId}`,
    });
    return { id, whatsapp };
  });
}

/**
 * Whether a pending WhatsApp message still says something true: the reminder is the business's
 * latest, its period was not renewed, and the review page is not closed yet.
 */
function stillDue(reminder: TPendingRenewalWhatsApp, now: Date): boolean {
  return (
    reminder.live &&
    reminder.newest &&
    reminder.subscriptionEnd?.getTime() === reminder.periodEnd.getTime() &&
    now.getTime() < reminder.periodEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS
  );
}

type TWhatsAppResult = 'sent' | 'retry' | 'failed' | 'in-doubt' | 'expired' | 'skipped';

/** Sends one pending WhatsApp reminder, at most once: claimed first, settled from the answer. */
async function sendReminderWhatsApp(
  deps: TDeps,
  reminder: TPendingRenewalWhatsApp,
): Promise<TWhatsAppResult> {
  const sender = deps.config.operatorWhatsApp;
  if (!sender) return 'skipped';
  const log = { reminderId: reminder.id, businessId: reminder.businessId, kind: reminder.kind };
  if (!stillDue(reminder, deps.now())) {
    await settleRenewalWhatsApp(deps.db, reminder.id, { state: 'expired' });
    return 'expired';
  }
  const phone = await whatsappPhone(deps, reminder.contactNumber);
  if (!phone) {
    await settleRenewalWhatsApp(deps.db, reminder.id, {
      state: 'expired',
      error: 'No valid phone number, or it opted out of WhatsApp',
    });
    return 'expired';
  }
  if (!(await claimRenewalWhatsApp(deps.db, reminder.id))) return 'skipped';
  const body = whatsappTemplateBody({
    phoneE164: phone,
    template: sender.renewalTemplate,
    language: sender.templateLanguage,
    parameters: [
      templateParameter(reminder.businessName) || 'your business',
      shortDate(reminder.periodEnd),
      payLinkOf(deps, reminder.businessId),
    ],
    callbackData: `renewal-reminder:${reminder.id}`,
  });
  const outcome = await sendWhatsAppTemplate(deps, sender, body);
  switch (outcome.kind) {
    case 'accepted':
      await settleRenewalWhatsApp(deps.db, reminder.id, {
        state: 'sent',
        messageId: outcome.providerMessageId,
        error: null,
      });
      return 'sent';
    case 'refused':
      await settleRenewalWhatsApp(deps.db, reminder.id, {
        state: outcome.retry ? 'pending' : 'failed',
        error: outcome.error,
      });
      // The provider's answer only: the token is in no error text.
      deps.log.warn(
        { ...log, error: outcome.error, retry: outcome.retry },
        'renewal reminder WhatsApp refused',
      );
      return outcome.retry ? 'retry' : 'failed';
    case 'in-doubt':
      await settleRenewalWhatsApp(deps.db, reminder.id, { state: 'in_doubt', error: outcome.error });
      deps.log.warn({ ...log, error: outcome.error }, 'renewal reminder WhatsApp in doubt: not sent again');
      return 'in-doubt';
  }
}

/**
 * Every pending WhatsApp reminder (or the one `id`), each on its own: a failure is logged and the
 * next run tries again, and never stops the others. Answers how many went out.
 */
export async function sendPendingRenewalWhatsApps(deps: TDeps, only?: { id: number }): Promise<number> {
  if (!deps.config.operatorWhatsApp) return 0;
  const pending = await listPendingRenewalWhatsApps(deps.db, only ?? {});
  const counts: Partial<Record<TWhatsAppResult | 'error', number>> = {};
  for (const reminder of pending) {
    let result: TWhatsAppResult | 'error';
    try {
      result = await sendReminderWhatsApp(deps, reminder);
    } catch (error) {
      result = 'error';
      deps.log.error(
        { reminderId: reminder.id, error: error instanceof Error ? error.message : String(error) },
        'renewal reminder WhatsApp could not be sent',
      );
    }
    counts[result] = (counts[result] ?? 0) + 1;
  }
  if (pending.length > 0) deps.log.info(counts, 'renewal reminder WhatsApp messages');
  return counts.sent ?? 0;
}

/**
 * Records one reminder and queues its email in one transaction, then sends its WhatsApp message
 * (when it gets one); false when it was sent already.
 */
export async function sendRenewalReminder(
  deps: TDeps,
  due: TRenewalDue,
  kind: TRenewalReminderKind,
  adminId: number | null = null,
): Promise<boolean> {
  const recorded = await recordReminder(deps, due, kind, adminId);
  if (!recorded) return false;
  if (recorded.whatsapp) await sendPendingRenewalWhatsApps(deps, { id: recorded.id });
  return true;
}

/**
 * The hourly run: every reminder due now, each once, then every WhatsApp message still pending
 * (this run's and those refused before). Answers how many reminders were sent.
 */
export async function sendDueRenewalReminders(deps: TDeps): Promise<number> {
  const now = deps.now();
  const due = await listRenewalsDue(deps.db, {
    from: new Date(now.getTime() - SUBSCRIPTION_GRACE_DAYS * DAY_MS),
    to: new Date(now.getTime() + 7 * DAY_MS),
  });
  let sent = 0;
  for (const business of due) {
    const kind = reminderDue(business.subscriptionEnd, now);
    if (kind && (await recordReminder(deps, business, kind, null))) sent += 1;
  }
  if (sent > 0) deps.log.info({ sent }, 'renewal reminders sent');
  await sendPendingRenewalWhatsApps(deps);
  return sent;
}
