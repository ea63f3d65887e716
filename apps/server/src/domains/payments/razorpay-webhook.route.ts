import { ZWebhookAck } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../context.ts';
import { defineRestRoute, readRawBodies, signedBody } from '../../rest/define-route.ts';
import { handleWebhook, verifyRazorpayWebhook } from './payments.service.ts';

/**
 * POST /api/payments/webhook. Not a procedure: the signature covers the exact bytes Razorpay sent,
 * so this plugin parses every body as a raw buffer (scoped to this plugin only).
 */
export async function razorpayWebhookRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  readRawBodies(app);

  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/payments/webhook',
      summary: 'Razorpay webhook (payment.captured, order.paid, payment.failed, refund.failed)',
      description:
        'X-Razorpay-Signature is the HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET; a bad one is a 400. ' +
        'Events are deduplicated by X-Razorpay-Event-Id.',
      tags: ['payments'],
      auth: 'webhook',
      response: ZWebhookAck,
      verify: (request) => verifyRazorpayWebhook(deps, signedBody(request, 'x-razorpay-signature')),
    },
    async (request, _reply, rawBody) => {
      const eventId = request.headers['x-razorpay-event-id'];
      await handleWebhook(deps, { rawBody, eventId: Array.isArray(eventId) ? eventId[0] : eventId });
      return { status: 'ok' as const };
    },
  );
}
