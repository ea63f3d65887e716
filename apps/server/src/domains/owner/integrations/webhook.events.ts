import { randomUUID } from 'node:crypto';
import { integrationsAllowed, type TOutboundEventType } from '@starloop/contract';
import { findOwnerById, insertWebhookDeliveries, listWebhookEndpoints, type TDb } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';

/**
 * Outbound webhooks: something happened for an owner (`review.created`: a review stored through a
 * request's link; `request.clicked`: a request's short link opened; `case.created` and
 * `case.resolved`: domains/cases/case-webhook.events.ts). Every live endpoint of the
 * owner subscribed to the type gets one delivery row (the owner's delivery log) and one
 * `webhook-deliver` job, which signs and POSTs it with retries (webhook-delivery.worker.ts).
 *
 * Pass `trx` to emit inside the change's own transaction: the event then exists if and only if
 * the change commits. Without one, emitting is best effort: a failure is logged, never thrown,
 * so no caller's work fails because of a webhook. Owners not on Professional emit nothing.
 */
export interface TOwnerEvent {
  id: string;
  type: TOutboundEventType;
  createdAt: string;
  data: Record<string, unknown>;
}

export async function emitOwnerEvent(
  deps: Pick<TDeps, 'db' | 'jobs' | 'log' | 'now'>,
  ownerId: number,
  type: TOutboundEventType,
  payload: Record<string, unknown>,
  options: { trx?: TDb } = {},
): Promise<TOwnerEvent | undefined> {
  const run = async (db: TDb): Promise<TOwnerEvent | undefined> => {
    // The cheap test first: most owners have no endpoint at all.
    const endpoints = (await listWebhookEndpoints(db, ownerId)).filter(
      (endpoint) => Array.isArray(endpoint.events) && endpoint.events.includes(type),
    );
    if (endpoints.length === 0) return undefined;
    const owner = await findOwnerById(db, ownerId);
    if (!owner || owner.deletedAt || !integrationsAllowed(owner.plan)) return undefined;
    const event: TOwnerEvent = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      type,
      createdAt: deps.now().toISOString(),
      data: payload,
    };
    const deliveries = await insertWebhookDeliveries(
      db,
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        ownerId,
        eventId: event.id,
        eventType: type,
        payload: event,
      })),
    );
    await deps.jobs.sendMany(
      QUEUES.webhookDeliver,
      deliveries.map((delivery) => ({ data: { deliveryId: delivery.id } })),
      options.trx ? { trx: options.trx } : {},
    );
    return event;
  };
  if (options.trx) return run(options.trx);
  try {
    return await run(deps.db);
  } catch (error) {
    deps.log.error({ err: error, ownerId, type }, 'outbound webhook event not recorded');
    return undefined;
  }
}
