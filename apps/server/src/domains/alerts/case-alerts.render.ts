import {
  CASE_ALERT_BATCH_MINUTES,
  clockText,
  IST_TIME_ZONE,
  isLowRating,
  RATING_MAX,
  type TQuietHours,
} from '@starloop/contract';
import type { TWaitingCaseAlert } from '@starloop/db';

/**
 * What a case alert says, by email and as the WhatsApp template's parameters (no I/O). One message
 * lists every alert of its batch: the first alert after a quiet spell alone, later ones together.
 */

/** Cases written out in one email; any more are counted and left to the inbox. */
const LIST_MAX = 50;

// One formatter for the process: building one costs far more than formatting with it.
const IST_TIME = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: IST_TIME_ZONE,
});
const istTime = (date: Date) => `${IST_TIME.format(date)} IST`;
const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(RATING_MAX - rating);

/** The case in the team's inbox (the inbox screen opens its drawer). */
export const caseLink = (appUrl: string, caseId: number) => `${appUrl}/dashboard/inbox?case=${caseId}`;
const inboxLink = (appUrl: string) => `${appUrl}/dashboard/inbox`;

type TAlert = Pick<
  TWaitingCaseAlert,
  | 'kind'
  | 'caseId'
  | 'rating'
  | 'caseCreatedAt'
  | 'dueAt'
  | 'message'
  | 'customerContact'
  | 'sentimentLabel'
  | 'businessId'
  | 'businessName'
  | 'city'
>;

const branchOf = (alert: TAlert) =>
  alert.city ? `${alert.businessName}, ${alert.city}` : alert.businessName;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The one branch every alert is about, or undefined when they span several. */
function soleBranch(alerts: readonly TAlert[]): TAlert | undefined {
  const first = alerts[0];
  return first && alerts.every((a) => a.businessId === first.businessId) ? first : undefined;
}

/** What happened, as a phrase: "a new 2-star review", "3 feedback cases past their response time". */
function whatHappened(alerts: readonly TAlert[]): string {
  const n = alerts.length;
  const first = alerts[0]!;
  if (alerts.every((a) => a.kind === 'new')) {
    if (n === 1)
      return isLowRating(first.rating)
        ? `a new ${first.rating}-star review`
        : `a new ${first.rating}-star review with a complaint`;
    return alerts.every((a) => isLowRating(a.rating))
      ? `${n} new low-rating reviews`
      : `${n} new feedback cases`;
  }
  if (alerts.every((a) => a.kind === 'overdue'))
    return n === 1
      ? 'a feedback case past its response time'
      : `${n} feedback cases past their response time`;
  return `${n} feedback cases that need attention`;
}

/** Where: the branch, or "3 branches". */
function where(alerts: readonly TAlert[]): string {
  const sole = soleBranch(alerts);
  return sole ? sole.businessName : `${new Set(alerts.map((a) => a.businessId)).size} branches`;
}

function subject(alerts: readonly TAlert[]): string {
  const n = alerts.length;
  const first = alerts[0]!;
  const sole = soleBranch(alerts);
  const at = sole ? sole.businessName : `${new Set(alerts.map((a) => a.businessId)).size} branches`;
  if (alerts.every((a) => a.kind === 'new')) {
    if (n === 1)
      return isLowRating(first.rating)
        ? `New ${first.rating}-star review for ${at}`
        : `New ${first.rating}-star review with a complaint for ${at}`;
    return alerts.every((a) => isLowRating(a.rating))
      ? `${n} new low-rating reviews for ${at}`
      : `${n} new feedback cases for ${at}`;
  }
  if (alerts.every((a) => a.kind === 'overdue'))
    return n === 1
      ? `Overdue: a ${first.rating}-star review for ${at} has had no response`
      : `${n} feedback cases for ${at} are overdue`;
  return `${n} feedback cases for ${at} need attention`;
}

