import {
  deliveredChannels,
  insertDeliveries,
  refreshCampaignStatuses,
  type TContact,
  type TDb,
  type TNewDelivery,
  type TRequestDelivery,
  type TRequestWithContact,
  type TReviewRequest,
  updateRequest,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { reachableChannels, type TChannelContext } from './channels/channel-registry.service.ts';
import { channelContact } from './contact-fields.rules.ts';
import { ownerChannels } from './request-settings.service.ts';
import { giveBackUsage } from './request-usage.service.ts';

/**
 * Handing a request to a channel: its first reachable channel (a send now, a campaign, the
 * dispatcher), the next one after a message failed for good (the send worker, a provider's
 * report), and the `request-send` job of each delivery.
 */

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

export async function queueDeliveries(deps: TDeps, trx: TDb, deliveries: TRequestDelivery[]): Promise<void> {
  await deps.jobs.sendMany(
    QUEUES.requestSend,
    deliveries.map((d) => ({ data: { deliveryId: d.id } })),
    { trx },
  );
}

/** After a message failed for good: the request's next reachable channel, or the request fails. */
export async function fallBack(deps: TDeps, request: TReviewRequest, contact: TContact): Promise<void> {
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
