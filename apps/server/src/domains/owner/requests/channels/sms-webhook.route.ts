import { ZWebhookAck } from '@starloop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../../../context.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { defineRestRoute } from '../../../../rest/define-route.ts';
import type { TChannelEventSink } from './channel-events.ts';
import {
  assertSmsWebhookToken,
  handleSmsInbound,
  handleSmsReports,
  parseGupshupReportBatch,
  parseGupshupReportQuery,
} from './sms-webhook.ts';

const ZPath = z.object({ ownerId: z.string(), token: z.string() });
const ZReportQuery = z.object({
  externalId: z.string().optional(),
  deliveredTS: z.string().optional(),
  status: z.string().optional(),
  cause: z.string().optional(),
  phoneNo: z.string().optional(),
  errCode: z.string().optional(),
});
const ZInboundQuery = z.object({
  phonecode: z.string().optional(),
  keyword: z.string().optional(),
  content: z.string().optional(),
  msisdn: z.string().optional(),
  timestamp: z.string().optional(),
});

const pathOf = (request: FastifyRequest) => (request.params ?? {}) as { ownerId?: string; token?: string };
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
const AUTH_NOTE =
  'Gupshup signs nothing: the path carries the owner id and a token derived from SMS_WEBHOOK_SECRET (a wrong one is a 404). ' +
  'The owner copies these URLs from Settings into the Gupshup account.';

/**
 * Gupshup's callbacks for one owner (sms-webhook.ts): delivery reports (GET, or POST of a JSON
 * array) and keyword replies (STOP). Raw bodies, so a report batch Gupshup labels oddly is still read.
 */
export async function smsWebhookRoute(
  app: FastifyInstance,
  { deps, sink }: { deps: TDeps; sink: TChannelEventSink },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const ownerOf = (request: FastifyRequest) => {
    const { ownerId, token } = pathOf(request);
    return assertSmsWebhookToken(deps, ownerId ?? '', token ?? '');
  };

  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/webhooks/sms/:ownerId/:token/delivery',
      summary: 'SMS delivery report (Gupshup real-time DLR, GET form)',
      description: `${AUTH_NOTE} Each report is handled once per message id and status.`,
      tags: ['webhooks'],
      auth: 'webhook',
      webhookScheme: 'urlToken',
      params: ZPath,
      querystring: ZReportQuery,
      response: ZWebhookAck,
    },
    async (request) => {
      const ownerId = ownerOf(request);
      const report = parseGupshupReportQuery(queryOf(request), deps.now());
      if (report) {
        const result = await handleSmsReports(deps, ownerId, [report], sink);
        deps.log.info({ provider: 'sms', ownerId, ...result }, 'channel webhook handled');
      }
      return { status: 'ok' as const };
    },
  );

  defineRestRoute(
    app,
    deps,
    {
      method: 'POST',
      url: '/webhooks/sms/:ownerId/:token/delivery',
      summary: 'SMS delivery reports (Gupshup real-time DLR, POST form: a JSON array of up to 20 events)',
      description: AUTH_NOTE,
      tags: ['webhooks'],
      auth: 'webhook',
      webhookScheme: 'urlToken',
      params: ZPath,
      response: ZWebhookAck,
    },
    async (request) => {
      const ownerId = ownerOf(request);
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw badRequest('The report body is not JSON');
      }
      const result = await handleSmsReports(deps, ownerId, parseGupshupReportBatch(body, deps.now()), sink);
      deps.log.info({ provider: 'sms', ownerId, ...result }, 'channel webhook handled');
      return { status: 'ok' as const };
    },
  );

  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/webhooks/sms/:ownerId/:token/inbound',
      summary: "SMS keyword reply on the owner's long code (Gupshup keyword response URL)",
      description: `${AUTH_NOTE} STOP (or UNSUBSCRIBE) opts the sender out. Answers an empty XML response, so Gupshup sends no reply SMS.`,
      tags: ['webhooks'],
      auth: 'webhook',
      webhookScheme: 'urlToken',
      params: ZPath,
      querystring: ZInboundQuery,
      produces: ['text/xml'],
    },
    async (request, reply) => {
      const ownerId = ownerOf(request);
      await handleSmsInbound(deps, ownerId, queryOf(request), sink);
      // Gupshup texts back the first 160 characters of any answer that is not its XML.
      return reply.type('text/xml; charset=utf-8').send('<response></response>');
    },
  );
}
