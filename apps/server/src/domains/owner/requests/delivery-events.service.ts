import {
  applyDeliveryStatus,
  findContact,
  findDelivery,
  findDeliveryByKey,
  findDeliveryByProviderId,
  findRequest,
  findSendAttemptByProviderId,
  markDeliverySent,
  markRequestSent,
  type TDb,
  type TEmail,
  type TRequestDelivery,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import type { TDeliveryEvent } from './channels/channel.types.ts';
import { REQUEST_MAIL_CATEGORY } from './channels/email.channel.ts';
import { fallBack } from './request-dispatch.service.ts';

/**
 * What becomes of a message once a provider has it: sent (the send worker), then delivered, read or
 * failed as the WhatsApp and SMS webhooks (recordDeliveryEvent) and the mail worker
 * (onRequestMailOutcome) report it. A failure of a request's message moves it to its next channel.
 */

/** The provider took the message: the delivery is sent, and so is its request when it carried it. */
export async function recordSent(db: TDb, delivery: TRequestDelivery, providerMessageId: string, at: Date) {
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
