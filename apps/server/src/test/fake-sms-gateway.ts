import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, readBody, withLiveState } from './fake-http.ts';

/**
 * A fake Gupshup Enterprise SMS API on loopback for tests (`/GatewayAPI/rest`, method SendMessage,
 * GET query or POSTed form), answering as Gupshup documents: `success | <phone> | <id>` or, with
 * format=json, `{ "response": { "id", "phone", "details", "status" } }`; errors as
 * `error | <code> | <text>`. It checks the account, and scrubs like DLT: a registered template id
 * for the entity id and header, the text matching it with each {#var#} at most 30 characters.
 * Switchable to 500, throttle or hang; and it calls an owner's delivery-report and keyword URLs as
 * Gupshup does.
 */

export interface TFakeSmsRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  params: Record<string, string>;
}

export interface TFakeSms {
  id: string;
  to: string;
  text: string;
  header: string;
  principalEntityId: string;
  dltTemplateId: string;
  msgType: string;
}

export interface TFakeDltTemplate {
  text: string;
  header: string;
  principalEntityId: string;
}

/** ok: answers like Gupshup; error: HTTP 500; throttled: an error answer saying to try again; hang: never answers; accept-and-hang: takes it, never answers. */
export type TFakeSmsMode = 'ok' | 'error' | 'throttled' | 'hang' | 'accept-and-hang';

export interface TFakeSmsGateway {
  /** Pass as SMS_API_BASE. */
  url: string;
  requests: TFakeSmsRequest[];
  sent: TFakeSms[];
  mode: TFakeSmsMode;
  /** userid -> password of the accounts it knows. */
  accounts: Map<string, string>;
  /** DLT content templates by template id. */
  templates: Map<string, TFakeDltTemplate>;
  reset(): void;
  close(): Promise<void>;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The operators' scrubbing: the registered text, each {#var#} up to 30 characters of one line. */
export function dltMatches(template: string, text: string): boolean {
  const pattern = template.split('{#var#}').map(escapeRegExp).join('[^\\r\\n]{0,30}');
  return new RegExp(`^${pattern}$`, 'u').test(text);
}

export async function startFakeSmsGateway(): Promise<TFakeSmsGateway> {
  const requests: TFakeSmsRequest[] = [];
  const sent: TFakeSms[] = [];
  const accounts = new Map<string, string>();
  const templates = new Map<string, TFakeDltTemplate>();
  const state = { mode: 'ok' as TFakeSmsMode };
  const hanging = new Set<ServerResponse>();

  const server = await listenOnLoopback({ hanging }, async (req, res) => {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(
      new URLSearchParams(req.method === 'POST' ? text : url.search.slice(1)).entries(),
    );
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, params });
    const json = (params.format ?? '').toLowerCase() === 'json';
    const answer = (status: 'success' | 'error', id: string, phone: string, details: string) => {
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'text/plain' });
      res.end(
        json
          ? JSON.stringify({ response: { id, phone, details, status } })
          : status === 'success'
            ? `success | ${phone} | ${id}`
            : `error | ${id} | ${details}`,
      );
    };

    if (state.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (state.mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('Internal Server Error');
    }
    if (state.mode === 'throttled')
      return answer('error', '429', '', 'Too many requests, please try again later');
    if (url.pathname !== '/GatewayAPI/rest') {
      res.writeHead(404);
      return res.end();
    }
    if ((params.method ?? '').toLowerCase() !== 'sendmessage')
      return answer('error', '101', '', 'Invalid method');
    if (params.auth_scheme !== 'plain' || !params.userid || accounts.get(params.userid) !== params.password) {
      return answer('error', '105', '', 'Authentication failed');
    }
    const to = params.send_to ?? '';
    if (!/^91\d{10}$/.test(to)) return answer('error', '175', '', 'The phone number is not valid');
    const template = templates.get(params.dltTemplateId ?? '');
    if (
      !template ||
      template.principalEntityId !== params.principalEntityId ||
      template.header !== params.mask
    ) {
      return answer('error', '322', to, 'The DLT template is not registered for this entity and header');
    }
    if (!dltMatches(template.text, params.msg ?? '')) {
      return answer('error', '323', to, 'The message does not match the DLT template');
    }
    const id = `${randomInt(1e9, 9e9)}${randomInt(1e9, 9e9)}-${randomInt(1e9, 9e9)}${randomInt(1e8, 9e8)}`;
    sent.push({
      id,
      to,
      text: params.msg ?? '',
      header: params.mask ?? '',
      principalEntityId: params.principalEntityId ?? '',
      dltTemplateId: params.dltTemplateId ?? '',
      msgType: params.msg_type ?? '',
    });
    if (state.mode === 'accept-and-hang') {
      hanging.add(res);
      return;
    }
    return answer('success', id, to, '');
  });

  return withLiveState<TFakeSmsGateway, 'mode'>(
    {
      url: `${server.url}/GatewayAPI/rest`,
      requests,
      sent,
      accounts,
      templates,
      reset() {
        requests.length = 0;
        sent.length = 0;
        state.mode = 'ok';
        for (const res of hanging) res.destroy();
        hanging.clear();
      },
      close: server.close,
    },
    state,
    ['mode'],
  );
}

// ---------------------------------------------------------------------------- callbacks, as Gupshup makes them

/** The GET delivery report: `?externalId&deliveredTS&status&cause&phoneNo&errCode&noOfFrags&mask`. */
export function deliveryReportQuery(report: {
  externalId: string;
  status: 'SUCCESS' | 'FAILURE' | 'UNKNOWN';
  phoneNo: string;
  cause?: string;
  errCode?: string;
  at?: Date;
}): string {
  return new URLSearchParams({
    externalId: report.externalId,
    deliveredTS: String((report.at ?? new Date()).getTime()),
    status: report.status,
    cause: report.cause ?? (report.status === 'SUCCESS' ? 'SUCCESS' : 'UNKNOWN_SUBSCRIBER'),
    phoneNo: report.phoneNo,
    errCode: report.errCode ?? (report.status === 'SUCCESS' ? '000' : '003'),
    noOfFrags: '1',
  }).toString();
}

/** The POST delivery report batch: a JSON array of events. */
export function deliveryReportBatch(
  events: {
    externalId: string;
    eventType: 'DELIVERED' | 'FAILED';
    destAddr: string;
    cause?: string;
    at?: Date;
  }[],
) {
  return events.map((event) => ({
    externalId: event.externalId,
    eventType: event.eventType,
    eventTs: (event.at ?? new Date()).getTime(),
    destAddr: event.destAddr,
    srcAddr: 'STRLUP',
    cause: event.cause ?? (event.eventType === 'DELIVERED' ? 'SUCCESS' : 'UNKNOWN_SUBSCRIBER'),
    errCode: event.eventType === 'DELIVERED' ? '000' : '003',
    channel: 'SMS',
    noOfFrags: 1,
  }));
}

/** The keyword response URL's query: `?phonecode&keyword&location&carrier&content&msisdn&timestamp`. */
export function keywordQuery(reply: {
  msisdn: string;
  keyword: string;
  content?: string;
  at?: Date;
}): string {
  return new URLSearchParams({
    phonecode: '9220092200',
    keyword: reply.keyword,
    location: 'Mumbai',
    carrier: 'Vodafone',
    content: reply.content ?? reply.keyword,
    msisdn: reply.msisdn,
    timestamp: String((reply.at ?? new Date()).getTime()),
  }).toString();
}
