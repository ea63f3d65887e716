import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, readJsonBody, sendJson as send, withLiveState } from './fake-http.ts';

/**
 * A fake WhatsApp Cloud API on loopback for tests: `POST /{phone-number-id}/messages` answers as
 * Meta documents it (`{ messaging_product, contacts, messages: [{ id: 'wamid.…' }] }`, errors as
 * `{ error: { message, type, code, error_data, fbtrace_id } }`), recording every request. It can
 * refuse (an error code, once or always), answer 500 or 429, or hang; and it can call a webhook the
 * way Meta does, signed with `X-Hub-Signature-256`.
 */

export interface TFakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface TFakeWhatsAppMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  template: { name: string; language: string; parameters: string[] };
  callbackData: string | undefined;
}

/**
 * ok: answers like Meta; error: HTTP 500 (code 131000); throttled: HTTP 429 (code 130429);
 * hang: reads the request and never answers; accept-and-hang: takes the message (so its statuses
 * can be sent later) but never answers, as when the answer is lost on the way.
 */
export type TFakeWhatsAppMode = 'ok' | 'error' | 'throttled' | 'hang' | 'accept-and-hang';

export interface TFakeWhatsApp {
  /** Pass as WHATSAPP_API_BASE (the version segment is left to the real base). */
  url: string;
  requests: TFakeRequest[];
  /** Every message it took, in order. */
  messages: TFakeWhatsAppMessage[];
  mode: TFakeWhatsAppMode;
  /** Access tokens it accepts (any non-empty token when empty). */
  tokens: Set<string>;
  /** Approved template names (any name when empty). */
  templates: Set<string>;
  /** Refuses the next send with this Cloud API error code (HTTP 400, or the status given). */
  failNext(code: number, options?: { status?: number; message?: string }): void;
  reset(): void;
  close(): Promise<void>;
}

const graphError = (code: number, message: string, details = message) => ({
  error: {
    message,
    type: code === 190 ? 'OAuthException' : 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details },
    fbtrace_id: `A${randomBytes(8).toString('hex')}`,
  },
});

export const newWamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

export async function startFakeWhatsApp(): Promise<TFakeWhatsApp> {
  const requests: TFakeRequest[] = [];
  const messages: TFakeWhatsAppMessage[] = [];
  const tokens = new Set<string>();
  const templates = new Set<string>();
  const state = {
    mode: 'ok' as TFakeWhatsAppMode,
    next: undefined as { code: number; status: number; message: string } | undefined,
  };
  const hanging = new Set<ServerResponse>();

  const server = await listenOnLoopback({ hanging }, async (req, res) => {
    const body = await readJsonBody(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

    if (state.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (state.mode === 'error') return send(res, 500, graphError(131000, 'Something went wrong'));
    if (state.mode === 'throttled') return send(res, 429, graphError(130429, 'Rate limit hit'));

    const match = /^\/([^/?]+)\/messages$/.exec(path);
    if (req.method !== 'POST' || !match) return send(res, 404, graphError(100, 'Unknown path'));
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || (tokens.size > 0 && !tokens.has(bearer))) {
      return send(res, 401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    if (state.next) {
      const { code, status, message } = state.next;
      state.next = undefined;
      return send(res, status, graphError(code, message));
    }
    const message = (body ?? {}) as {
      messaging_product?: string;
      to?: string;
      type?: string;
      biz_opaque_callback_data?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
      };
    };
    if (message.messaging_product !== 'whatsapp' || message.type !== 'template' || !message.to) {
      return send(res, 400, graphError(100, 'Invalid parameter'));
    }
    const name = message.template?.name ?? '';
    if (templates.size > 0 && !templates.has(name)) {
      return send(res, 404, graphError(132001, 'Template name does not exist in the translation'));
    }
    const parameters = (message.template?.components ?? [])
      .filter((c) => c.type === 'body')
      .flatMap((c) => c.parameters ?? [])
      .map((p) => p.text ?? '');
    const taken: TFakeWhatsAppMessage = {
      id: newWamid(),
      phoneNumberId: decodeURIComponent(match[1] ?? ''),
      to: message.to,
      template: { name, language: message.template?.language?.code ?? '', parameters },
      callbackData: message.biz_opaque_callback_data,
    };
    messages.push(taken);
    if (state.mode === 'accept-and-hang') {
      hanging.add(res);
      return;
    }
    return send(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: message.to, wa_id: message.to }],
      messages: [{ id: taken.id, message_status: 'accepted' }],
    });
  });

  return withLiveState<TFakeWhatsApp, 'mode'>(
    {
      url: server.url,
      requests,
      messages,
      tokens,
      templates,
      failNext(code, options = {}) {
        state.next = { code, status: options.status ?? 400, message: options.message ?? `Error ${code}` };
      },
      reset() {
        requests.length = 0;
        messages.length = 0;
        state.mode = 'ok';
        state.next = undefined;
        for (const res of hanging) res.destroy();
        hanging.clear();
      },
      close: server.close,
    },
    state,
    ['mode'],
  );
}

// ---------------------------------------------------------------------------- webhooks, as Meta sends them

export function whatsappWebhookBody(
  phoneNumberId: string,
  value: { statuses?: unknown[]; messages?: unknown[]; contacts?: unknown[] },
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export function statusWebhook(
  phoneNumberId: string,
  status: {
    id: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    recipient: string;
    callbackData?: string;
    at?: Date;
    error?: { code: number; title: string; details?: string };
  },
) {
  return whatsappWebhookBody(phoneNumberId, {
    statuses: [
      {
        id: status.id,
        status: status.status,
        timestamp: String(Math.floor((status.at ?? new Date()).getTime() / 1000)),
        recipient_id: status.recipient,
        ...(status.callbackData ? { biz_opaque_callback_data: status.callbackData } : {}),
        ...(status.error
          ? {
              errors: [
                {
                  code: status.error.code,
                  title: status.error.title,
                  message: status.error.title,
                  error_data: { details: status.error.details ?? status.error.title },
                },
              ],
            }
          : {}),
      },
    ],
  });
}

export function inboundTextWebhook(phoneNumberId: string, from: string, text: string, id = newWamid()) {
  return whatsappWebhookBody(phoneNumberId, {
    contacts: [{ profile: { name: 'Customer' }, wa_id: from }],
    messages: [
      { from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } },
    ],
  });
}

/** The header Meta signs every webhook with: sha256= and the HMAC of the raw body with the app secret. */
export const metaSignature = (appSecret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** POSTs a webhook to `url` the way Meta does (for tests against a listening server). */
export async function postMetaWebhook(
  url: string,
  appSecret: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const raw = JSON.stringify(body);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(appSecret, raw) },
    body: raw,
  });
  return { status: response.status, text: await response.text() };
}
