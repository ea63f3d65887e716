import {
  branchInScope,
  DEFAULT_ALERT_CHOICES,
  type TAlertChannel,
  type TAlertChoices,
  type TCaseAlertKind,
  wantsAlert,
} from '@starloop/contract';
import type { TAlertMember, TAlertPreferenceValues } from '@starloop/db';

/**
 * Who hears about a case (issue 33 item 6), in order: its assignee, else the managers with access
 * to its branch, else the account's owners. A step counts only when someone in it wants this kind
 * of alert on a channel that reaches them; otherwise the next step is told, so a case never goes
 * unheard because its assignee has no email, or a manager turned new-case alerts off. A person no
 * longer able to see the branch (removed, or limited to other branches) is never told.
 */
export function alertRecipients(
  kase: { ownerId: number; assigneePersonId: number | null },
  kind: TCaseAlertKind,
  members: readonly TAlertMember[],
  reachOf: (member: TAlertMember) => Record<TAlertChannel, boolean>,
): number[] {
  const withAccess = members.filter((m) => branchInScope(m.businessIds, kase.ownerId));
  const steps = [
    withAccess.filter((m) => kase.assigneePersonId !== null && m.personId === kase.assigneePersonId),
    withAccess.filter((m) => m.role === 'manager'),
    withAccess.filter((m) => m.role === 'owner'),
  ];
  for (const step of steps) {
    const listening = step.filter((m) => wantsAlert(alertChoicesOfRow(m.preferences), kind, reachOf(m)));
    if (listening.length > 0) return listening.map((m) => m.personId);
  }
  return [];
}

/** A stored choice row as the rules read it (no row: the defaults). */
export function alertChoicesOfRow(row: TAlertPreferenceValues | null | undefined): TAlertChoices {
  if (!row) return DEFAULT_ALERT_CHOICES;
  return {
    newCase: { email: row.newCaseEmail, whatsapp: row.newCaseWhatsapp, push: row.newCasePush },
    overdue: { email: row.overdueEmail, whatsapp: row.overdueWhatsapp, push: row.overduePush },
    payment: { push: row.renewalPush },
    quietHours:
      row.quietStart === null || row.quietEnd === null ? null : { start: row.quietStart, end: row.quietEnd },
  };
}

/** The rules' choices as a stored row. */
export const alertRowOfChoices = (choices: TAlertChoices): TAlertPreferenceValues => ({
  newCaseEmail: choices.newCase.email,
  newCaseWhatsapp: choices.newCase.whatsapp,
  overdueEmail: choices.overdue.email,
  overdueWhatsapp: choices.overdue.whatsapp,
  newCasePush: choices.newCase.push,
  overduePush: choices.overdue.push,
  renewalPush: choices.payment.push,
  quietStart: choices.quietHours?.start ?? null,
  quietEnd: choices.quietHours?.end ?? null,
});
