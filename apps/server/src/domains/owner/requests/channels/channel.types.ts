import type { TDeps } from '../../../../context.ts';

/**
 * One interface for every way a review request reaches a customer. The requests service picks a
 * channel per request (what the contact has, the owner's order of preference, consent), records a
 * delivery row with an idempotency key, and a pg-boss job calls `send`; provider webhooks report
 * back through `recordDeliveryEvent` (delivery-events.service.ts) and `optOutContact`
 * (opt-out.service.ts).
 */
export type TChannelName = 'whatsapp' | 'sms' | 'email';

export interface TRequestMessage {
  /** The delivery row (one per request and channel); the idempotency key is derived from it. */
  deliveryId: number;
  requestId: number;
  /** Stable per request and channel: a provider that supports one gets it, so a retry after a timeout never sends twice. */
  idempotencyKey: string;
  ownerId: number;
  businessName: string;
  /** `consent`: the contact's consent as stored when the message is sent (adapters refuse false). */
  contact: { name: string | null; phoneE164: string | null; email: string | null; consent?: boolean };
  /** The request's own short link: `${APP_URL}/r/{token}`. */
  link: string;
  /** The page language for the message (en, hi, …). */
  language: string;
  /**
   * 'reminder' for the one reminder of a campaign (its own delivery row and idempotency key, same
   * link); adapters may use another template for it or ignore it.
   */
  purpose?: 'initial' | 'reminder';
}

export type TSendResult =
  /** Accepted by the provider; statuses arrive later by webhook (WhatsApp, SMS) or never (email). */
  | { status: 'sent'; providerMessageId: string }
  /** Not now (outage, 429, 5xx, timeout): the job retries with backoff; nothing was sent. */
  | { status: 'retry'; error: string; retryAfterSeconds?: number }
  /** Never (invalid number, template refused, not configured): recorded, not retried. */
  | { status: 'failed'; error: string };

/** What the owner configured for a channel (settings read by the service; secrets decrypted). */
export type TChannelSettings = Record<string, string | null>;

export interface TRequestChannel {
  readonly name: TChannelName;
  /** Whether this owner can use the channel for this contact (configured, contact reachable on it). */
  available(settings: TChannelSettings | undefined, contact: TRequestMessage['contact']): boolean;
  send(deps: TDeps, settings: TChannelSettings | undefined, message: TRequestMessage): Promise<TSendResult>;
  /**
   * Reads this owner's settings for the channel (from the adapter's own storage, secrets
   * decrypted); the registry passes the answer to `available` and `send`. Without it, both get
   * `undefined`. Called outside any transaction.
   */
  settings?(deps: TDeps, ownerId: number): Promise<TChannelSettings | undefined>;
}

/* Delivery events for a provider message id no delivery knows are logged and ignored. */

/** A status a provider reported for a message it accepted. */
export interface TDeliveryEvent {
  channel: TChannelName;
  providerMessageId: string;
  status: 'delivered' | 'read' | 'failed';
  at: Date;
  error?: string;
}
