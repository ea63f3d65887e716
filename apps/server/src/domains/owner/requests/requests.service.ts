import { randomInt } from 'node:crypto';
import {
  istMonth,
  REQUEST_CHANNELS,
  REQUEST_LIMITS,
  REQUEST_TEXTS,
  REQUEST_TOKEN_LENGTH,
  resolveRegistrationPlan,
  type TMessageResult,
  type TOptOutSource,
  type TRequestCategory,
  type TRequestSent,
  type TRequestSettings,
  type TRequestSettingsUpdate,
  type TRequestSummary,
  type TRequestUsage,
  type TSendRequest,
} from '@starloop/contract';
import {
  addRequestUsage,
  applyDeliveryStatus,
  cancelPendingRequestsOf,
  claimDueReminders,
  claimDueRequests,
  deliveredChannels,
  dueOwnerIds,
  ensureRequestsPlacement,
  findContact,
  findDelivery,
  findDeliveryByKey,
  findDeliveryByProviderId,
  findOwnerById,
  findRequest,
  findSendAttemptByProviderId,
  getOwnerReviewStats,
  getRequestUsage,
  getRequestSettings as getSettingsRow,
  insertDeliveries,
  insertReviewRequests,
  leaseDelivery,
  lockOwnerForRequests,
  markContactsOptedOut,
  markDeliveryFailed,
  markDeliverySent,
  markLatestRequestsOptedOut,
  markRequestSent,
  markRequestsSending,
  ownerRequestTotals,
  postponeReminders,
  refreshCampaignStatuses,
  releaseDelivery,
  rescheduleRequests,
  saveRequestSettings,
  setContactsLastRequested,
  type TContact,
  type TDb,
  type TEmail,
  type TNewDelivery,
  type TOwnerPublic,
  type TRequestDelivery,
  type TRequestWithContact,
  type TReviewRequest,
  updateRequest,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { AppError, foundOr404, notFound } from '../../../lib/errors.ts';
import { newPlacementKey } from '../placements/placements.service.ts';
import type { TChannelName, TDeliveryEvent, TRequestMessage, TSendResult } from './channels/channel.ts';
import { REQUEST_MAIL_CATEGORY } from './channels/email.ts';
import { channelContext, channelFor, reachableChannels, type TChannelContext } from './channels/index.ts';
import { channelContact, normalizeEmail, normalizePhone } from './contact-fields.ts';
import { saveContact } from './contacts.service.ts';
import { isWithinHours, nextOpening, sendTimeFor } from './send-window.ts';

/**
 * Review requests: one request now, the dispatcher that hands due requests and reminders to the
 * channels, the send worker, and what provider webhooks call (recordDeliveryEvent,
 * optOutContact). Rules (docs/decisions.md, "Review requests"): consent first; an opt-out is final for that
 * business; one ask per customer per interval (90 days by default, at least 30); promotional
 * messages only in the IST hours; the plan's monthly quota; each request its own short link.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Requests handed to the channels per transaction by the dispatcher. */
const DISPATCH_BATCH = 500;
/** A send that keeps answering "not now" is given up after this many retries (about a day). */
export const REQUEST_SEND_RETRY_LIMIT = 30;
/** The first retry's wait in seconds; it doubles with each retry, up to the maximum. */
export const REQUEST_SEND_RETRY_DELAY = 30;
export const REQUEST_SEND_RETRY_DELAY_MAX = 3600;

/** The backoff before the retry after `retries` earlier ones: 30 s, doubling, at most an hour. */
export const requestRetryDelaySeconds = (retries: number) =>
  Math.min(REQUEST_SEND_RETRY_DELAY_MAX, REQUEST_SEND_RETRY_DELAY * 2 ** Math.min(retries, 20));

/** 10 base62 characters from crypto's uniform randomInt (~59 bits): a link nobody can guess. */
export function newRequestToken(): string {
  let token = '';
  for (let i = 0; i < REQUEST_TOKEN_LENGTH; i += 1) token += BASE62[randomInt(BASE62.length)];
  return token;
}

/** The IST month ('YYYY-MM') an instant falls in: the quota's month. */
export { istMonth };

export const requestLimit = (owner: Pick<TOwnerPublic, 'plan'>) =>
  REQUEST_LIMITS[owner.plan] ?? REQUEST_LIMITS.essential;

export class RequestRetryError extends Error {
  override name = 'RequestRetryError';
}

/** The owner's settings and channels (read outside any transaction). */
export async function ownerChannels(deps: TDeps, ownerId: number) {
  const settings = await getSettingsRow(deps.db, ownerId);
  return { settings, context: await channelContext(deps, ownerId, settings.channelOrder) };
}

export type TSkipReason = 'optedOut' | 'noConsent' | 'tooSoon' | 'noChannel';

/** Why a contact cannot be asked now (undefined: it can). */
export function skipReasonOf(
  contact: TContact,
  context: TChannelContext,
  intervalDays: number,
  now: Date,
): TSkipReason | undefined {
  if (contact.optedOutAt) return 'optedOut';
  if (!contact.consent) return 'noConsent';
  if (contact.lastRequestedAt && now.getTime() - contact.lastRequestedAt.getTime() < intervalDays * DAY_MS) {
    return 'tooSoon';
  }
  if (reachableChannels(context, channelContact(contact)).length === 0) return 'noChannel';
  return undefined;
}

export function skipMessage(reason: TSkipReason, intervalDays: number): string {
  switch (reason) {
    case 'optedOut':
      return REQUEST_TEXTS.optedOut;
    case 'noConsent':
      return REQUEST_TEXTS.noConsent;
    case 'tooSoon':
      return REQUEST_TEXTS.tooSoon(intervalDays);
    case 'noChannel':
      return REQUEST_TEXTS.noChannel;
  }
}

/** Refuses what the plan's month cannot take (inside the transaction holding the owner's lock). */
export async function assertQuota(
  trx: TDb,
  owner: TOwnerPublic,
  month: string,
  needed: number,
): Promise<void> {
  const limit = requestLimit(owner);
  const used = await getRequestUsage(trx, owner.id, month);
  if (used + needed <= limit) return;
  const plan = resolveRegistrationPlan(owner.plan).name;
  const message =
    used >= limit
      ? REQUEST_TEXTS.quotaReached(limit, plan)
      : REQUEST_TEXTS.quotaTooSmall(needed, limit - used);
  throw new AppError('FORBIDDEN', message);
}

/**
 * Records requests for contacts already found eligible (inside the owner's locked transaction):
 * their tokens, the usage of the month they go in, the contacts' last-asked time, and the owner's
 * "Requests" placement on first use.
 */
export async function createRequests(
  trx: TDb,
  owner: TOwnerPublic,
  contacts: TContact[],
  options: { campaignId: number | null; category: TRequestCategory; sendAt: Date; now: Date },
): Promise<TReviewRequest[]> {
  await ensureRequestsPlacement(trx, owner.id, newPlacementKey());
  const requests = await insertReviewRequests(
    trx,
    contacts.map((contact) => ({
      ownerId: owner.id,
      contactId: contact.id,
      campaignId: options.campaignId,
      token: newRequestToken(),
      category: options.category,
      sendAt: options.sendAt,
      createdAt: options.now,
    })),
  );
  await setContactsLastRequested(
    trx,
    contacts.map((c) => c.id),
    options.now,
  );
  await addRequestUsage(trx, owner.id, istMonth(options.sendAt), requests.length);
  return requests;
}

/** Gives back the month's usage of requests that will never go. */
export async function giveBackUsage(trx: TDb, cancelled: { ownerId: number; sendAt: Date }[]): Promise<void> {
  const counts = new Map<string, { ownerId: number; month: string; n: number }>();
  for (const r of cancelled) {
    const key = `${r.ownerId}|${istMonth(r.sendAt)}`;
    const entry = counts.get(key) ?? { ownerId: r.ownerId, month: istMonth(r.sendAt), n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  }
  for (const { ownerId, month, n } of counts.values()) await addRequestUsage(trx, ownerId, month, -n);
}

/**
 * Hands claimed requests to their first reachable channel: one delivery row each (unique key) and
 * one send job each, in the caller's transaction. Opted-out contacts are cancelled; contacts no
 * channel reaches fail.
 */
export async function dispatchRequests(
  deps: TDeps,
  trx: TDb,
  requests: TRequestWithContact[],
  contexts: Map<number, TChannelContext>,
  now: Date,
): Promise<number> {
  const deliveries: TNewDelivery[] = [];
  // Requests that will never go give their month's usage back.
  const dropped: TRequestWithContact[] = [];
  for (const request of requests) {
    const contact = request.contact;
    if (!contact || contact.optedOutAt) {
      await updateRequest(trx, request.id, { status: 'cancelled', cancelReason: 'opted-out' });
      dropped.push(request);
      continue;
    }
    const context = contexts.get(request.ownerId);
    const first = context ? reachableChannels(context, channelContact(contact))[0] : undefined;
    if (!first) {
      await updateRequest(trx, request.id, { status: 'failed', cancelReason: 'no-channel' });
      dropped.push(request);
      continue;
    }
    deliveries.push({ requestId: request.id, channel: first.channel.name, purpose: 'initial' });
  }
  await giveBackUsage(trx, dropped);
  const inserted = await insertDeliveries(trx, deliveries);
  await queueDeliveries(deps, trx, inserted);
  const campaigns = [...new Set(requests.flatMap((r) => (r.campaignId === null ? [] : [r.campaignId])))];
  await refreshCampaignStatuses(trx, campaigns, now);
  return inserted.length;
}

async function queueDeliveries(deps: TDeps, trx: TDb, deliveries: TRequestDelivery[]): Promise<void> {
  await deps.jobs.sendMany(
    QUEUES.requestSend,
    deliveries.map((d) => ({ data: { deliveryId: d.id } })),
    { trx },
  );
}

/**
 * owner.requests.send: one request now, typically from the counter after a bill. The customer is
 * one of the owner's contacts or is typed in (added, or merged with the one they already are).
 * A service message: it goes at once, whatever the hour.
 */
export async function sendRequest(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TSendRequest,
): Promise<TRequestSent> {
  const now = deps.now();
  const { settings, context } = await ownerChannels(deps, owner.id);
  const { request, contactId } = await deps.db.transaction().execute(async (trx) => {
    await lockOwnerForRequests(trx, owner.id);
    let contact: TContact | undefined;
    if (input.contactId !== undefined) {
      contact = foundOr404(await findContact(trx, owner.id, input.contactId), REQUEST_TEXTS.contactNotFound);
    } else if (input.contact) {
      contact = (await saveContact(trx, owner, input.contact, now)).contact;
    }
    if (!contact) throw notFound(REQUEST_TEXTS.contactNotFound);
    const reason = skipReasonOf(contact, context, settings.intervalDays, now);
    if (reason) throw new AppError('FORBIDDEN', skipMessage(reason, settings.intervalDays), 'contactId');
    await assertQuota(trx, owner, istMonth(now), 1);
    const [created] = await createRequests(trx, owner, [contact], {
      campaignId: null,
      category: 'service',
      sendAt: sendTimeFor('service', now, deps.config.requests.promotionalHours),
      now,
    });
    const claimed = await markRequestsSending(trx, [created!.id]);
    await dispatchRequests(deps, trx, claimed, new Map([[owner.id, context]]), now);
    return { request: created!, contactId: contact.id };
  });
  deps.log.info({ ownerId: owner.id, requestId: request.id }, 'review request created');
  return {
    success: true,
    message: REQUEST_TEXTS.requestQueued,
    requestId: request.id,
    contactId,
    status: 'sending',
    sendAt: request.sendAt.toISOString(),
  };
}

/**
 * The dispatcher (every minute, and callable at once): requests whose time came go to their
 * channels, reminders whose time came too. Promotional ones found outside the IST hours wait for
 * the next opening. Each claim is a transaction that skips rows another instance holds.
 */
export async function dispatchDueRequests(deps: TDeps): Promise<{ requests: number; reminders: number }> {
  const now = deps.now();
  const hours = deps.config.requests.promotionalHours;
  const open = isWithinHours(now, hours);
  let requests = 0;
  let reminders = 0;
  for (let round = 0; round < 20; round += 1) {
    const owners = await dueOwnerIds(deps.db, now, 50);
    if (owners.length === 0) break;
    const contexts = new Map<number, TChannelContext>();
    for (const ownerId of owners) contexts.set(ownerId, (await ownerChannels(deps, ownerId)).context);
    const handled = await deps.db.transaction().execute(async (trx) => {
      const due = await claimDueRequests(trx, now, DISPATCH_BATCH, owners);
      const waiting = open ? [] : due.filter((r) => r.category === 'promotional');
      await rescheduleRequests(
        trx,
        waiting.map((r) => r.id),
        nextOpening(now, hours),
      );
      const going = due.filter((r) => !waiting.includes(r));
      const sent = await dispatchRequests(deps, trx, going, contexts, now);
      const reminded = await dispatchReminders(deps, trx, now, owners, contexts, open, hours);
      return { claimed: due.length + reminded.claimed, sent, reminded: reminded.sent };
    });
    requests += handled.sent;
    reminders += handled.reminded;
    if (handled.claimed === 0) break;
  }
  if (requests + reminders > 0) deps.log.info({ requests, reminders }, 'review requests dispatched');
  return { requests, reminders };
}

async function dispatchReminders(
  deps: TDeps,
  trx: TDb,
  now: Date,
  owners: number[],
  contexts: Map<number, TChannelContext>,
  open: boolean,
  hours: { from: number; to: number },
): Promise<{ claimed: number; sent: number }> {
  const due = await claimDueReminders(trx, now, DISPATCH_BATCH, owners);
  if (!open) {
    // Reminders are promotional: they wait for the morning.
    await postponeReminders(
      trx,
      due.map((r) => r.id),
      nextOpening(now, hours),
    );
    return { claimed: 0, sent: 0 };
  }
  const deliveries: TNewDelivery[] = [];
  for (const request of due) {
    const contact = request.contact;
    if (!contact || contact.optedOutAt) continue;
    const context = contexts.get(request.ownerId);
    const reachable = context ? reachableChannels(context, channelContact(contact)) : [];
    // The reminder follows the request's own channel when it still can.
    const channel =
      reachable.find((r) => r.channel.name === request.channel)?.channel.name ?? reachable[0]?.channel.name;
    if (channel) deliveries.push({ requestId: request.id, channel, purpose: 'reminder' });
  }
  const inserted = await insertDeliveries(trx, deliveries);
  await queueDeliveries(deps, trx, inserted);
  return { claimed: due.length, sent: inserted.length };
}

/** After a message failed for good: the request's next reachable channel, or the request fails. */
async function fallBack(deps: TDeps, request: TReviewRequest, contact: TContact): Promise<void> {
  const tried = await deliveredChannels(deps.db, request.id, 'initial');
  const { context } = await ownerChannels(deps, request.ownerId);
  const next = reachableChannels(context, channelContact(contact), tried)[0];
  if (!next) {
    await updateRequest(deps.db, request.id, {
      status: 'failed',
      cancelReason: 'not-delivered',
      channel: tried.at(-1) ?? null,
    });
    return;
  }
  await deps.db.transaction().execute(async (trx) => {
    if (request.status === 'sent') await updateRequest(trx, request.id, { status: 'sending' });
    const inserted = await insertDeliveries(trx, [
      { requestId: request.id, channel: next.channel.name, purpose: 'initial' },
    ]);
    await queueDeliveries(deps, trx, inserted);
  });
  deps.log.info(
    { requestId: request.id, channel: next.channel.name },
    'review request falls back to another channel',
  );
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
  if (contact.optedOutAt) {
    await markDeliveryFailed(deps.db, delivery.id, 'The customer opted out', now);
    if (initial && request.status !== 'sent') {
      await updateRequest(deps.db, request.id, { status: 'cancelled', cancelReason: 'opted-out' });
    }
    return 'cancelled';
  }
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
  let result: TSendResult;
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
    try {
      const settings = await channel.settings?.(deps, owner.id);
      result = await channel.send(deps, settings, message);
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

/** The provider took the message: the delivery is sent, and so is its request when it carried it. */
async function recordSent(db: TDb, delivery: TRequestDelivery, providerMessageId: string, at: Date) {
  await markDeliverySent(db, delivery.id, providerMessageId, at);
  if (delivery.purpose === 'initial') await markRequestSent(db, delivery.requestId, delivery.channel, at);
}

/**
 * The delivery a provider's report is about. A fast provider can report before the worker has
 * written the message id on the delivery (or a send whose answer was lost was matched to the
 * report): the send attempt holds the id first, so the delivery is recorded as sent from it, once,
 * and the report is not lost.
 */
async function deliveryOfReport(deps: TDeps, event: TDeliveryEvent): Promise<TRequestDelivery | undefined> {
  const delivery = await findDeliveryByProviderId(deps.db, event.channel, event.providerMessageId);
  if (delivery || event.channel === 'email') return delivery;
  const attempt = await findSendAttemptByProviderId(deps.db, event.channel, event.providerMessageId);
  if (attempt?.state !== 'accepted') return undefined;
  const attempted = await findDelivery(deps.db, attempt.deliveryId);
  if (!attempted || attempted.channel !== event.channel) return undefined;
  await recordSent(deps.db, attempted, event.providerMessageId, event.at);
  return attempted;
}

/** A status applied to a delivery; a failure of a request's message moves it to the next channel. */
async function applyEvent(
  deps: TDeps,
  delivery: TRequestDelivery,
  status: TDeliveryEvent['status'],
  at: Date,
  error: string | null,
): Promise<void> {
  const { failedNow } = await applyDeliveryStatus(deps.db, delivery.id, status, at, error);
  if (!failedNow || delivery.purpose !== 'initial') return;
  const request = await findRequest(deps.db, delivery.requestId);
  const contact =
    request?.contactId != null ? await findContact(deps.db, request.ownerId, request.contactId) : undefined;
  if (request && contact && !contact.optedOutAt) await fallBack(deps, request, contact);
}

/**
 * A provider reported a status for a message it accepted (called by the WhatsApp and SMS webhooks,
 * and for email by the mail worker's outcome). Idempotent: statuses only move forward and each
 * time is the first reported; a message no delivery knows is logged and ignored. Campaign figures
 * are read from the deliveries, so they move with it.
 */
export async function recordDeliveryEvent(deps: TDeps, event: TDeliveryEvent): Promise<void> {
  const delivery = await deliveryOfReport(deps, event);
  if (!delivery) {
    deps.log.info({ channel: event.channel, status: event.status }, 'delivery event for an unknown message');
    return;
  }
  await applyEvent(deps, delivery, event.status, event.at, event.error ?? null);
}

/**
 * The mail worker's outcome of a review request mail: SMTP accepted it (delivered, the most email
 * can tell) or refused it for good (failed). The outbox row carries the delivery's key, so a
 * mail that went out before its send was recorded still finds its delivery.
 */
export async function onRequestMailOutcome(
  deps: TDeps,
  mail: TEmail,
  outcome: 'sent' | 'failed',
  error?: string,
): Promise<void> {
  if (mail.category !== REQUEST_MAIL_CATEGORY || !mail.idempotencyKey) return;
  const delivery = await findDeliveryByKey(deps.db, mail.idempotencyKey);
  if (!delivery) return;
  await applyEvent(deps, delivery, outcome === 'sent' ? 'delivered' : 'failed', deps.now(), error ?? null);
}

/** Marks contacts opted out and cancels what was still to go to them (one transaction). */
async function optOut(
  deps: TDeps,
  who: { ids?: number[]; ownerId?: number; phoneE164?: string; email?: string },
  how: { source: TOptOutSource; channel: TChannelName | null },
): Promise<number> {
  const now = deps.now();
  const marked = await deps.db.transaction().execute(async (trx) => {
    const rows = await markContactsOptedOut(trx, who, { ...how, at: now });
    const ids = rows.map((r) => r.id);
    const cancelled = await cancelPendingRequestsOf(trx, { contactIds: ids }, 'opted-out');
    await giveBackUsage(trx, cancelled);
    await markLatestRequestsOptedOut(trx, ids, now);
    return rows;
  });
  // Counts only: who opted out stays out of the log.
  if (marked.length > 0) deps.log.info({ contacts: marked.length, ...how }, 'contacts opted out');
  return marked.length;
}

/**
 * A customer asked for no more requests: a STOP reply (WhatsApp, SMS), the unsubscribe link, or
 * the owner marking it. Marks every matching contact of that owner, or of every owner when
 * `ownerId` is absent (a STOP to a sender number several businesses share cannot be told apart,
 * so it counts for all of them; an owner's own number passes its ownerId). Answers how many
 * contacts were newly marked; idempotent.
 */
export async function optOutContact(
  deps: TDeps,
  who: {
    channel: TChannelName;
    phoneE164?: string;
    email?: string;
    ownerId?: number;
    source: 'stop-reply' | 'unsubscribe' | 'owner';
  },
): Promise<number> {
  const phoneE164 = who.phoneE164 ? normalizePhone(who.phoneE164) : undefined;
  const email = who.email ? normalizeEmail(who.email) : undefined;
  if (!phoneE164 && !email) return 0;
  return optOut(
    deps,
    {
      ...(who.ownerId === undefined ? {} : { ownerId: who.ownerId }),
      ...(phoneE164 ? { phoneE164 } : {}),
      ...(email ? { email } : {}),
    },
    { source: who.source, channel: who.channel },
  );
}

/** owner.requests.optOutContact: the owner marks one of its customers (by id). */
export async function optOutContactByOwner(
  deps: TDeps,
  owner: TOwnerPublic,
  id: number,
): Promise<TMessageResult> {
  const contact = foundOr404(await findContact(deps.db, owner.id, id), REQUEST_TEXTS.contactNotFound);
  if (contact.optedOutAt) return { success: true, message: REQUEST_TEXTS.optedOutAlready };
  await optOut(deps, { ids: [id], ownerId: owner.id }, { source: 'owner', channel: null });
  return { success: true, message: REQUEST_TEXTS.optedOut };
}

/** The unsubscribe link of a request email: the business's name and whether it is done already. */
export async function requestUnsubscribeState(
  deps: TDeps,
  requestId: number,
): Promise<{ business: string; unsubscribed: boolean; contact: TContact } | undefined> {
  const request = await findRequest(deps.db, requestId);
  const owner = request ? await findOwnerById(deps.db, request.ownerId) : undefined;
  const contact =
    request?.contactId != null && owner ? await findContact(deps.db, owner.id, request.contactId) : undefined;
  if (!owner || !contact) return undefined;
  return { business: owner.businessName, unsubscribed: contact.optedOutAt !== null, contact };
}

export async function unsubscribeFromRequests(deps: TDeps, contact: TContact): Promise<void> {
  await optOut(
    deps,
    { ids: [contact.id], ownerId: contact.ownerId },
    { source: 'unsubscribe', channel: 'email' },
  );
}

// ------------------------------------------------------------------------- settings and figures

/** Channels this server sends through for this owner now (configured ones). */
async function availableChannels(deps: TDeps, ownerId: number): Promise<TChannelName[]> {
  const everyChannel = await channelContext(deps, ownerId, REQUEST_CHANNELS);
  const probe = { name: null, phoneE164: '+919876543210', email: 'customer@example.com' };
  return everyChannel.order
    .filter(({ channel, settings }) => channel.available(settings, probe))
    .map((c) => c.channel.name);
}

export async function getRequestSettings(deps: TDeps, owner: TOwnerPublic): Promise<TRequestSettings> {
  const settings = await getSettingsRow(deps.db, owner.id);
  return { ...settings, availableChannels: await availableChannels(deps, owner.id) };
}

export async function updateRequestSettings(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TRequestSettingsUpdate,
): Promise<TRequestSettings> {
  const current = await getSettingsRow(deps.db, owner.id);
  await saveRequestSettings(deps.db, owner.id, {
    intervalDays: input.intervalDays ?? current.intervalDays,
    channelOrder: input.channelOrder ?? current.channelOrder,
  });
  return getRequestSettings(deps, owner);
}

export async function requestUsageOf(
  deps: Pick<TDeps, 'db' | 'now'>,
  owner: TOwnerPublic,
): Promise<TRequestUsage> {
  const month = istMonth(deps.now());
  return { month, used: await getRequestUsage(deps.db, owner.id, month), limit: requestLimit(owner) };
}

/** The dashboard's "Reviews from requests" beside the QR reviews. */
export async function getRequestSummary(deps: TDeps, owner: TOwnerPublic): Promise<TRequestSummary> {
  const [totals, stats, usage] = await Promise.all([
    ownerRequestTotals(deps.db, owner.id),
    getOwnerReviewStats(deps.db, owner.id),
    requestUsageOf(deps, owner),
  ]);
  return {
    reviewsFromRequests: totals.reviewed,
    averageFromRequests: totals.reviewed === 0 ? null : totals.ratingSum / totals.reviewed,
    qrReviews: Math.max(0, stats.reviewCount - totals.reviewed),
    requestsSent: totals.sent,
    usage,
  };
}
