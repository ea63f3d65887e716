import {
  alertForgottenNewCases,
  alertNewCases,
  alertOverdueCases,
  alertStrandedPeople,
  deliverCaseAlerts,
  sendPendingCaseAlertWhatsApps,
  type TAlertDeps,
} from './case-alerts.service.ts';

/**
 * Job data of the case-alert queue: a branch's new cases (queued in the review's transaction), a
 * person's follow-up batch (after their batch window or quiet hours), or the minute's tick (no kind).
 */
export type TCaseAlertJob =
  | { kind: 'new-cases'; ownerId: number }
  | { kind: 'person'; personId: number }
  | { kind?: undefined };

/**
 * Every minute: overdue cases, WhatsApp messages held back by a passing fault, new cases whose job
 * was lost, and alerts whose delivery failed.
 */
export const CASE_ALERT_TICK_CRON = '* * * * *';

export async function runCaseAlertJob(
  deps: TAlertDeps,
  data: TCaseAlertJob | null | undefined,
): Promise<unknown> {
  if (data?.kind === 'new-cases') return { claimed: await alertNewCases(deps, Number(data.ownerId)) };
  if (data?.kind === 'person') return deliverCaseAlerts(deps, Number(data.personId));
  return runCaseAlertTick(deps);
}

export async function runCaseAlertTick(
  deps: TAlertDeps,
): Promise<{ overdue: number; whatsapp: number; forgotten: number; stranded: number }> {
  const overdue = await alertOverdueCases(deps);
  const whatsapp = await sendPendingCaseAlertWhatsApps(deps);
  const forgotten = await alertForgottenNewCases(deps);
  const stranded = await alertStrandedPeople(deps);
  if (overdue) deps.log.info({ overdue }, 'overdue case alerts queued');
  return { overdue, whatsapp, forgotten, stranded };
}
