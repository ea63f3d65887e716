import { ZWebhookAck } from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import { defineRestRoute, readRawBodies, signedBody } from '../../rest/define-route.ts';
import type { TChannelEventSink } from '../owner/requests/channels/channel-events.service.ts';
import {
  handleWhatsAppWebhook,
  verifyWhatsAppWebhook,
  whatsappHandshake,
} from '../owner/requests/channels/whatsapp.webhook.ts';

const ZHandshake = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});

/**
 * GET and POST /api/webhooks/whatsapp: the WhatsApp Cloud API webhook of StarLoop's Meta app
 * (whatsapp.webhook.ts). Not procedures: the signature covers the exact bytes Meta sent, so this
 * plugin reads every body as a raw buffer (scoped to this plugin only), and the handshake answers
 * plain text.
 */
export async function whatsappWebhookRoute(
  app: FastifyInstance,
  { deps, sink }: { deps: TDeps; sink: TChannelEventSink },
) {
  readRawBodies(app);

  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/webhooks/whatsapp',
      summary: 'WhatsApp webhook verification (Meta subscription handshake)',
      description:
        'Answers hub.challenge as plain text when hub.mode is "subscribe" and hub.verify_token equals WHATSAPP_VERIFY_TOKEN; otherwise 403.',
      tags: ['webhooks'],
      auth: 'webhook',
      webhookScheme: 'whatsappSignature',
      querystring: ZHandshake,
      produces: ['text/plain'],
      verify: (request) => {
        const challenge = whatsappHandshake(
          deps.config.channels.whatsapp.verifyToken,
          (request.query ?? {}) as Record<string, unknown>,
        );
        if (challenge === undefined) throw forbidden('Verification failed');
        return challenge;
      },
    },
    async (_request, reply, challenge) => reply.type('text/plain; charset=utf-8').send(challenge),
  );

  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/webhooks/whatsapp',
      summary: 'WhatsApp webhook (message statuses, customer replies)',
      description:
        'X-Hub-Signature-256 is "sha256=" and the HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET; a missing or wrong one is a 401. ' +
        'Statuses are handled once per message id and status, inbound messages once per id; a STOP reply opts the customer out.',
      tags: ['webhooks'],
      auth: 'webhook',
      webhookScheme: 'whatsappSignature',
      response: ZWebhookAck,
      verify: (request) => verifyWhatsAppWebhook(deps, signedBody(request, 'x-hub-signature-256')),
    },
    async (_request, _reply, rawBody) => {
      const result = await handleWhatsAppWebhook(deps, { rawBody }, sink);
      deps.log.info({ provider: 'whatsapp', ...result }, 'channel webhook handled');
      return { status: 'ok' as const };
    },
  );
}
