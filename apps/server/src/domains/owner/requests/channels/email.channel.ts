import type { TDeps } from '../../../../context.ts';
import { requestUnsubscribeToken } from '../../../../mail/unsubscribe-tokens.ts';
import type { TRequestChannel, TRequestMessage } from './channel.types.ts';

/** The outbox category of review request mails (the mailer reports their outcome back). */
export const REQUEST_MAIL_CATEGORY = 'review-request';
/** Email's "provider message id": the outbox row. */
export const outboxMessageId = (mailId: number) => `outbox:${mailId}`;
export const outboxIdOf = (providerMessageId: string): number | undefined => {
  const match = /^outbox:(\d+)$/.exec(providerMessageId);
  return match ? Number(match[1]) : undefined;
};

/** The link that stops this business's review requests to the customer (page, then a button). */
export function requestUnsubscribeUrl(deps: Pick<TDeps, 'config'>, requestId: number): string {
  return `${deps.config.appUrl}/api/unsubscribe?token=${requestUnsubscribeToken(deps.config.tokenSecret, requestId)}`;
}

export function requestMail(deps: Pick<TDeps, 'config'>, message: TRequestMessage) {
  const business = message.businessName;
  const greeting = message.contact.name ? `Hello ${message.contact.name},` : 'Hello,';
  const unsubscribe = requestUnsubscribeUrl(deps, message.requestId);
  const reminder = message.purpose === 'reminder';
  const subject = reminder ? `A quick reminder from ${business}` : `${business} would love your feedback`;
  const text = [
    greeting,
    '',
    reminder
      ? `A few days ago ${business} asked how your visit went. If you have a moment, your rating helps them a lot:`
      : `Thank you for choosing ${business}. How was your visit? Rating it takes ten seconds:`,
    message.link,
    '',
    'Thank you!',
    business,
    '',
    '--',
    `You got this email because you are a customer of ${business}.`,
    `To stop review requests from ${business}: ${unsubscribe}`,
    // The notice (issue 35, DPDP Act): who keeps what, why, for how long, how to withdraw or erase.
    `${business} keeps your name, number or email only to ask about your visits, until you withdraw or ask for erasure; StarLoop stores it for them. See or erase your data: ${deps.config.appUrl}/my-data`,
  ].join('\n');
  return {
    subject,
    text,
    headers: {
      // RFC 2369 and RFC 8058: mail clients offer their own one-click unsubscribe (a POST to it).
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Email through the platform's mailer: the mail is recorded in the outbox under the delivery's
 * idempotency key (a retry finds it instead of recording a second one) and the mail worker
 * delivers it with its own retries. Recorded counts as sent; the mail worker's outcome comes back
 * as delivered or failed (delivery-events.service.ts, onRequestMailOutcome). Without SMTP the mail stays
 * in the outbox, which also counts as sent.
 */
export const emailChannel: TRequestChannel = {
  name: 'email',
  available: (_settings, contact) => Boolean(contact.email),
  async send(deps, _settings, message) {
    const to = message.contact.email;
    if (!to) return { status: 'failed', error: 'The customer has no email address' };
    const mail = requestMail(deps, message);
    const result = await deps.mailer.queue({
      to,
      ...mail,
      category: REQUEST_MAIL_CATEGORY,
      idempotencyKey: message.idempotencyKey,
    });
    if (result.status === 'suppressed' || result.id === null) {
      return { status: 'failed', error: 'The address unsubscribed from all StarLoop mail' };
    }
    return { status: 'sent', providerMessageId: outboxMessageId(result.id) };
  },
};