function alertLines(appUrl: string, alert: TAlert): string[] {
  const message = alert.message.trim();
  return [
    alert.kind === 'new'
      ? `New case: ${alert.rating}-star review for ${branchOf(alert)}, ${istTime(alert.caseCreatedAt)}`
      : `Overdue: ${alert.rating}-star review for ${branchOf(alert)}, ${istTime(alert.caseCreatedAt)}; a first response was due ${istTime(alert.dueAt)}`,
    `Rating: ${stars(alert.rating)} (${alert.rating}/5)${alert.sentimentLabel ? `, ${alert.sentimentLabel}` : ''}`,
    `Feedback: ${message ? `"${message}"` : '(no message)'}`,
    `Customer contact: ${alert.customerContact || 'not given'}`,
    ...(alert.kind === 'new' ? [`Respond by: ${istTime(alert.dueAt)}`] : []),
    `Open the case: ${caseLink(appUrl, alert.caseId)}`,
  ];
}

/**
 * The email of one batch (oldest first, at least one alert). `quietHours`: the person's, when the
 * batch waited for them to end.
 */
export function caseAlertMail(
  appUrl: string,
  recipient: { name: string },
  alerts: readonly TAlert[],
  options: { heldFor?: TQuietHours | null } = {},
): { subject: string; text: string } {
  const listed = alerts.slice(0, LIST_MAX);
  const more = alerts.length - listed.length;
  const n = alerts.length;
  const held = options.heldFor;
  const intro = held
    ? `While your quiet hours (${clockText(held.start)}-${clockText(held.end)} IST) were on, ${n} ${plural(n, 'feedback case needs', 'feedback cases need')} your attention:`
    : n === 1
      ? `StarLoop has ${whatHappened(alerts)} for ${branchOf(alerts[0]!)}:`
      : `StarLoop has ${whatHappened(alerts)} for ${where(alerts)}:`;
  return {
    subject: subject(alerts),
    text: [
      `Hello ${recipient.name},`,
      '',
      intro,
      '',
      ...(n === 1
        ? alertLines(appUrl, alerts[0]!)
        : listed.flatMap((alert, i) => [
            `${i + 1}. ${alertLines(appUrl, alert)[0]}`,
            ...alertLines(appUrl, alert)
              .slice(1)
              .map((line) => `   ${line}`),
            '',
          ])),
      ...(more > 0 ? [`...and ${more} more in the inbox.`] : []),
      '',
      `Open the inbox: ${inboxLink(appUrl)}`,
      '',
      `After an alert, the next ones wait up to ${CASE_ALERT_BATCH_MINUTES} minutes and come together. Choose which alerts you get, by email or WhatsApp, and your quiet hours in Settings, Alerts: ${appUrl}/dashboard/settings`,
    ].join('\n'),
  };
}

/**
 * The WhatsApp template's body parameters: {{1}} what happened, {{2}} the branch (or "3
 * branches"), {{3}} the case's link (or the inbox's, for several).
 */
export function caseAlertWhatsAppParameters(
  appUrl: string,
  alerts: readonly TAlert[],
): [string, string, string] {
  return [
    whatHappened(alerts),
    where(alerts),
    alerts.length === 1 ? caseLink(appUrl, alerts[0]!.caseId) : inboxLink(appUrl),
  ];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The push notification of a batch (issue 34): the same words as the WhatsApp message, the first
 * case's own words when there is one case, and a tap that opens the case (or the inbox). The
 * payload goes encrypted to the person's own phone; the customer's contact stays out of it.
 */
export function caseAlertPush(alerts: readonly TAlert[]): {
  title: string;
  body: string;
  url: string;
  tag: string;
} {
  const first = alerts[0]!;
  const body =
    alerts.length === 1 && first.message
      ? `${stars(first.rating)} ${first.message.length > 120 ? `${first.message.slice(0, 119)}…` : first.message}`
      : 'Open StarLoop to respond.';
  return {
    title: `${capitalised(whatHappened(alerts))} for ${where(alerts)}`,
    body,
    url: alerts.length === 1 ? `/dashboard/inbox?case=${first.caseId}` : '/dashboard/inbox',
    tag: alerts.length === 1 ? `case-${first.caseId}` : 'cases',
  };
}
