import { ZWebhookAck } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../context.ts';
import { defineRestRoute } from '../../rest/define-route.ts';
import { handleWebhook, verifyRazorpayWebhook } from './payments.service.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /api/payments/webhook. Not a procedure: the signature covers the exact bytes Razorpay sent,
 * so this plugin parses every body as a raw buffer (scoped to this plugin only).
 */
export async function razorpayWebhookRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/payments/webhook',
      summary: 'Razorpay webhook (payment.captured, order.paid, payment.failed)',
      description:
        'X-Razorpay-Signature is the HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET; a bad one is a 400. ' +
        'Events are deduplicated by X-Razorpay-Event-Id.',
      tags: ['payments'],
      auth: 'webhook',
      response: ZWebhookAck,
      verify: (request) =>
        verifyRazorpayWebhook(deps, {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: header(request.headers['x-razorpay-signature']),
        }),
    },
    async (request, _reply, rawBody) => {
      await handleWebhook(deps, { rawBody, eventId: header(request.headers['x-razorpay-event-id']) });
      return { status: 'ok' as const };
    },
  );
}
