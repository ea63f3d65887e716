import {
  findWebhookDelivery,
  findWebhookEndpoint,
  recordWebhookAttempt,
  type TWebhookDelivery,
} from '@starloop/db';
import { unseal } from '../../../auth/sealed-secrets.ts';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { postOutbound } from './outbound-http.client.ts';
import { signStarLoopPayload } from './webhook-signature.rules.ts';

/**
 * The webhook-deliver worker: one event to one endpoint. A 2xx answer within 10 seconds is a
 * delivery; anything else is retried with backoff (30 s doubling, at most an hour apart, 8 retries:
 * about two hours in all), then the delivery stays "failed" in the owner's log with the last answer.
 * Each attempt is signed afresh (X-StarLoop-Signature, webhook-signature.rules.ts); the event id stays
 * the same, so receivers can drop the copies they already have.
 */
export const WEBHOOK_QUEUE_OPTIONS = {
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 60,
};
export const WEBHOOK_TIMEOUT_MS = 10_000;

export class WebhookRetryError extends Error {
  override name = 'WebhookRetryError';
}

export type TWebhookOutcome = 'succeeded' | 'failed' | 'retrying' | 'skipped';

export async function deliverWebhook(
  deps: Pick<TDeps, 'db' | 'config' | 'now' | 'log'>,
  deliveryId: number,
  job: { retryCount: number },
  retryLimit = WEBHOOK_QUEUE_OPTIONS.retryLimit,
): Promise<TWebhookOutcome> {
  const delivery: TWebhookDelivery | undefined = await findWebhookDelivery(deps.db, deliveryId);
  if (delivery?.status !== 'pending') return 'skipped';
  const endpoint = await findWebhookEndpoint(deps.db, delivery.endpointId);
  const now = deps.now();
  const fail = async (error: string) => {
    await recordWebhookAttempt(deps.db, delivery.id, { status: 'failed', statusCode: null, error, at: now });
    return 'failed' as const;
  };
  if (!endpoint || endpoint.deletedAt) return fail('The endpoint was removed');
  const secret = unseal(deps.config.tokenSecret, 'webhook-signing-secret', endpoint.sealedSecret);
  if (!secret)
    return fail('The signing secret cannot be read (the server key changed): add the endpoint again');

  const body = JSON.stringify(delivery.payload);
  const result = await postOutbound(
    endpoint.url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': 'StarLoop-Webhooks/1.0',
      'x-starloop-event': delivery.eventType,
      'x-starloop-event-id': delivery.eventId,
      'x-starloop-delivery': String(delivery.id),
      'x-starloop-signature': signStarLoopPayload(secret, body, Math.floor(now.getTime() / 1000)),
    },
    { allowLocal: deps.config.outboundWebhooks.allowLocal, timeoutMs: WEBHOOK_TIMEOUT_MS },
  );
  if (result.error === null) {
    await recordWebhookAttempt(deps.db, delivery.id, {
      status: 'succeeded',
      statusCode: result.status,
      error: null,
      at: now,
    });
    return 'succeeded';
  }
  const exhausted = job.retryCount >= retryLimit;
  await recordWebhookAttempt(deps.db, delivery.id, {
    status: exhausted ? 'failed' : 'pending',
    statusCode: result.status,
    error: result.error.slice(0, 500),
    at: now,
  });
  if (exhausted) return 'failed';
  throw new WebhookRetryError(`webhook delivery ${delivery.id} not accepted: ${result.error}`);
}

export function registerWebhookJobs(
  deps: TDeps,
  queueOptions: Partial<typeof WEBHOOK_QUEUE_OPTIONS> = {},
): void {
  const options = { ...WEBHOOK_QUEUE_OPTIONS, ...queueOptions };
  deps.jobs.register<{ deliveryId: number }>(
    QUEUES.webhookDeliver,
    async ({ deliveryId }, job) => ({
      outcome: await deliverWebhook(deps, deliveryId, job, options.retryLimit),
    }),
    { queue: options },
  );
}
