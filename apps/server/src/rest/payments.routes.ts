import {
  ZPaymentInitiate,
  ZPaymentOrder,
  ZPaymentVerify,
  ZPaymentVerifyResult,
  ZWebhookAck,
} from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../context.ts';
import { handleWebhook, initiateRegistration, verifyCheckout } from '../domains/payments/payments.service.ts';
import { clientOf } from './auth.ts';
import { defineRoute } from './define-route.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The webhook needs the exact bytes Razorpay signed: a raw-body parser, scoped to this plugin only. */
async function webhookRoute(app: FastifyInstance, { deps }: { deps: TDeps }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  defineRoute(
    app,
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
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await handleWebhook(deps, {
        rawBody,
        signature: header(request.headers['x-razorpay-signature']),
        eventId: header(request.headers['x-razorpay-event-id']),
      });
      return { status: 'ok' as const };
    },
  );
}

export async function paymentsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/payments/initiate',
      summary: 'Start a registration: pending owner, pending payment and a provider order',
      description:
        'amount (paise) must equal the plan table; testMode is true for the built-in test gateway.',
      tags: ['payments'],
      auth: 'public',
      body: ZPaymentInitiate,
      response: ZPaymentOrder,
    },
    async (request) =>
      initiateRegistration(deps, ZPaymentInitiate.parse(request.body ?? {}), clientOf(request)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/payments/verify',
      summary: 'Verify the checkout signature, activate the owner and sign them in',
      tags: ['payments'],
      auth: 'public',
      body: ZPaymentVerify,
      response: ZPaymentVerifyResult,
    },
    async (request) => verifyCheckout(deps, ZPaymentVerify.parse(request.body ?? {}), clientOf(request)),
  );

  await app.register(webhookRoute, { deps });
}
