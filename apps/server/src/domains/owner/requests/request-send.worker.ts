import {
  findContact,
  findOwnerById,
  findRequest,
  leaseDelivery,
  markDeliveryFailed,
  releaseDelivery,
  updateRequest,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TRequestMessage, TSendResult } from './channels/channel.types.ts';
import { channelFor } from './channels/channel-registry.service.ts';
import { channelContact } from './contact-fields.rules.ts';
import { recordSent } from './delivery-events.service.ts';
import { fallBack } from './request-dispatch.service.ts';
import { isWithinHours, nextOpening } from './send-window.rules.ts';

/**
 * What the `request-send` job runs (requests.jobs.ts): one message on one channel. Promotional
 * messages only in the IST hours, the per-channel rate limit, retries with backoff, and the next
 * channel after a final failure.
 */

/** A send that keeps answering "not now" is given up after this many retries (about a day). */
export const REQUEST_SEND_RETRY_LIMIT = 30;
/** The first retry's wait in seconds; it doubles with each retry, up to the maximum. */
export const REQUEST_SEND_RETRY_DELAY = 30;
export const REQUEST_SEND_RETRY_DELAY_MAX = 3600;

/** The backoff before the retry after `retries` earlier ones: 30 s, doubling, at most an hour. */
export const requestRetryDelaySeconds = (retries: number) =>
  Math.min(REQUEST_SEND_RETRY_DELAY_MAX, REQUEST_SEND_RETRY_DELAY * 2 ** Math.min(retries, 20));

export class RequestRetryError extends Error {
  override name = 'RequestRetryError';
}

export type TSendOutcome =
  | 'sent'
  | 'failed'
  | 'skipped'
  | 'waiting'
  | 'throttled'
  | 'retry-later'
  | 'cancelled';

/**
 * The request-send worker: one delivery, exactly once. The delivery is leased (a second worker, or
 * a job run again after its acknowledgement was lost, finds it taken or no longer queued); the
 * channel gets the delivery's idempotency key; "not now" answers are thrown for pg-boss to retry
 * with backoff, or, when the answer says how long to wait (a provider's Retry-After, a send still
 * in doubt), queued again for then; given up (then the next channel) only after
 * REQUEST_SEND_RETRY_LIMIT retries. `job.retryCount` counts the retries of every job this delivery
 * has had (requests.jobs.ts adds the ones carried in the job's data).
 */
export async function sendDelivery(
  deps: TDeps,
  deliveryId: number,
  job: { retryCount: number },
): Promise<TSendOutcome> {
  const delivery = await leaseDelivery(deps.db, deliveryId);
  if (!delivery) return 'skipped';
  const now = deps.now();
  const request = await findRequest(deps.db, delivery.requestId);
  const owner = request ? await findOwnerById(deps.db, request.ownerId) : undefined;
  const contact =
    request?.contactId != null && owner ? await findContact(deps.db, owner.id, request.contactId) : undefined;
  const initial = delivery.purpose === 'initial';
  if (!request || !owner || owner.deletedAt || !contact) {
    await markDeliveryFailed(deps.db, delivery.id, 'The customer or the business no longer exists', now);
    if (request && initial)
      await updateRequest(deps.db, request.id, { status: 'failed', cancelReason: 'gone' });
    return 'failed';
  }
  const optedOut = async () => {
    await markDeliveryFailed(deps.db, delivery.id, 'The customer opted out', now);
    if (initial && request.status !== 'sent') {
      await updateRequest(deps.db, request.id, { status: 'cancelled', cancelReason: 'opted-out' });
    }
    return 'cancelled' as const;
  };
  if (contact.optedOutAt) return optedOut();
  const hours = deps.config.requests.promotionalHours;
  if ((request.category === 'promotional' || !initial) && !isWithinHours(now, hours)) {
    // Late (retries, a backlog) past 9 pm: it waits for the morning instead of going now.
    await releaseDelivery(deps.db, delivery.id, null);
    const wait = Math.ceil((nextOpening(now, hours).getTime() - now.getTime()) / 1000);
    await sendAgainAfter(deps, deliveryId, job.retryCount, wait);
    return 'waiting';
  }
  try {
    await deps.rateLimiter.consume('requestSendPerChannel', delivery.channel);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'TOO_MANY_REQUESTS') throw error;
    await releaseDelivery(deps.db, delivery.id, null);
    await sendAgainAfter(deps, deliveryId, job.retryCount, Number(error.details?.retryAfterSeconds ?? 1));
    return 'throttled';
  }

  const channel = channelFor(delivery.channel);
  let result: TSendResult | undefined;
  if (!channel) {
    result = { status: 'failed', error: `The ${delivery.channel} channel is not available on this server` };
  } else {
    const message: TRequestMessage = {
      deliveryId: delivery.id,
      requestId: request.id,
      idempotencyKey: delivery.idempotencyKey,
      ownerId: owner.id,
      businessName: owner.businessName,
      contact: channelContact(contact),
      link: `${deps.config.appUrl}/r/${request.token}`,
      language: owner.reviewPageLanguage ?? 'en',
      purpose: delivery.purpose,
    };
    let settings: Awaited<ReturnType<NonNullable<typeof channel.settings>>> | undefined;
    try {
      settings = await channel.settings?.(deps, owner.id);
    } catch (error) {
      settings = undefined;
      result = { status: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    // Read again right before the send: a withdrawal (a STOP, the "my data" page, another branch
    // of the account) that landed while this job waited or ran stops the message (issue 35 item 3).
    const current = await findContact(deps.db, owner.id, contact.id);
    if (!current || current.optedOutAt) return optedOut();
    try {
      result ??= await channel.send(deps, settings, message);
    } catch (error) {
      result = { status: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
  }

  if (result.status === 'sent') {
    await recordSent(deps.db, delivery, result.providerMessageId, now);
    deps.log.info(
      { ownerId: owner.id, requestId: request.id, deliveryId: delivery.id, channel: delivery.channel },
      'review request message sent',
    );
    return 'sent';
  }
  if (result.status === 'retry' && job.retryCount < REQUEST_SEND_RETRY_LIMIT) {
    await releaseDelivery(deps.db, delivery.id, result.error.slice(0, 500));
    if (result.retryAfterSeconds !== undefined) {
      // Told when to come back: not sooner (a 429 honoured, an in-doubt send given its window),
      // and never sooner than the backoff either; it counts as a retry.
      const wait = Math.max(Math.ceil(result.retryAfterSeconds), requestRetryDelaySeconds(job.retryCount));
      await sendAgainAfter(
        deps,
        deliveryId,
        job.retryCount + 1,
        Math.min(wait, REQUEST_SEND_RETRY_DELAY_MAX),
      );
      return 'retry-later';
    }
    throw new RequestRetryError(
      `delivery ${delivery.id} on ${delivery.channel} not sent yet: ${result.error}`,
    );
  }
  const reason = result.status === 'retry' ? `Not sent after every retry: ${result.error}` : result.error;
  await markDeliveryFailed(deps.db, delivery.id, reason, now);
  deps.log.warn(
    { ownerId: owner.id, requestId: request.id, deliveryId: delivery.id, channel: delivery.channel },
    'review request message failed',
  );
  if (initial) await fallBack(deps, request, contact);
  return 'failed';
}

/** A new send job for the delivery after `seconds`, carrying the retries it has had so far. */
async function sendAgainAfter(deps: TDeps, deliveryId: number, retries: number, seconds: number) {
  await deps.jobs.send(
    QUEUES.requestSend,
    { deliveryId, ...(retries > 0 ? { retries } : {}) },
    { startAfter: seconds },
  );
}
