import { inQuietHours, quietHoursEnd, type TPushPayload } from '@starloop/contract';
import {
  disablePushSubscription,
  findAlertPreferences,
  hasLivePushSubscription,
  listLivePushSubscriptions,
  markPushSubscriptionSuccess,
  type TDb,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { alertChoicesOfRow } from './alert-recipients.rules.ts';
import { sendWebPush } from './web-push.client.ts';

/**
 * Pushes to a person's phones (issue 34): always through the `push-send` job, queued in the
 * transaction of what it tells (a case alert batch, a renewal reminder), so a push service that is
 * slow or down never holds up a review, an alert's email or a reminder. The job sends to each live
 * subscription on its own: 404/410 disables that subscription for good, a passing failure (429,
 * 5xx, no answer) is tried again for that subscription only, a few times, then dropped (a late
 * alert is noise). Quiet hours are the caller's: case alert batches already wait for their end,
 * and reminders are queued to start then.
 */

export type TPushDeps = Pick<TDeps, 'config' | 'db' | 'log' | 'now' | 'jobs'>;

export interface TPushJob {
  personId: number;
  payload: TPushPayload;
  /** What it is about (logs; the push's topic). */
  kind: 'case-alert' | 'renewal-reminder';
  urgency: 'normal' | 'high';
  /** A retry: only these subscriptions (the ones that failed in passing). */
  subscriptionIds?: number[];
  attempt?: number;
}

/** A push is worth little after this: the push service drops it if the phone stays offline longer. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** One push service call gets this long. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Passing failures are tried again this many times (after 30 s, 1 min, 2 min), then dropped. */
export const PUSH_RETRIES = 3;

/** Whether pushes can reach the person: the server has VAPID keys and they turned notifications on somewhere. */
export async function pushReachable(
  deps: Pick<TDeps, 'config'>,
  db: TDb,
  personId: number,
): Promise<boolean> {
  return Boolean(deps.config.webPush) && (await hasLivePushSubscription(db, personId));
}

/** Queues a push to a person, in `trx` when given (it exists only if that transaction commits). */
export async function queuePush(
  deps: Pick<TDeps, 'jobs'>,
  job: TPushJob,
  options: { trx?: TDb; startAfter?: Date } = {},
): Promise<void> {
  await deps.jobs.send(QUEUES.pushSend, job, {
    ...(options.trx ? { trx: options.trx } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
}

/**
 * Queues a renewal (payment) reminder's push to the person it is addressed to, when they want it
 * and can get it; in their quiet hours it waits for their end. Answers whether one was queued.
 */
export async function queueRenewalPush(
  deps: Pick<TDeps, 'config' | 'jobs' | 'now'>,
  trx: TDb,
  personId: number,
  payload: TPushPayload,
): Promise<boolean> {
  if (!(await pushReachable(deps, trx, personId))) return false;
  const choices = alertChoicesOfRow(await findAlertPreferences(trx, personId));
  if (!choices.payment.push) return false;
  const now = deps.now();
  const startAfter =
    choices.quietHours && inQuietHours(now, choices.quietHours)
      ? quietHoursEnd(now, choices.quietHours)
      : undefined;
  await queuePush(
    deps,
    { personId, payload, kind: 'renewal-reminder', urgency: 'normal' },
    { trx, ...(startAfter ? { startAfter } : {}) },
  );
  return true;
}

export interface TPushResult {
  sent: number;
  gone: number;
  retrying: number;
  failed: number;
}

/** The `push-send` job: the payload to each of the person's live subscriptions. */
export async function sendPushJob(deps: TPushDeps, job: TPushJob): Promise<TPushResult> {
  const result: TPushResult = { sent: 0, gone: 0, retrying: 0, failed: 0 };
  const vapid = deps.config.webPush;
  if (!vapid) return result;
  const personId = Number(job.personId);
  const wanted = job.subscriptionIds ? new Set(job.subscriptionIds.map(Number)) : undefined;
  const subscriptions = (await listLivePushSubscriptions(deps.db, personId)).filter(
    (s) => !wanted || wanted.has(Number(s.id)),
  );
  const payload = JSON.stringify(job.payload);
  const again: number[] = [];
  for (const subscription of subscriptions) {
    const id = Number(subscription.id);
    const outcome = await sendWebPush(vapid, subscription, payload, {
      ttlSeconds: PUSH_TTL_SECONDS,
      urgency: job.urgency,
      timeoutMs: PUSH_TIMEOUT_MS,
    });
    const log = { personId, subscriptionId: id, kind: job.kind };
    switch (outcome.kind) {
      case 'sent':
        await markPushSubscriptionSuccess(deps.db, id, deps.now());
        result.sent += 1;
        break;
      case 'gone':
        await disablePushSubscription(deps.db, id, outcome.status, deps.now());
        deps.log.info({ ...log, status: outcome.status }, 'push subscription gone: disabled');
        result.gone += 1;
        break;
      case 'retry':
        again.push(id);
        deps.log.warn({ ...log, error: outcome.error }, 'push not taken; tried again later');
        break;
      case 'refused':
        deps.log.warn({ ...log, error: outcome.error }, 'push refused by the push service');
        result.failed += 1;
        break;
    }
  }
  const attempt = job.attempt ?? 0;
  if (again.length > 0 && attempt < PUSH_RETRIES) {
    await queuePush(
      deps,
      { ...job, subscriptionIds: again, attempt: attempt + 1 },
      { startAfter: new Date(deps.now().getTime() + 30_000 * 2 ** attempt) },
    );
    result.retrying = again.length;
  } else result.failed += again.length;
  return result;
}
