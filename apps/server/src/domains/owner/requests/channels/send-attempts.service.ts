import { createHash } from 'node:crypto';
import {
  claimSendAttempt,
  findSendAttempt,
  settleSendAttempt,
  type TChannelSendAttempt,
  type TMessagingChannel,
} from '@starloop/db';
import type { TDeps } from '../../../../context.ts';
import type { TRequestMessage, TSendResult } from './channel.types.ts';

/**
 * At most one message per delivery and channel, whatever retries, timeouts and crashes happen.
 * Neither the WhatsApp Cloud API nor Gupshup takes an idempotency key, so the attempt is written
 * before the provider is called and settled from its answer:
 * - accepted: the provider's message id is kept; every later call answers it without sending.
 * - refused (an error answer, 429, 5xx, or a connection that never opened): nothing was sent, so
 *   the next retry may send.
 * - in doubt (a timeout or a connection cut after the request left): the provider may have it.
 *   It is not sent again; the provider's own report settles it (WhatsApp echoes our key in
 *   `biz_opaque_callback_data`; an SMS delivery report is matched by owner and number). If no
 *   report comes within the window, the delivery fails as "not confirmed" rather than risk a
 *   second message to the customer (and the core may try the next channel).
 */
export const IN_DOUBT_WINDOW_SECONDS = 10 * 60;

export const SEND_TEXTS = {
  notConfirmed:
    'The provider did not answer and reported nothing for this message; it was not sent again so the customer never gets it twice',
  sendRunning: 'Another send of this message is running',
  noConsent: 'The customer has not consented to messages',
  noPhone: 'The customer has no phone number',
  phoneInvalid: 'The customer phone number is not a valid E.164 number',
} as const;

export type TProviderOutcome =
  | { kind: 'accepted'; providerMessageId: string }
  | { kind: 'refused'; retry: boolean; error: string; retryAfterSeconds?: number | undefined }
  | { kind: 'in-doubt'; error: string };

/** sha256 of an E.164 number: enough to match a delivery report, without keeping the number twice. */
export const recipientHash = (phoneE164: string): string =>
  createHash('sha256').update(`starloop-recipient:${phoneE164}`).digest('hex');

export const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The core checks consent before it queues a message; a contact that arrives here marked without
 * consent (read again when the message is sent) is refused all the same.
 */
export function consentRefused(message: TRequestMessage): boolean {
  return message.contact.consent === false;
}

const secondsSince = (from: Date, now: Date) => (now.getTime() - from.getTime()) / 1000;

/** The answer an existing attempt gives, or undefined when the provider may be called. */
async function answerFromAttempt(
  deps: Pick<TDeps, 'db' | 'now' | 'config'>,
  attempt: TChannelSendAttempt,
): Promise<TSendResult | undefined> {
  const now = deps.now();
  switch (attempt.state) {
    case 'accepted':
      return { status: 'sent', providerMessageId: attempt.providerMessageId ?? '' };
    case 'failed':
      return { status: 'failed', error: attempt.error ?? 'Refused by the provider' };
    case 'abandoned':
      return { status: 'failed', error: SEND_TEXTS.notConfirmed };
    case 'not_sent':
      return undefined;
    case 'sending': {
      // A send still running elsewhere (a second job of the same delivery): wait for its answer.
      const runningFor = secondsSince(attempt.startedAt, now);
      const limit = (deps.config.channels.sendTimeoutMs * 2) / 1000 + 5;
      if (runningFor < limit)
        return {
          status: 'retry',
          error: SEND_TEXTS.sendRunning,
          retryAfterSeconds: Math.ceil(limit - runningFor),
        };
      // The process that sent it died before the answer was recorded: in doubt.
      return inDoubt(deps, attempt, now);
    }
    case 'in_doubt':
      return inDoubt(deps, attempt, now);
  }
}

async function inDoubt(
  deps: Pick<TDeps, 'db'>,
  attempt: TChannelSendAttempt,
  now: Date,
): Promise<TSendResult> {
  const waited = secondsSince(attempt.startedAt, now);
  if (waited < IN_DOUBT_WINDOW_SECONDS) {
    return {
      status: 'retry',
      error: `Waiting for the provider to confirm: ${attempt.error ?? 'no answer'}`,
      retryAfterSeconds: Math.ceil(IN_DOUBT_WINDOW_SECONDS - waited),
    };
  }
  await settleSendAttempt(deps.db, attempt.idempotencyKey, { state: 'abandoned' });
  return { status: 'failed', error: SEND_TEXTS.notConfirmed };
}

/**
 * Sends through `call` at most once per idempotency key: see the module comment. `call` must not
 * throw; whatever it throws is taken as "in doubt".
 */
export async function sendOnce(
  deps: Pick<TDeps, 'db' | 'now' | 'config' | 'log'>,
  attempt: { channel: TMessagingChannel; message: TRequestMessage; phoneE164: string },
  call: () => Promise<TProviderOutcome>,
): Promise<TSendResult> {
  const key = attempt.message.idempotencyKey;
  const existing = await findSendAttempt(deps.db, key);
  if (existing) {
    const answer = await answerFromAttempt(deps, existing);
    if (answer) return answer;
  }
  const claimed = await claimSendAttempt(deps.db, {
    idempotencyKey: key,
    channel: attempt.channel,
    ownerId: attempt.message.ownerId,
    deliveryId: attempt.message.deliveryId,
    recipientHash: recipientHash(attempt.phoneE164),
  });
  if (!claimed) {
    const now = await findSendAttempt(deps.db, key);
    return (
      (now && (await answerFromAttempt(deps, now))) ?? {
        status: 'retry',
        error: SEND_TEXTS.sendRunning,
        retryAfterSeconds: 5,
      }
    );
  }

  let outcome: TProviderOutcome;
  try {
    outcome = await call();
  } catch (error) {
    outcome = { kind: 'in-doubt', error: error instanceof Error ? error.message : 'send failed' };
  }
  const log = {
    channel: attempt.channel,
    deliveryId: attempt.message.deliveryId,
    ownerId: attempt.message.ownerId,
  };
  switch (outcome.kind) {
    case 'accepted':
      await settleSendAttempt(deps.db, key, {
        state: 'accepted',
        providerMessageId: outcome.providerMessageId,
      });
      deps.log.info({ ...log, providerMessageId: outcome.providerMessageId }, 'request message accepted');
      return { status: 'sent', providerMessageId: outcome.providerMessageId };
    case 'refused':
      await settleSendAttempt(deps.db, key, {
        state: outcome.retry ? 'not_sent' : 'failed',
        error: outcome.error,
      });
      deps.log.warn({ ...log, error: outcome.error, retry: outcome.retry }, 'request message refused');
      return outcome.retry
        ? {
            status: 'retry',
            error: outcome.error,
            ...(outcome.retryAfterSeconds !== undefined
              ? { retryAfterSeconds: outcome.retryAfterSeconds }
              : {}),
          }
        : { status: 'failed', error: outcome.error };
    case 'in-doubt':
      await settleSendAttempt(deps.db, key, { state: 'in_doubt', error: outcome.error });
      deps.log.warn(
        { ...log, error: outcome.error },
        'request message in doubt: waiting for the provider report',
      );
      return {
        status: 'retry',
        error: `Waiting for the provider to confirm: ${outcome.error}`,
        retryAfterSeconds: IN_DOUBT_WINDOW_SECONDS,
      };
  }
}
