import {
  ALERT_TEXTS,
  alertChannelOn,
  CASE_ALERT_BATCH_MINUTES,
  inQuietHours,
  quietHoursEnd,
  type TAlertChannel,
  type TCaseAlertKind,
} from '@starloop/contract';
import {
  claimCaseAlertWhatsApp,
  claimNewCaseAlerts,
  claimOverdueCaseAlerts,
  dropCaseAlerts,
  expireCaseAlertWhatsApps,
  findAlertPreferences,
  findOwnerById,
  insertCaseAlertBatch,
  insertCaseAlerts,
  inTransaction,
  isOptedOutOfOperatorWhatsApp,
  lastCaseAlertBatchAt,
  listAlertMembers,
  listBatchCaseAlerts,
  listBranchesWithUnalertedCases,
  listPendingCaseAlertWhatsApps,
  listPeopleWithWaitingAlerts,
  listWaitingCaseAlerts,
  lockAlertPerson,
  setCaseAlertBatchEmail,
  settleCaseAlertWhatsApp,
  type TAlertMember,
  type TClaimedCase,
  type TDb,
  type TOwnerPublic,
  type TWaitingCaseAlert,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { mobileE164 } from '../billing/renewal-reminders.service.ts';
import { recipientHash } from '../owner/requests/channels/send-attempts.service.ts';
import {
  sendWhatsAppTemplate,
  templateParameter,
  whatsappTemplateBody,
} from '../owner/requests/channels/whatsapp.channel.ts';
import { alertChoicesOfRow, alertRecipients } from './alert-recipients.rules.ts';
import { caseAlertMail, caseAlertPush, caseAlertWhatsAppParameters } from './case-alerts.render.ts';
import { pushReachable, queuePush } from './push.service.ts';

/**
 * Case alerts (issue 33 item 6): a new or overdue feedback case tells the right people (its
 * assignee, else the branch's managers, else the owners; alert-recipients.rules.ts) by email, by
 * WhatsApp from StarLoop's own number and as a Web Push to their phones (issue 34; push.service.ts),
 * as each person chose.
 *
 * 1. A review that opens a case queues its branch's `new-cases` job in the review's own
 *    transaction (alerts.listener.ts), to run at once. The job claims the branch's cases not yet
 *    alerted (cases.alerted_at, once each), writes one alert per recipient and delivers them.
 * 2. Every minute the tick claims the cases that became overdue (cases.overdue_alerted_at) the same
 *    way, sends WhatsApp messages a passing fault held back, and picks up a branch whose job was lost.
 * 3. Delivering to a person (under their row's lock, so one batch at a time): everything waiting
 *    goes in one batch (one email through the outbox, in the same transaction, and one WhatsApp
 *    message after the commit, at most once), unless the person's quiet hours are on (then at
 *    their end) or their last batch left less than CASE_ALERT_BATCH_MINUTES ago (then when that
 *    window closes). The first alert after a quiet spell therefore leaves at once.
 *
 * These are StarLoop's service messages to the business's own team: they never count against the
 * plan's platform message quota, which counts messages to customers.
 */

export type TAlertDeps = Pick<TDeps, 'config' | 'db' | 'log' | 'mailer' | 'now' | 'jobs'>;

/** Cases opened longer ago than this are never alerted as new (a job lost for a day is too late). */
export const NEW_CASE_ALERT_LOOKBACK_HOURS = 24;
/** Cases due longer ago than this are never alerted as overdue (e.g. after alerts were down for days). */
export const OVERDUE_ALERT_LOOKBACK_HOURS = 24;
/** A new case still not alerted this long after it opened lost its job: the tick alerts it. */
export const NEW_CASE_SAFETY_NET_SECONDS = 120;
/** Alerts still waiting this long after they were written (longer than any batch window) are stranded. */
export const STRANDED_AFTER_MINUTES = CASE_ALERT_BATCH_MINUTES + 5;
/** A WhatsApp alert a passing fault held back is retried by the tick for this long, then dropped. */
export const WHATSAPP_ALERT_RETRY_MINUTES = 60;

const HOUR_MS = 3_600_000;
/** pg-boss keeps one job per singleton key within this slot: a follow-up is at most a day ahead. */
const FOLLOW_UP_SINGLETON_SECONDS = 24 * 3600;
const BATCH_MS = CASE_ALERT_BATCH_MINUTES * 60_000;

type TWhatsAppReach = { phoneE164: string; reason: null } | { phoneE164: null; reason: string };

/**
 * Whether StarLoop's sender can send this number case alerts: configured with the alert template,
 * an Indian mobile, and no STOP from it (operator_whatsapp_opt_outs).
 */
export async function whatsappReach(
  deps: Pick<TDeps, 'config'>,
  db: TDb,
  phone: string,
): Promise<TWhatsAppReach> {
  if (!deps.config.operatorWhatsApp?.caseAlertTemplate)
    return { phoneE164: null, reason: ALERT_TEXTS.whatsappNotConfigured };
  const phoneE164 = mobileE164(phone);
  if (!phoneE164) return { phoneE164: null, reason: ALERT_TEXTS.whatsappPhoneInvalid };
  if (await isOptedOutOfOperatorWhatsApp(db, recipientHash(phoneE164)))
    return { phoneE164: null, reason: ALERT_TEXTS.whatsappOptedOut };
  return { phoneE164, reason: null };
}

/**
 * Whether a branch's new cases are alerted: its switch (`notifyLowRatings`, "Alert the team about
 * every new feedback case") is on and the daily digest is not chosen instead (the low-rating emails
 * they replace honoured the same two). Overdue alerts follow each person's own choices only.
 */
export const branchAlertsNewCases = (owner: Pick<TOwnerPublic, 'notifyLowRatings' | 'dailyDigest'>) =>
  owner.notifyLowRatings && !owner.dailyDigest;

/** Writes the alerts of claimed cases of one branch to their recipients; answers who got one. */
async function queueAlertsOf(
  deps: TAlertDeps,
  trx: TDb,
  owner: TOwnerPublic,
  cases: readonly TClaimedCase[],
  kind: TCaseAlertKind,
  members: readonly TAlertMember[],
): Promise<number[]> {
  const reach = new Map<number, Record<TAlertChannel, boolean>>();
  for (const member of members) {
    reach.set(member.personId, {
      email: Boolean(member.email),
      whatsapp: (await whatsappReach(deps, trx, member.phone)).phoneE164 !== null,
      push: Boolean(deps.config.webPush) && member.push,
    });
  }
  const now = deps.now();
  const alerts = cases.flatMap((kase) =>
    alertRecipients(
      { ownerId: owner.id, assigneePersonId: kase.assigneePersonId },
      kind,
      members,
      (m) => reach.get(m.personId)!,
    )
      // Whoever opened a case by hand (the review drawer) knows of it already.
      .filter((personId) => kind !== 'new' || personId !== kase.openedBy)
      .map((personId) => ({ caseId: kase.id, personId, kind, createdAt: now })),
  );
  if (alerts.length === 0) {
    deps.log.info({ businessId: owner.id, cases: cases.length, kind }, 'case alert: nobody to tell');
    return [];
  }
  await insertCaseAlerts(trx, alerts);
  return [...new Set(alerts.map((a) => a.personId))];
}

/**
 * The `new-cases` job of a branch: claims its cases not yet alerted, writes their alerts and
 * delivers each recipient's (at once after a quiet spell). Answers how many cases it claimed.
 */
export async function alertNewCases(deps: TAlertDeps, ownerId: number): Promise<number> {
  const now = deps.now();
  const owner = await findOwnerById(deps.db, ownerId);
  const claimed = await inTransaction(deps.db, async (trx) => {
    const cases = await claimNewCaseAlerts(trx, ownerId, {
      since: new Date(now.getTime() - NEW_CASE_ALERT_LOOKBACK_HOURS * HOUR_MS),
      now,
    });
    // Claimed either way: a branch that turned alerts off, or was deleted, is never told later.
    if (cases.length === 0 || !owner || owner.deletedAt || !branchAlertsNewCases(owner))
      return { cases, persons: [] };
    const members = await listAlertMembers(trx, owner.accountId);
    return { cases, persons: await queueAlertsOf(deps, trx, owner, cases, 'new', members) };
  });
  await deliverEach(deps, claimed.persons);
  return claimed.cases.length;
}

/**
 * Delivers to each person on their own: one failure is logged and leaves that person's alerts
 * waiting for the tick's net (alertStrandedPeople), never blocking the others.
 */
async function deliverEach(deps: TAlertDeps, personIds: readonly number[]): Promise<void> {
  for (const personId of personIds) {
    try {
      await deliverCaseAlerts(deps, personId);
    } catch (error) {
      deps.log.error({ personId, err: error }, 'case alerts could not be delivered; the tick tries again');
    }
  }
}

/** The tick's overdue pass: claims the cases that became overdue, writes and delivers their alerts. */
export async function alertOverdueCases(deps: TAlertDeps): Promise<number> {
  const now = deps.now();
  const claimed = await inTransaction(deps.db, async (trx) => {
    const cases = await claimOverdueCaseAlerts(trx, {
      since: new Date(now.getTime() - OVERDUE_ALERT_LOOKBACK_HOURS * HOUR_MS),
      now,
    });
    const persons = new Set<number>();
    const byBranch = new Map<number, TClaimedCase[]>();
    for (const kase of cases) byBranch.set(kase.ownerId, [...(byBranch.get(kase.ownerId) ?? []), kase]);
    const membersOf = new Map<number, TAlertMember[]>();
    for (const [ownerId, branchCases] of byBranch) {
      const owner = await findOwnerById(trx, ownerId);
      if (!owner || owner.deletedAt) continue;
      let members = membersOf.get(owner.accountId);
      if (!members) {
        members = await listAlertMembers(trx, owner.accountId);
        membersOf.set(owner.accountId, members);
      }
      for (const personId of await queueAlertsOf(deps, trx, owner, branchCases, 'overdue', members))
        persons.add(personId);
    }
    return { cases: cases.length, persons: [...persons] };
  });
  await deliverEach(deps, claimed.persons);
  return claimed.cases;
}

export type TDeliveryResult = 'sent' | 'held' | 'deferred' | 'none';

/**
 * Delivers what waits for a person, as one batch: at once, unless their quiet hours are on (then
 * at their end: 'held') or their last batch left less than the window ago (then when it closes:
 * 'deferred'); either way a follow-up job is queued for that moment.
 */
export async function deliverCaseAlerts(deps: TAlertDeps, personId: number): Promise<TDeliveryResult> {
  const now = deps.now();
  const outcome = await inTransaction(deps.db, async (trx) => {
    const person = await lockAlertPerson(trx, personId);
    if (!person) return { kind: 'none' } as const;
    const waiting = await listWaitingCaseAlerts(trx, personId);
    // Nothing left to say: the branch is gone, or the overdue case was answered meanwhile.
    const stale = waiting.filter((a) => a.branchDeleted || (a.kind === 'overdue' && a.firstResponseAt));
    await dropCaseAlerts(
      trx,
      stale.map((a) => a.id),
    );
    const live = waiting.filter((a) => !stale.includes(a));
    if (live.length === 0) return { kind: 'none' } as const;

    const choices = alertChoicesOfRow(await findAlertPreferences(trx, personId));
    if (choices.quietHours && inQuietHours(now, choices.quietHours))
      return { kind: 'held', until: quietHoursEnd(now, choices.quietHours) } as const;
    const last = await lastCaseAlertBatchAt(trx, personId);
    if (last && last.getTime() + BATCH_MS > now.getTime())
      return { kind: 'deferred', until: new Date(last.getTime() + BATCH_MS) } as const;

    const byEmail = person.email ? live.filter((a) => alertChannelOn(choices, a.kind, 'email')) : [];
    const reach = await whatsappReach(deps, trx, person.phone);
    const byWhatsApp = reach.phoneE164 ? live.filter((a) => alertChannelOn(choices, a.kind, 'whatsapp')) : [];
    const byPush = (await pushReachable(deps, trx, personId))
      ? live.filter((a) => alertChannelOn(choices, a.kind, 'push'))
      : [];
    const batchId = await insertCaseAlertBatch(trx, {
      personId,
      createdAt: now,
      alertIds: live.map((a) => a.id),
      whatsapp: byWhatsApp.length > 0,
      push: byPush.length > 0,
    });
    // The push goes through its own job, queued with the batch: a push service's trouble never
    // holds up the email, the WhatsApp message or the next batch.
    if (byPush.length > 0)
      await queuePush(
        deps,
        {
          personId,
          payload: caseAlertPush(byPush),
          kind: 'case-alert',
          urgency: byPush.some((a) => a.kind === 'new') ? 'high' : 'normal',
        },
        { trx },
      );
    if (byEmail.length > 0) {
      const heldFor =
        choices.quietHours && byEmail.some((a) => inQuietHours(a.createdAt, choices.quietHours))
          ? choices.quietHours
          : null;
      const mail = await deps.mailer.queue(
        {
          to: person.email!,
          ...caseAlertMail(deps.config.appUrl, person, byEmail, { heldFor }),
          category: 'case-alert',
          idempotencyKey: `case-alert:${batchId}`,
        },
        { trx },
      );
      if (mail.id !== null) await setCaseAlertBatchEmail(trx, batchId, mail.id);
    }
    return { kind: 'sent', batchId, whatsapp: byWhatsApp.length > 0 } as const;
  });

  if (outcome.kind === 'held' || outcome.kind === 'deferred') {
    // Spread over half a minute by person: at 08:00 everyone's quiet hours end at once.
    const at = new Date(outcome.until.getTime() + (personId % 30) * 1000);
    await deps.jobs.send(
      QUEUES.caseAlert,
      { kind: 'person', personId },
      {
        startAfter: at,
        // One follow-up per person and moment, however many alerts waited for it.
        singletonKey: `case-alert-person:${personId}:${outcome.until.getTime()}`,
        singletonSeconds: FOLLOW_UP_SINGLETON_SECONDS,
      },
    );
    return outcome.kind;
  }
  if (outcome.kind === 'sent' && outcome.whatsapp)
    await sendPendingCaseAlertWhatsApps(deps, { id: outcome.batchId });
  return outcome.kind;
}

type TWhatsAppResult = 'sent' | 'retry' | 'failed' | 'in-doubt' | 'expired' | 'skipped';

/** Sends one batch's pending WhatsApp message, at most once: claimed first, settled from the answer. */
async function sendBatchWhatsApp(
  deps: TAlertDeps,
  batch: { id: number; personId: number; phone: string },
): Promise<TWhatsAppResult> {
  const sender = deps.config.operatorWhatsApp;
  const reach = await whatsappReach(deps, deps.db, batch.phone);
  if (!sender?.caseAlertTemplate || !reach.phoneE164) {
    await settleCaseAlertWhatsApp(deps.db, batch.id, { state: 'expired', error: reach.reason });
    return 'expired';
  }
  const choices = alertChoicesOfRow(await findAlertPreferences(deps.db, batch.personId));
  const alerts = (await listBatchCaseAlerts(deps.db, batch.id)).filter((a: TWaitingCaseAlert) =>
    alertChannelOn(choices, a.kind, 'whatsapp'),
  );
  if (alerts.length === 0) {
    await settleCaseAlertWhatsApp(deps.db, batch.id, {
      state: 'expired',
      error: 'WhatsApp alerts turned off',
    });
    return 'expired';
  }
  if (!(await claimCaseAlertWhatsApp(deps.db, batch.id))) return 'skipped';
  const [what, where, link] = caseAlertWhatsAppParameters(deps.config.appUrl, alerts);
  const body = whatsappTemplateBody({
    phoneE164: reach.phoneE164,
    template: sender.caseAlertTemplate,
    language: sender.templateLanguage,
    parameters: [templateParameter(what), templateParameter(where) || 'your business', link],
    callbackData: `case-alert:${batch.id}`,
  });
  const outcome = await sendWhatsAppTemplate(deps, sender, body);
  const log = { batchId: batch.id, personId: batch.personId };
  switch (outcome.kind) {
    case 'accepted':
      await settleCaseAlertWhatsApp(deps.db, batch.id, {
        state: 'sent',
        messageId: outcome.providerMessageId,
        error: null,
      });
      return 'sent';
    case 'refused':
      await settleCaseAlertWhatsApp(deps.db, batch.id, {
        state: outcome.retry ? 'pending' : 'failed',
        error: outcome.error,
      });
      // The provider's answer only: the token is in no error text.
      deps.log.warn({ ...log, error: outcome.error, retry: outcome.retry }, 'case alert WhatsApp refused');
      return outcome.retry ? 'retry' : 'failed';
    case 'in-doubt':
      await settleCaseAlertWhatsApp(deps.db, batch.id, { state: 'in_doubt', error: outcome.error });
      deps.log.warn({ ...log, error: outcome.error }, 'case alert WhatsApp in doubt: not sent again');
      return 'in-doubt';
  }
}

/**
 * Every batch's pending WhatsApp message of the last WHATSAPP_ALERT_RETRY_MINUTES (or the one
 * `id`), each on its own; older ones are dropped (an alert an hour late is noise). Answers how
 * many went out.
 */
export async function sendPendingCaseAlertWhatsApps(
  deps: TAlertDeps,
  only?: { id: number },
): Promise<number> {
  if (!deps.config.operatorWhatsApp) return 0;
  const since = new Date(deps.now().getTime() - WHATSAPP_ALERT_RETRY_MINUTES * 60_000);
  if (!only) await expireCaseAlertWhatsApps(deps.db, since);
  const pending = await listPendingCaseAlertWhatsApps(deps.db, { since, ...only });
  let sent = 0;
  for (const batch of pending) {
    try {
      if ((await sendBatchWhatsApp(deps, batch)) === 'sent') sent += 1;
    } catch (error) {
      deps.log.error(
        { batchId: batch.id, error: error instanceof Error ? error.message : String(error) },
        'case alert WhatsApp could not be sent',
      );
    }
  }
  return sent;
}

/**
 * Safety net of the tick: branches with a case still not alerted NEW_CASE_SAFETY_NET_SECONDS after
 * it opened (its job used every retry); each is alerted as its job would have.
 */
export async function alertForgottenNewCases(deps: TAlertDeps): Promise<number> {
  const now = deps.now();
  const branches = await listBranchesWithUnalertedCases(deps.db, {
    from: new Date(now.getTime() - NEW_CASE_ALERT_LOOKBACK_HOURS * HOUR_MS),
    to: new Date(now.getTime() - NEW_CASE_SAFETY_NET_SECONDS * 1000),
  });
  let claimed = 0;
  for (const ownerId of branches) claimed += await alertNewCases(deps, ownerId);
  if (claimed > 0) deps.log.warn({ claimed }, 'case alerts whose job was lost were sent by the tick');
  return claimed;
}

/**
 * Safety net of the tick: people whose alerts still wait STRANDED_AFTER_MINUTES after they were
 * written (a delivery failed after the alert was written, or its follow-up job was lost), other
 * than those in their quiet hours, whose follow-up is due at their end.
 */
export async function alertStrandedPeople(deps: TAlertDeps): Promise<number> {
  const now = deps.now();
  const people = await listPeopleWithWaitingAlerts(deps.db, {
    from: new Date(now.getTime() - NEW_CASE_ALERT_LOOKBACK_HOURS * HOUR_MS),
    to: new Date(now.getTime() - STRANDED_AFTER_MINUTES * 60_000),
  });
  const due = people
    .filter(({ quietStart: start, quietEnd: end }) => {
      const quiet = start === null || end === null ? null : { start, end };
      return !inQuietHours(now, quiet);
    })
    .map((p) => p.personId);
  await deliverEach(deps, due);
  return due.length;
}
