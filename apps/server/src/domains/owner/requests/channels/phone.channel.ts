import type { TMessagingChannel } from '@starloop/db';
import type { TDeps } from '../../../../context.ts';
import { loadChannelSettings } from '../../channels/channel-settings.service.ts';
import type { TChannelSettings, TRequestChannel, TRequestMessage } from './channel.types.ts';
import { callProvider } from './provider-http.client.ts';
import {
  consentRefused,
  E164,
  SEND_TEXTS,
  sendOnce,
  type TProviderOutcome,
} from './send-attempts.service.ts';

/** One message's POST to the provider (the timeout is the server's). */
export interface TProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * POSTs one message and reads the answer: a call that never left may be retried, one that got no
 * answer is in doubt, an answer is the provider's to read (`outcome`). Errors name the provider,
 * never the request's headers (tokens).
 */
export async function postToProvider(
  deps: Pick<TDeps, 'config'>,
  provider: string,
  request: TProviderRequest,
  outcome: (status: number, body: string, retryAfterSeconds?: number) => TProviderOutcome,
): Promise<TProviderOutcome> {
  const response = await callProvider(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    timeoutMs: deps.config.channels.sendTimeoutMs,
  });
  if (response.kind === 'not-sent')
    return { kind: 'refused', retry: true, error: `${provider}: ${response.error}` };
  if (response.kind === 'in-doubt') return { kind: 'in-doubt', error: `${provider}: ${response.error}` };
  return outcome(response.status, response.body, response.retryAfterSeconds);
}

/**
 * What the channels to a phone (WhatsApp, SMS) share: the owner's own provider account (every
 * setting key required), the checks before a send (set up, consent, a valid E.164 number), one
 * POST recorded once per idempotency key (send-attempts.service.ts), and what a call that got no answer
 * means. Each adapter brings its request and how its provider's answer reads.
 */
export function phoneChannel(spec: {
  name: TMessagingChannel;
  /** The provider as errors name it ("Gupshup: connection failed (ECONNREFUSED)"). */
  provider: string;
  settingKeys: readonly string[];
  notSetUp: string;
  /** The request for this message, or why it cannot go (found before anything is recorded or paid for). */
  request(
    deps: TDeps,
    settings: TChannelSettings,
    message: TRequestMessage,
    phoneE164: string,
  ): TProviderRequest | { error: string };
  /** What an answer of the provider means for the send. */
  outcome(status: number, body: string, retryAfterSeconds?: number): TProviderOutcome;
}): TRequestChannel {
  const configured = (settings: TChannelSettings | undefined): settings is TChannelSettings =>
    Boolean(settings && spec.settingKeys.every((key) => settings[key]));
  return {
    name: spec.name,
    settings: (deps, ownerId) => loadChannelSettings(deps, ownerId, spec.name),
    available(settings, contact) {
      return configured(settings) && Boolean(contact.phoneE164 && E164.test(contact.phoneE164));
    },
    async send(deps, settings, message) {
      if (!configured(settings)) return { status: 'failed', error: spec.notSetUp };
      if (consentRefused(message)) return { status: 'failed', error: SEND_TEXTS.noConsent };
      const phone = message.contact.phoneE164;
      if (!phone) return { status: 'failed', error: SEND_TEXTS.noPhone };
      if (!E164.test(phone)) return { status: 'failed', error: SEND_TEXTS.phoneInvalid };
      const request = spec.request(deps, settings, message, phone);
      if ('error' in request) return { status: 'failed', error: request.error };
      return sendOnce(deps, { channel: spec.name, message, phoneE164: phone }, () =>
        postToProvider(deps, spec.provider, request, spec.outcome),
      );
    },
  };
}
