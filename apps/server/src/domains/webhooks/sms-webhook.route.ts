import { ZWebhookAck } from '@starloop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { defineRestRoute, readRawBodies, type TRouteDoc } from '../../rest/define-route.ts';
import type { TChannelEventSink } from '../owner/requests/channels/channel-events.service.ts';
import {
  assertSmsWebhookToken,
  handleSmsInbound,
  handleSmsReports,
  parseGupshupReportBatch,
  parseGupshupReportQuery,
  type TSmsReport,
} from '../owner/requests/channels/sms.webhook.ts';

/** Gupshup's query parameters, each an optional text: for the document; the handlers read them leniently. */
const optionalTexts = <const K extends string>(keys: readonly K[]) => {
  const shape = Object.fromEntries(keys.map((key) => [key, z.string().optional()]));
  return z.object(shape as Record<K, z.ZodOptional<z.ZodString>>);
};

const ZPath = z.object({ ownerId: z.string(), token: z.string() });
const ZReportQuery = optionalTexts(['externalId', 'deliveredTS', 'status', 'cause', 'phoneNo', 'errCode']);
const ZInboundQuery = optionalTexts(['phonecode', 'keyword', 'content', 'msisdn', 'timestamp']);

const pathOf = (request: FastifyRequest) => (request.params ?? {}) as { ownerId?: string; token?: string };
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
const AUTH_NOTE =
  'Gupshup signs nothing: the path carries the owner id and a token derived from SMS_WEBHOOK_SECRET (a wrong one is a 404). ' +
  'The owner copies these URLs from Settings into the Gupshup account.';

/**
 * Gupshup's callbacks for one owner (sms.webhook.ts): delivery reports (GET, or POST of a JSON
 * array) and keyword replies (STOP). Raw bodies, so a report batch Gupshup labels oddly is still read.
 */
export async function smsWebhookRoute(
  app: FastifyInstance,
  { deps, sink }: { deps: TDeps; sink: TChannelEventSink },
) {
  readRawBodies(app);

  /** Every Gupshup callback is a webhook proved by the owner id and token in its path: its owner. */
  const gupshupRoute = (doc: Omit<TRouteDoc, 'tags' | 'auth' | 'webhookScheme' | 'params'>) => ({
    ...doc,
    tags: ['webhooks'],
    auth: 'webhook' as const,
    webhookScheme: 'urlToken' as const,
    params: ZPath,
    verify: (request: FastifyRequest) => {
      const { ownerId, token } = pathOf(request);
      return assertSmsWebhookToken(deps, ownerId ?? '', token ?? '');
    },
  });

  /** Both forms of delivery report end alike: handled once, then logged. */
  const reportsHandled = async (ownerId: number, reports: TSmsReport[]) => {
    const result = await handleSmsReports(deps, ownerId, reports, sink);
    deps.log.info({ provider: 'sms', ownerId, ...result }, 'channel webhook handled');
  };

  defineRestRoute(
    app,
    deps,
    gupshupRoute({
      method: 'GET',
      url: '/webhooks/sms/:ownerId/:token/delivery',
      summary: 'SMS delivery report (Gupshup real-time DLR, GET form)',
      description: `${AUTH_NOTE} Each report is handled once per message id and status.`,
      querystring: ZReportQuery,
      response: ZWebhookAck,
    }),
    async (request, _reply, ownerId) => {
      const report = parseGupshupReportQuery(queryOf(request), deps.now());
      if (report) await reportsHandled(ownerId, [report]);
      return { status: 'ok' as const };
    },
  );

  defineRestRoute(
    app,
    deps,
    gupshupRoute({
      method: 'POST',
      url: '/webhooks/sms/:ownerId/:token/delivery',
      summary: 'SMS delivery reports (Gupshup real-time DLR, POST form: a JSON array of up to 20 events)',
      description: AUTH_NOTE,
      response: ZWebhookAck,
    }),
    async (request, _reply, ownerId) => {
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw badRequest('The report body is not JSON');
      }
      await reportsHandled(ownerId, parseGupshupReportBatch(body, deps.now()));
      return { status: 'ok' as const };
    },
  );

  defineRestRoute(
    app,
    deps,
    gupshupRoute({
      method: 'GET',
      url: '/webhooks/sms/:ownerId/:token/inbound',
      summary: "SMS keyword reply on the owner's long code (Gupshup keyword response URL)",
      description: `${AUTH_NOTE} STOP (or UNSUBSCRIBE) opts the sender out. Answers an empty XML response, so Gupshup sends no reply SMS.`,
      querystring: ZInboundQuery,
      produces: ['text/xml'],
    }),
    async (request, reply, ownerId) => {
      await handleSmsInbound(deps, ownerId, queryOf(request), sink);
      // Gupshup texts back the first 160 characters of any answer that is not its XML.
      return reply.type('text/xml; charset=utf-8').send('<response></response>');
    },
  );
}
